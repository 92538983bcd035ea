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
     * {@code *} (no precondition beyond existence).
     */
    public static Long requiredVersion(String ifMatch) {
        if (ifMatch == null || ifMatch.isBlank() || ifMatch.trim().equals("*")) {
            return null;
        }
        String value = ifMatch.trim();
        if (value.startsWith("W/")) {
            value = value.substring(2);
        }
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
            value = value.substring(1, value.length() - 1);
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw ProblemException.badRequest("If-Match", "must be an ETag this service issued, e.g. \"3\"");
        }
    }
}
