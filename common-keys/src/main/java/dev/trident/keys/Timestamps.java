package dev.trident.keys;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/**
 * The one spelling of a point in time, in items, keys and answers: ISO 8601 in UTC with exactly three fractional
 * digits ({@code 2026-05-01T10:15:30.000Z}). Fixed width, so that text order is time order wherever a timestamp
 * is part of a sort key; {@code Instant.toString()} drops trailing zeros and does not sort.
 */
public final class Timestamps {

    private static final DateTimeFormatter MILLIS =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private Timestamps() {
    }

    public static String format(Instant instant) {
        return MILLIS.format(instant);
    }

    /** The instant a fixed-width timestamp names; {@link DateTimeParseException} for any other text. */
    public static Instant parseFixedWidth(String text) {
        return Instant.from(MILLIS.parse(text));
    }
}
