package dev.trident.keys;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Reads any key of the table (and the index keys each entity type carries) back into its entity type and named
 * parts, with the domain parsers of {@link SocialKeys}, {@link EnrollmentKeys} and {@link WorkspaceKeys}: the one
 * place where a tool that shows the table (the explorer) learns what a key means. A key no entity type can make is
 * an {@link InvalidKeyException}.
 */
public final class KeyDecoder {

    /** Part names: the id fields of the key grammar. */
    public static final String USER_ID = "userId";
    public static final String HANDLE = "handle";
    public static final String POST_ID = "postId";
    public static final String COMMENT_ID = "commentId";
    public static final String MONTH = "month";
    public static final String STUDENT_ID = "studentId";
    public static final String COURSE_ID = "courseId";
    public static final String TERM = "term";
    public static final String WORKSPACE_ID = "wsId";
    public static final String SHARD = "shard";
    public static final String PROJECT_ID = "projectId";
    public static final String YEAR = "year";
    public static final String STATUS = "status";
    public static final String STATUS_SHARD = "statusShard";
    public static final String CATALOGUE_SHARD = "catalogueShard";
    public static final String CREATED_AT = "createdAt";
    public static final String RECORD_HASH = "recordHash";
    public static final String SERVICE = "service";
    public static final String KIND = "kind";
    public static final String TASK_ID = "taskId";

    private static final int SHA256_HEX_LENGTH = 64;

    private KeyDecoder() {
    }

    /** The entity type and parts of a table key; a key no entity type makes is an {@link InvalidKeyException}. */
    public static DecodedKey decode(ItemKey key) {
        EntityType type = EntityType.classify(key)
                .orElseThrow(() -> new InvalidKeyException("key", "no entity type has the key " + key.pk() + " / "
                        + key.sk()));
        Map<String, String> parts = new LinkedHashMap<>();
        switch (type) {
            case USER_PROFILE -> parts.put(USER_ID, SocialKeys.parseUserPk(key.pk()));
            case HANDLE_CLAIM -> parts.put(HANDLE, SocialKeys.parseHandlePk(key.pk()));
            case POST -> {
                parts.put(USER_ID, SocialKeys.parseUserPk(key.pk()));
                parts.put(POST_ID, SocialKeys.parsePostSk(key.sk()));
            }
            case POST_DELETION -> {
                parts.put(USER_ID, SocialKeys.parseUserPk(key.pk()));
                parts.put(POST_ID, SocialKeys.parsePostDeletionSk(key.sk()));
            }
            case MONTHLY_STATS -> {
                parts.put(USER_ID, SocialKeys.parseUserPk(key.pk()));
                parts.put(MONTH, SocialKeys.parseStatsSk(key.sk()));
            }
            case COMMENT -> {
                parts.put(POST_ID, SocialKeys.parseCommentPk(key.pk()));
                parts.put(COMMENT_ID, SocialKeys.parseCommentSk(key.sk()));
            }
            case TIMELINE_MONTH -> {
                Keys.requireEquals("pk", key.pk(), SocialKeys.TIMELINE_MONTHS_PARTITION);
                parts.put(MONTH, SocialKeys.parseTimelineMonthSk(key.sk()));
            }
            case STUDENT -> parts.put(STUDENT_ID, EnrollmentKeys.parseStudentPk(key.pk()));
            case COURSE -> parts.put(COURSE_ID, EnrollmentKeys.parseCoursePk(key.pk()));
            case ENROLLMENT -> {
                parts.put(STUDENT_ID, EnrollmentKeys.parseStudentPk(key.pk()));
                parts.put(COURSE_ID, EnrollmentKeys.parseEnrollmentSk(key.sk()));
            }
            case WORKSPACE -> parts.put(WORKSPACE_ID, WorkspaceKeys.parseWorkspacePk(key.pk()));
            case MEMBER -> {
                parts.put(WORKSPACE_ID, WorkspaceKeys.parseWorkspacePk(key.pk()));
                parts.put(USER_ID, WorkspaceKeys.parseMemberSk(key.sk()));
            }
            case PROJECT -> {
                WorkspaceKeys.ProjectPartition partition = WorkspaceKeys.parseProjectPartition(key.pk());
                parts.put(WORKSPACE_ID, partition.wsId());
                partition.shard().ifPresent(shard -> parts.put(SHARD, Integer.toString(shard)));
                parts.put(PROJECT_ID, WorkspaceKeys.parseProjectSk(key.sk()).toString());
            }
            case PROJECT_SEQUENCE -> {
                parts.put(WORKSPACE_ID, WorkspaceKeys.parseWorkspacePk(key.pk()));
                parts.put(YEAR, Integer.toString(WorkspaceKeys.parseSequenceSk(key.sk())));
            }
            case IDEMPOTENCY -> parts.put(RECORD_HASH, recordHash(key.pk()));
            case WORK_ITEM -> {
                WorkKeys.WorkPartition partition = WorkKeys.parsePartition(key.pk());
                parts.put(SERVICE, partition.service());
                partition.shard().ifPresent(shard -> parts.put(SHARD, Integer.toString(shard)));
                WorkKeys.Task task = WorkKeys.parseTaskSk(key.sk());
                parts.put(KIND, task.kind());
                parts.put(TASK_ID, task.id());
            }
            // An entity type added later reads as its type with the key's remainders until it gets its own case.
            default -> {
                parts.put("pk", Keys.rest("pk", key.pk(), type.pkPrefix()));
                parts.put("sk", key.sk());
            }
        }
        return new DecodedKey(type, parts);
    }

    /** {@link #decode(ItemKey)} of an item's PK and SK, empty when the item has none or no entity type makes them. */
    public static Optional<DecodedKey> tryDecode(String pk, String sk) {
        if (pk == null || sk == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(decode(new ItemKey(pk, sk)));
        } catch (InvalidKeyException e) {
            return Optional.empty();
        }
    }

    /**
     * The parts of an index key that an item of {@code type} carries (GSI1: a profile's handle, a course, an
     * enrolment's course and student, a member edge's user and workspace; GSI2: a post's month and shard, a course's
     * term and catalogue shard, an enrolment's student and term, a project's status partition). Empty when this type
     * has no such index key in the grammar, or the key is not one it makes.
     */
    public static Optional<Map<String, String>> decodeIndex(EntityType type, IndexKey key) {
        Map<String, String> parts = new LinkedHashMap<>();
        try {
            boolean gsi1 = TableSchema.GSI1.equals(key.indexName());
            switch (type) {
                case USER_PROFILE -> {
                    if (!gsi1) {
                        return Optional.empty();
                    }
                    parts.put(HANDLE, SocialKeys.parseHandlePk(key.pk()));
                    Keys.requireEquals("sk", key.sk(), SocialKeys.PROFILE);
                }
                case COURSE -> {
                    if (gsi1) {
                        parts.put(COURSE_ID, EnrollmentKeys.parseCoursePk(key.pk()));
                        Keys.requireEquals("sk", key.sk(), EnrollmentKeys.METADATA);
                    } else {
                        EnrollmentKeys.TermShard termShard = EnrollmentKeys.parseTermPk(key.pk());
                        parts.put(TERM, termShard.term());
                        parts.put(CATALOGUE_SHARD, Integer.toString(termShard.shard()));
                        parts.put(COURSE_ID, EnrollmentKeys.parseTermSk(key.sk()));
                    }
                }
                case ENROLLMENT -> {
                    if (gsi1) {
                        parts.put(COURSE_ID, EnrollmentKeys.parseCoursePk(key.pk()));
                        parts.put(STUDENT_ID, EnrollmentKeys.parseRosterSk(key.sk()));
                    } else {
                        EnrollmentKeys.StudentTerm studentTerm = EnrollmentKeys.parseStudentTermPk(key.pk());
                        parts.put(STUDENT_ID, studentTerm.studentId());
                        parts.put(TERM, studentTerm.term());
                        parts.put(COURSE_ID, EnrollmentKeys.parseStudentTermSk(key.sk()));
                    }
                }
                case MEMBER -> {
                    if (!gsi1) {
                        return Optional.empty();
                    }
                    parts.put(USER_ID, WorkspaceKeys.parseMemberIndexPk(key.pk()));
                    parts.put(WORKSPACE_ID, WorkspaceKeys.parseMemberIndexSk(key.sk()));
                }
                case POST -> {
                    if (gsi1) {
                        return Optional.empty();
                    }
                    SocialKeys.TimelinePartition partition = SocialKeys.parseTimelinePk(key.pk());
                    parts.put(MONTH, partition.month());
                    partition.shard().ifPresent(shard -> parts.put(SHARD, Integer.toString(shard)));
                    parts.put(POST_ID, SocialKeys.parseTimelineSk(key.sk()));
                }
                case PROJECT -> {
                    if (gsi1) {
                        return Optional.empty();
                    }
                    WorkspaceKeys.StatusPartition partition = WorkspaceKeys.parseProjectStatusPk(key.pk());
                    WorkspaceKeys.StatusEntry entry = WorkspaceKeys.parseProjectStatusSk(key.sk());
                    parts.put(STATUS, partition.status().name());
                    parts.put(STATUS_SHARD, Integer.toString(partition.n()));
                    parts.put(CREATED_AT, Timestamps.format(entry.createdAt()));
                    parts.put(WORKSPACE_ID, entry.wsId());
                    parts.put(PROJECT_ID, entry.projectId().toString());
                }
                default -> {
                    return Optional.empty();
                }
            }
        } catch (InvalidKeyException e) {
            return Optional.empty();
        }
        return Optional.of(parts);
    }

    private static String recordHash(String pk) {
        String hash = Keys.rest("recordHash", pk, EntityType.IDEMPOTENCY.pkPrefix());
        if (hash.length() != SHA256_HEX_LENGTH || !hash.chars().allMatch(c -> Character.digit(c, 16) >= 0
                && !Character.isUpperCase(c))) {
            throw new InvalidKeyException("recordHash", "is not a SHA-256 in lower-case hex");
        }
        return hash;
    }
}
