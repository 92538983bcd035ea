package dev.trident.keys;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A project id {@code YYYY-NNNN}: the year and a per-workspace, per-year sequence (1..999999).
 * In sort keys the sequence is zero-padded to 6 digits so that key order equals numeric order.
 */
public record ProjectId(int year, int seq) implements Comparable<ProjectId> {
    public static final int MAX_SEQ = 999_999;
    private static final Pattern TEXT = Pattern.compile("(\\d{4})-(\\d{4,6})");
    private static final Pattern SORT_PART = Pattern.compile("(\\d{4})-(\\d{6})");

    public ProjectId {
        if (year < 1000 || year > 9999) {
            throw new InvalidKeyException("projectId", "year must have 4 digits");
        }
        if (seq < 1 || seq > MAX_SEQ) {
            throw new InvalidKeyException("projectId", "sequence must be between 1 and " + MAX_SEQ);
        }
    }

    /** Parses the public form; only the canonical spelling is accepted, so one project has one id. */
    public static ProjectId parse(String text) {
        Matcher m = text == null ? null : TEXT.matcher(text);
        if (m == null || !m.matches()) {
            throw new InvalidKeyException("projectId", "must look like YYYY-NNNN");
        }
        ProjectId id = new ProjectId(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        if (!id.toString().equals(text)) {
            throw new InvalidKeyException("projectId", "must look like YYYY-NNNN without extra leading zeros");
        }
        return id;
    }

    /** Parses the fixed-width form used in sort keys ({@code 2026-000042}). */
    public static ProjectId fromSortKeyPart(String part) {
        Matcher m = part == null ? null : SORT_PART.matcher(part);
        if (m == null || !m.matches()) {
            throw new InvalidKeyException("projectId", "sort key part must look like YYYY-NNNNNN");
        }
        return new ProjectId(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
    }

    public String sortKeyPart() {
        return year + "-" + Keys.zeroPad(seq, 6);
    }

    @Override
    public String toString() {
        return year + "-" + Keys.zeroPad(seq, 4);
    }

    @Override
    public int compareTo(ProjectId o) {
        return year != o.year ? Integer.compare(year, o.year) : Integer.compare(seq, o.seq);
    }
}
