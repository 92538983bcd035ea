package dev.trident.keys;

/** Validation of client-supplied ids before they reach a key. */
public final class Ids {
    /**
     * The grammar, as a regular expression for documents and {@code @Pattern}s; {@link #isValid} checks exactly this.
     */
    public static final String PATTERN_TEXT = "[A-Za-z0-9][A-Za-z0-9._-]{0,63}";
    public static final int MAX_LENGTH = 64;

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
        if (!inAlphabet(value)) {
            return "must start with a letter or digit and contain only letters, digits, '.', '_' or '-'";
        }
        return null;
    }

    public static boolean isValid(String value) {
        return violation(value) == null;
    }

    /**
     * {@link #PATTERN_TEXT} without its length, character by character: every key built checks its ids, and a
     * regular expression's match cost 94 ns against 7 ns for this (benchmarks/README.md, "JMH").
     */
    private static boolean inAlphabet(String value) {
        if (!isAsciiLetterOrDigit(value.charAt(0))) {
            return false;
        }
        for (int i = 1; i < value.length(); i++) {
            char c = value.charAt(i);
            if (!isAsciiLetterOrDigit(c) && c != '.' && c != '_' && c != '-') {
                return false;
            }
        }
        return true;
    }

    private static boolean isAsciiLetterOrDigit(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }
}
