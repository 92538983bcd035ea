package dev.trident.keys;

import java.time.format.DateTimeParseException;

/**
 * The parts keys are made of, each declared once: a part named {@code courseId} holds a course id in every key that
 * has one, so a decoded key's part names mean the same everywhere.
 */
public final class KeyParts {
    public static final KeyPart<String> USER_ID = KeyPart.id("userId");
    /** A handle as its keys spell it: the canonical spelling ({@link SocialKeys#canonicalHandle}). */
    public static final KeyPart<String> HANDLE = KeyPart.id("handle");
    public static final KeyPart<String> POST_ID = KeyPart.id("postId");
    public static final KeyPart<String> COMMENT_ID = KeyPart.id("commentId");
    public static final KeyPart<String> MONTH = KeyPart.month("month");
    public static final KeyPart<String> STUDENT_ID = KeyPart.id("studentId");
    public static final KeyPart<String> COURSE_ID = KeyPart.id("courseId");
    /** A term's code, such as {@code 2026-fall}: an id of the grammar. */
    public static final KeyPart<String> TERM = KeyPart.id("term");
    public static final KeyPart<String> WORKSPACE_ID = KeyPart.id("wsId");
    public static final KeyPart<Integer> SHARD = KeyPart.shard("shard");
    public static final KeyPart<Integer> CATALOGUE_SHARD = KeyPart.shard("catalogueShard");
    public static final KeyPart<Integer> STATUS_SHARD = KeyPart.shard("statusShard");
    /** A project id in a sort key: fixed width ({@code 2026-000042}), so ids sort as numbers; shown short. */
    public static final KeyPart<ProjectId> SORTED_PROJECT_ID =
            KeyPart.of("projectId", ProjectId::fromSortKeyPart, ProjectId::sortKeyPart).shownAs(ProjectId::toString);
    /** A project id as clients write it ({@code 2026-0042}). */
    public static final KeyPart<ProjectId> PROJECT_ID = KeyPart.of("projectId", ProjectId::parse, ProjectId::toString);
    /** A project sequence's year: four digits, the first not 0. */
    public static final KeyPart<Integer> YEAR = KeyPart.of("year", text -> {
        if (text == null || !text.matches("[1-9]\\d{3}")) {
            throw new InvalidKeyException("year", "must have 4 digits");
        }
        return Integer.parseInt(text);
    }, year -> {
        if (year == null || year < 1000 || year > 9999) {
            throw new InvalidKeyException("year", "must have 4 digits");
        }
        return Integer.toString(year);
    });
    public static final KeyPart<ProjectStatus> STATUS =
            KeyPart.of("status", text -> ProjectStatus.parse("status", text), ProjectStatus::name);
    /** An instant at millisecond precision, fixed width, so that keys sort by time. */
    public static final KeyPart<java.time.Instant> CREATED_AT = KeyPart.of("createdAt", text -> {
        try {
            return Timestamps.parseFixedWidth(text);
        } catch (DateTimeParseException e) {
            throw new InvalidKeyException("createdAt", "not a fixed-width UTC timestamp");
        }
    }, Timestamps::format);
    /** The SHA-256 of an idempotency record's caller, route and key, in lower-case hex. */
    public static final KeyPart<String> RECORD_HASH = KeyPart.of("recordHash", text -> {
        if (text == null || text.length() != 64 || !text.chars().allMatch(c -> Character.digit(c, 16) >= 0
                && !Character.isUpperCase(c))) {
            throw new InvalidKeyException("recordHash", "is not a SHA-256 in lower-case hex");
        }
        return text;
    }, text -> text);
    /** A service's name in its pending-work partition (social, enrollment, workspace). */
    public static final KeyPart<String> SERVICE = KeyPart.word("service");
    public static final KeyPart<String> KIND = KeyPart.word("kind");
    public static final KeyPart<String> TASK_ID = KeyPart.id("taskId");

    private KeyParts() {
    }
}
