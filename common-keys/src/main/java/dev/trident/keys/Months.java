package dev.trident.keys;

import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.regex.Pattern;

/** Month partitions, spelled {@code yyyy-mm} in UTC. */
public final class Months {
    private static final Pattern MONTH = Pattern.compile("\\d{4}-(0[1-9]|1[0-2])");

    private Months() {
    }

    public static String of(Instant instant) {
        return format(YearMonth.from(instant.atOffset(ZoneOffset.UTC)));
    }

    /** The month before the given one, e.g. 2026-01 -> 2025-12. */
    public static String previous(String month) {
        return format(toYearMonth("month", month).minusMonths(1));
    }

    /** Returns the month unchanged if it is {@code yyyy-mm} with a real month, else throws. */
    public static String validate(String field, String month) {
        if (month == null || !MONTH.matcher(month).matches()) {
            throw new InvalidKeyException(field, "must be a month yyyy-mm (01..12)");
        }
        return month;
    }

    public static YearMonth toYearMonth(String field, String month) {
        validate(field, month);
        return YearMonth.of(Integer.parseInt(month.substring(0, 4)), Integer.parseInt(month.substring(5)));
    }

    public static String format(YearMonth ym) {
        if (ym.getYear() < 0 || ym.getYear() > 9999) {
            throw new IllegalArgumentException("year out of range: " + ym.getYear());
        }
        return Keys.zeroPad(ym.getYear(), 4) + "-" + Keys.zeroPad(ym.getMonthValue(), 2);
    }
}
