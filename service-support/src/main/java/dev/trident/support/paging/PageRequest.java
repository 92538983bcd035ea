package dev.trident.support.paging;

import dev.trident.support.problem.ProblemException;

/** {@code ?limit=} (1..100, default 20) and {@code ?cursor=}, validated as the client sent them. */
public record PageRequest(int limit, String cursor) {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;

    /** Takes the raw query values so that {@code ?limit=abc} is a 400, not a framework 404. */
    public static PageRequest of(String limit, String cursor) {
        return new PageRequest(parseLimit(limit), cursor == null || cursor.isBlank() ? null : cursor);
    }

    public boolean hasCursor() {
        return cursor != null;
    }

    private static int parseLimit(String raw) {
        if (raw == null || raw.isBlank()) {
            return DEFAULT_LIMIT;
        }
        int value;
        try {
            value = Integer.parseInt(raw.trim());
        } catch (NumberFormatException e) {
            throw ProblemException.badRequest("limit", "must be a whole number from 1 to " + MAX_LIMIT);
        }
        if (value < 1 || value > MAX_LIMIT) {
            throw ProblemException.badRequest("limit", "must be from 1 to " + MAX_LIMIT);
        }
        return value;
    }
}
