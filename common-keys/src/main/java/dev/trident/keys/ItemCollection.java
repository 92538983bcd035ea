package dev.trident.keys;

import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The item collections of the table: every partition of the table or of an index that an access pattern reads,
 * named by what it holds, each declared once: its index, what it holds and its partition key's template, declared
 * with the keys of its entities; the template recognises a partition key value as one of its partitions and, for a
 * collection opened by one id, builds it from the id. So a recorded read (index + partition key) names its
 * collection, and the explorer opens and shows the same collections the services read
 * ({@link dev.trident.keys.pattern.CollectionReads}).
 */
public enum ItemCollection {
    USER(null, "a user's profile, posts, pending post deletions and monthly stats", SocialKeys.USER_PARTITION),
    USER_INVERTED(TableSchema.GSI1, "a user's edges seen from the user: the workspaces they belong to (member edges)"
            + " and the comments they wrote", WorkspaceKeys.USER_WORKSPACES),
    HANDLE(null, "the claim that keeps a handle unique", SocialKeys.HANDLE_PARTITION, SocialKeys::canonicalHandle),
    HANDLE_PROFILE(TableSchema.GSI1, "the profile that holds a handle", SocialKeys.HANDLE_PARTITION,
            SocialKeys::canonicalHandle),
    POST_COMMENTS(null, "a post's comments", SocialKeys.COMMENT_PARTITION),
    TIMELINE_MONTHS(null, "the months that hold posts", SocialKeys.TIMELINE_MONTHS),
    TIMELINE(TableSchema.GSI2, "one write shard of the posts of one month", SocialKeys.TIMELINE),
    STUDENT(null, "a student's profile and enrolments", EnrollmentKeys.STUDENT_PARTITION),
    COURSE(null, "a course's metadata", EnrollmentKeys.COURSE_PARTITION),
    COURSE_ROSTER(TableSchema.GSI1, "a course's metadata and roster (enrolment edges, inverted)",
            EnrollmentKeys.COURSE_PARTITION),
    COURSES_BY_TERM(TableSchema.GSI2, "one write shard of a term's catalogue, by course id",
            EnrollmentKeys.TERM_CATALOGUE),
    STUDENT_TERM(TableSchema.GSI2, "a student's enrolments in one term, by course id", EnrollmentKeys.STUDENT_TERM),
    WORKSPACE(null, "a workspace's settings, members, project sequences and, unsharded, its projects",
            WorkspaceKeys.WORKSPACE_PARTITION),
    WORKSPACE_SHARD(null, "one shard of a sharded workspace's projects", WorkspaceKeys.SHARDED_PROJECT_PARTITION),
    WORKSPACE_PROJECTS_BY_STATUS(TableSchema.GSI1, "one workspace shard's projects of one status",
            WorkspaceKeys.WORKSPACE_STATUS),
    PROJECTS_BY_STATUS(TableSchema.GSI2, "one write shard of the projects of a status, across workspaces",
            WorkspaceKeys.PROJECT_STATUS),
    IDEMPOTENCY(null, "the stored answer of one create sent with an Idempotency-Key", IdempotencyKeys.RECORD_PARTITION,
            null),
    ERASURE(null, "the record of one account's erasure: its progress per service", ErasureKeys.RECORD_PARTITION,
            null),
    PENDING_WORK(null, "one shard of one service's pending work (deletions, erasure parts), claimed by lease",
            WorkKeys.WORK_PARTITION);

    private final String indexName;
    private final String description;
    private final KeyTemplate partitionKey;
    private final UnaryOperator<String> idSpelling;

    ItemCollection(String indexName, String description, KeyTemplate partitionKey) {
        this(indexName, description, partitionKey, partitionKey.isSinglePart() ? UnaryOperator.identity() : null);
    }

    /**
     * {@code idSpelling}: how an id a reader types is spelled in the key (a handle in its canonical spelling); null
     * for a collection no reader opens by its one id (a hash, a record read by its owner).
     */
    ItemCollection(String indexName, String description, KeyTemplate partitionKey, UnaryOperator<String> idSpelling) {
        this.indexName = indexName;
        this.description = description;
        this.partitionKey = partitionKey;
        this.idSpelling = idSpelling;
    }

    /** The index this collection is a partition of; null for the table itself. */
    public String indexName() {
        return indexName;
    }

    public String description() {
        return description;
    }

    /** The spelling of this collection's partition keys, declared with its entities' keys. */
    public KeyTemplate partitionKey() {
        return partitionKey;
    }

    /** Whether one id names a partition of this collection ({@link #partition}). */
    public boolean openedById() {
        return idSpelling != null;
    }

    /**
     * The partition key value of this collection for one id (an id outside the grammar is an
     * {@link InvalidKeyException}).
     */
    public String partition(String id) {
        if (!openedById()) {
            throw new IllegalStateException(this + " is not opened by one id");
        }
        return partitionKey.build(idSpelling.apply(id));
    }

    /**
     * The collection a partition key value of the table ({@code indexName} null) or of an index belongs to; empty
     * when no access pattern of the grammar reads such a partition. The templates of different collections of one
     * index spell disjoint keys, so the first that matches is the only one.
     */
    public static Optional<ItemCollection> classify(String indexName, String partition) {
        if (partition == null) {
            return Optional.empty();
        }
        for (ItemCollection collection : values()) {
            if (Objects.equals(indexName, collection.indexName) && collection.partitionKey.matches(partition)) {
                return Optional.of(collection);
            }
        }
        return Optional.empty();
    }
}
