package dev.trident.keys;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * The item collections of the table: every partition of the table or of an index that an access pattern reads,
 * named by what it holds, each declared once: its index, what it holds, how a partition key value is recognised as
 * one of its partitions (the domain parser of that key, never a prefix test by hand) and, for a collection opened by
 * one id, how its partition key is built from the id. So a recorded read (index + partition key) names its
 * collection, and the explorer opens and shows the same collections the services read
 * ({@link dev.trident.keys.pattern.CollectionReads}).
 */
public enum ItemCollection {
    USER(null, "a user's profile, posts, pending post deletions and monthly stats",
            SocialKeys::parseUserPk, SocialKeys::userPartition),
    USER_INVERTED(TableSchema.GSI1, "a user's edges seen from the user: the workspaces they belong to (member edges)"
            + " and the comments they wrote",
            WorkspaceKeys::parseMemberIndexPk, WorkspaceKeys::userWorkspacesPartition),
    HANDLE(null, "the claim that keeps a handle unique",
            SocialKeys::parseHandlePk, handle -> SocialKeys.handlePartition(SocialKeys.canonicalHandle(handle))),
    HANDLE_PROFILE(TableSchema.GSI1, "the profile that holds a handle",
            SocialKeys::parseHandlePk, handle -> SocialKeys.userByHandle(SocialKeys.canonicalHandle(handle)).pk()),
    POST_COMMENTS(null, "a post's comments", SocialKeys::parseCommentPk, SocialKeys::commentPartition),
    TIMELINE_MONTHS(null, "the months that hold posts",
            SocialKeys.TIMELINE_MONTHS_PARTITION::equals, null),
    TIMELINE(TableSchema.GSI2, "one write shard of the posts of one month", SocialKeys::parseTimelinePk, null),
    STUDENT(null, "a student's profile and enrolments", EnrollmentKeys::parseStudentPk,
            EnrollmentKeys::studentPartition),
    COURSE(null, "a course's metadata", EnrollmentKeys::parseCoursePk, EnrollmentKeys::coursePartition),
    COURSE_ROSTER(TableSchema.GSI1, "a course's metadata and roster (enrolment edges, inverted)",
            EnrollmentKeys::parseCoursePk, EnrollmentKeys::coursePartition),
    COURSES_BY_TERM(TableSchema.GSI2, "one write shard of a term's catalogue, by course id",
            EnrollmentKeys::parseTermPk, null),
    STUDENT_TERM(TableSchema.GSI2, "a student's enrolments in one term, by course id",
            EnrollmentKeys::parseStudentTermPk, null),
    WORKSPACE(null, "a workspace's settings, members, project sequences and, unsharded, its projects",
            pk -> WorkspaceKeys.parseProjectPartition(pk).shard().isEmpty(), WorkspaceKeys::workspacePartition),
    WORKSPACE_SHARD(null, "one shard of a sharded workspace's projects",
            pk -> WorkspaceKeys.parseProjectPartition(pk).shard().isPresent(), null),
    WORKSPACE_PROJECTS_BY_STATUS(TableSchema.GSI1, "one workspace shard's projects of one status",
            WorkspaceKeys::parseWorkspaceStatusPk, null),
    PROJECTS_BY_STATUS(TableSchema.GSI2, "one write shard of the projects of a status, across workspaces",
            WorkspaceKeys::parseProjectStatusPk, null),
    IDEMPOTENCY(null, "the stored answer of one create sent with an Idempotency-Key",
            pk -> KeyDecoder.decode(new ItemKey(pk, IdempotencyKeys.RECORD)), null),
    ERASURE(null, "the record of one account's erasure: its progress per service", ErasureKeys::parseRecordPk, null),
    PENDING_WORK(null, "one shard of one service's pending work (deletions, erasure parts), claimed by lease",
            WorkKeys::parseWorkPartition, null);

    private final String indexName;
    private final String description;
    private final Function<String, Object> recognise;
    private final UnaryOperator<String> partitionOfId;

    /**
     * {@code recognise} parses a partition key value of {@code indexName} (an InvalidKeyException, or false, when it
     * is not one of this collection's); {@code partitionOfId} builds the partition of one id, null where no single id
     * names a partition.
     */
    ItemCollection(String indexName, String description, Function<String, Object> recognise,
            UnaryOperator<String> partitionOfId) {
        this.indexName = indexName;
        this.description = description;
        this.recognise = recognise;
        this.partitionOfId = partitionOfId;
    }

    /** The index this collection is a partition of; null for the table itself. */
    public String indexName() {
        return indexName;
    }

    public String description() {
        return description;
    }

    /** Whether one id names a partition of this collection ({@link #partition}). */
    public boolean openedById() {
        return partitionOfId != null;
    }

    /**
     * The partition key value of this collection for one id, built by the domain's key builder (an id outside the
     * grammar is an {@link InvalidKeyException}).
     */
    public String partition(String id) {
        if (partitionOfId == null) {
            throw new IllegalStateException(this + " is not opened by one id");
        }
        return partitionOfId.apply(id);
    }

    /**
     * The collection a partition key value of the table ({@code indexName} null) or of an index belongs to; empty
     * when no access pattern of the grammar reads such a partition. The parsers of different collections of one
     * index accept disjoint keys, so the first that accepts is the only one.
     */
    public static Optional<ItemCollection> classify(String indexName, String partition) {
        if (partition == null) {
            return Optional.empty();
        }
        for (ItemCollection collection : values()) {
            if (Objects.equals(indexName, collection.indexName) && collection.holds(partition)) {
                return Optional.of(collection);
            }
        }
        return Optional.empty();
    }

    private boolean holds(String partition) {
        try {
            return !Boolean.FALSE.equals(recognise.apply(partition));
        } catch (InvalidKeyException notThisOne) {
            return false;
        }
    }
}
