package dev.trident.support.http;

import dev.trident.support.problem.ProblemException;

/** Strong ETags from an item's {@code version}, and the If-Match precondition they answer. */
public final class ETags {

    private ETags() {
    }

    public static String of(long version) {
        return "\"" + version + "\"";
    }

    /**
     * The version an {@code If-Match} header requires, or null when the header is absent or
     * {@code *} (no precondition beyond existence). If-Match uses the strong comparison (RFC 9110, 13.1.1): a weak
     * tag ({@code W/"3"}) never matches, so it is a 412 whatever the item's version, decided here before anything is
     * read or written.
     */
    public static Long requiredVersion(String ifMatch) {
        if (ifMatch == null || ifMatch.isBlank() || ifMatch.trim().equals("*")) {
            return null;
        }
        String value = ifMatch.trim();
        boolean weak = value.startsWith("W/");
        if (weak) {
            value = value.substring(2);
        }
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
            value = value.substring(1, value.length() - 1);
        }
        long version;
        try {
            version = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw ProblemException.badRequest("If-Match", "must be an ETag this service issued, e.g. \"3\"");
        }
        if (weak) {
            throw ProblemException.preconditionFailed("If-Match W/\"" + version + "\" is a weak entity tag, which "
                    + "never matches (If-Match uses the strong comparison); send the ETag as issued, e.g. \""
                    + version + "\"");
        }
        return version;
    }
}
