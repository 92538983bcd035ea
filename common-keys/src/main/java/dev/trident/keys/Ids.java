package dev.trident.keys;

import java.util.regex.Pattern;

/** Validation of client-supplied ids before they reach a key. */
public final class Ids {
    public static final String PATTERN_TEXT = "[A-Za-z0-9][A-Za-z0-9._-]{0,63}";
    public static final int MAX_LENGTH = 64;
    private static final Pattern PATTERN = Pattern.compile(PATTERN_TEXT);

    private Ids() {
    }

    /** Returns the id unchanged (case preserved) or throws {@link InvalidKeyException} naming the field. */
    public static String require(String field, String value) {
        String violation = violation(value);
        if (violation != null) {
            throw new InvalidKeyException(field, violation);
        }
        return value;
    }

    /** What is wrong with a client-supplied id, in words for the client, or null when it is a valid id. */
    public static String violation(String value) {
        if (value == null || value.isEmpty()) {
            return "is required";
        }
        if (value.length() > MAX_LENGTH) {
            return "must be at most " + MAX_LENGTH + " characters";
        }
        if (!PATTERN.matcher(value).matches()) {
            return "must start with a letter or digit and contain only letters, digits, '.', '_' or '-'";
        }
        return null;
    }

    public static boolean isValid(String value) {
        return value != null && PATTERN.matcher(value).matches();
    }
}
