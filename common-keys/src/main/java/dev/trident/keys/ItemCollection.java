package dev.trident.keys;

import java.util.Optional;

/**
 * The item collections of the table: every partition of the table or of an index that an access pattern reads,
 * named by what it holds. A partition key value is classified with the domain parsers, never by hand, so a
 * recorded read (index + partition key) names its collection, and the explorer shows the same collections the
 * services read ({@link dev.trident.keys.pattern.CollectionReads}).
 */
public enum ItemCollection {
    USER(null, "a user's profile, posts, pending post deletions and monthly stats"),
    USER_INVERTED(TableSchema.GSI1, "a user's edges seen from the user: the workspaces they belong to (member edges)"
            + " and the comments they wrote"),
    HANDLE(null, "the claim that keeps a handle unique"),
    HANDLE_PROFILE(TableSchema.GSI1, "the profile that holds a handle"),
    POST_COMMENTS(null, "a post's comments"),
    TIMELINE_MONTHS(null, "the months that hold posts"),
    TIMELINE(TableSchema.GSI2, "one write shard of the posts of one month"),
    STUDENT(null, "a student's profile and enrolments"),
    COURSE(null, "a course's metadata"),
    COURSE_ROSTER(TableSchema.GSI1, "a course's metadata and roster (enrolment edges, inverted)"),
    COURSES_BY_TERM(TableSchema.GSI2, "one write shard of a term's catalogue, by course id"),
    STUDENT_TERM(TableSchema.GSI2, "a student's enrolments in one term, by course id"),
    WORKSPACE(null, "a workspace's settings, members, project sequences and, unsharded, its projects"),
    WORKSPACE_SHARD(null, "one shard of a sharded workspace's projects"),
    WORKSPACE_PROJECTS_BY_STATUS(TableSchema.GSI1, "one workspace shard's projects of one status"),
    PROJECTS_BY_STATUS(TableSchema.GSI2, "one write shard of the projects of a status, across workspaces"),
    IDEMPOTENCY(null, "the stored answer of one create sent with an Idempotency-Key"),
    ERASURE(null, "the record of one account's erasure: its progress per service"),
    PENDING_WORK(null, "one shard of one service's pending work (deletions, erasure parts), claimed by lease");

    private final String indexName;
    private final String description;

    ItemCollection(String indexName, String description) {
        this.indexName = indexName;
        this.description = description;
    }

    /** The index this collection is a partition of; null for the table itself. */
    public String indexName() {
        return indexName;
    }

    public String description() {
        return description;
    }

    /**
     * The collection a partition key value of the table ({@code indexName} null) or of an index belongs to; empty
     * when no access pattern of the grammar reads such a partition.
     */
    public static Optional<ItemCollection> classify(String indexName, String partition) {
        if (partition == null) {
            return Optional.empty();
        }
        try {
            if (indexName == null) {
                return Optional.ofNullable(tablePartition(partition));
            }
            if (TableSchema.GSI1.equals(indexName)) {
                return Optional.ofNullable(gsi1Partition(partition));
            }
            if (TableSchema.GSI2.equals(indexName)) {
                return Optional.ofNullable(gsi2Partition(partition));
            }
        } catch (InvalidKeyException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    private static ItemCollection tablePartition(String pk) {
        if (pk.equals(SocialKeys.TIMELINE_MONTHS_PARTITION)) {
            return TIMELINE_MONTHS;
        }
        if (pk.startsWith(EntityType.USER_PROFILE.pkPrefix())) {
            SocialKeys.parseUserPk(pk);
            return USER;
        }
        if (pk.startsWith(EntityType.HANDLE_CLAIM.pkPrefix())) {
            SocialKeys.parseHandlePk(pk);
            return HANDLE;
        }
        if (pk.startsWith(EntityType.COMMENT.pkPrefix())) {
            SocialKeys.parseCommentPk(pk);
            return POST_COMMENTS;
        }
        if (pk.startsWith(EntityType.STUDENT.pkPrefix())) {
            EnrollmentKeys.parseStudentPk(pk);
            return STUDENT;
        }
        if (pk.startsWith(EntityType.COURSE.pkPrefix())) {
            EnrollmentKeys.parseCoursePk(pk);
            return COURSE;
        }
        if (pk.startsWith(EntityType.WORKSPACE.pkPrefix())) {
            return WorkspaceKeys.parseProjectPartition(pk).shard().isPresent() ? WORKSPACE_SHARD : WORKSPACE;
        }
        if (pk.startsWith(EntityType.ERASURE.pkPrefix())) {
            ErasureKeys.parseRecordPk(pk);
            return ERASURE;
        }
        if (pk.startsWith(EntityType.WORK_ITEM.pkPrefix())) {
            WorkKeys.parseWorkPartition(pk);
            return PENDING_WORK;
        }
        if (pk.startsWith(EntityType.IDEMPOTENCY.pkPrefix())) {
            KeyDecoder.decode(new ItemKey(pk, IdempotencyKeys.RECORD));
            return IDEMPOTENCY;
        }
        return null;
    }

    private static ItemCollection gsi1Partition(String gsi1pk) {
        if (gsi1pk.startsWith(EntityType.USER_PROFILE.pkPrefix())) {
            WorkspaceKeys.parseMemberIndexPk(gsi1pk);
            return USER_INVERTED;
        }
        if (gsi1pk.startsWith(EntityType.HANDLE_CLAIM.pkPrefix())) {
            SocialKeys.parseHandlePk(gsi1pk);
            return HANDLE_PROFILE;
        }
        if (gsi1pk.startsWith(EntityType.COURSE.pkPrefix())) {
            EnrollmentKeys.parseCoursePk(gsi1pk);
            return COURSE_ROSTER;
        }
        if (gsi1pk.startsWith(EntityType.WORKSPACE.pkPrefix())) {
            WorkspaceKeys.parseWorkspaceStatusPk(gsi1pk);
            return WORKSPACE_PROJECTS_BY_STATUS;
        }
        return null;
    }

    private static ItemCollection gsi2Partition(String gsi2pk) {
        if (gsi2pk.startsWith(EnrollmentKeys.TERM_PREFIX)) {
            EnrollmentKeys.parseTermPk(gsi2pk);
            return COURSES_BY_TERM;
        }
        if (gsi2pk.startsWith(EntityType.STUDENT.pkPrefix())) {
            EnrollmentKeys.parseStudentTermPk(gsi2pk);
            return STUDENT_TERM;
        }
        try {
            SocialKeys.parseTimelinePk(gsi2pk);
            return TIMELINE;
        } catch (InvalidKeyException notATimelineMonth) {
            WorkspaceKeys.parseProjectStatusPk(gsi2pk);
            return PROJECTS_BY_STATUS;
        }
    }
}
