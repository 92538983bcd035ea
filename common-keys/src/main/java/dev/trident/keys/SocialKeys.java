package dev.trident.keys;

import static dev.trident.keys.ErasureKeys.ERASE_ACCOUNT;
import static dev.trident.keys.KeyParts.COMMENT_ID;
import static dev.trident.keys.KeyParts.HANDLE;
import static dev.trident.keys.KeyParts.MONTH;
import static dev.trident.keys.KeyParts.POST_ID;
import static dev.trident.keys.KeyParts.SHARD;
import static dev.trident.keys.KeyParts.USER_ID;
import static dev.trident.keys.WorkKeys.PENDING_WORK_POLL;

import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * The social domain declared once: the keys of profiles, handle claims, posts, pending post deletions, comments,
 * monthly stats, the timeline and its index of months, the item collections they make and social-service's access
 * patterns over them. The declarations come first; the builders and parsers below are derived from them.
 */
public final class SocialKeys {
    /** The key input a post is written with: how many write shards each month of the timeline has. */
    public static final String TIMELINE_SHARDS_INPUT = "timelineShards";
    static final KeyTemplate USER_PARTITION = KeyTemplate.of("USER", USER_ID);
    static final KeyTemplate HANDLE_PARTITION = KeyTemplate.of("HANDLE", HANDLE);
    static final KeyTemplate COMMENT_PARTITION = KeyTemplate.of("POST", POST_ID);
    /** The one partition that lists the months holding posts, one item each ({@code MONTH#<yyyy-mm>}). */
    static final KeyTemplate MONTHS_PARTITION = KeyTemplate.of("TIMELINE", "MONTHS");
    /**
     * One write shard of a month's posts on GSI2; without the shard, the partition every post of a month had before
     * the timeline was sharded (no read queries it; the backfill and the audit find such posts).
     */
    static final KeyTemplate TIMELINE_PARTITION = KeyTemplate.of("TIMELINE", MONTH).optionally(SHARD);
    static final KeyTemplate COMMENT_SK = KeyTemplate.of("COMMENT", COMMENT_ID);

    /** {@code USER#<userId>/PROFILE}, on GSI1 under its handle so a handle finds its profile. */
    static final EntityKeys USER_PROFILE_KEYS = EntityKeys.of(USER_PARTITION, KeyTemplate.of("PROFILE"))
            .index(TableSchema.GSI1, HANDLE_PARTITION, KeyTemplate.of("PROFILE"))
            .partDerived(HANDLE, profile -> canonicalHandle(profile.require(HANDLE.name())));
    /** The item that makes a handle unique. */
    static final EntityKeys HANDLE_CLAIM_KEYS = EntityKeys.of(HANDLE_PARTITION, KeyTemplate.of("HANDLE"));
    /** {@code USER#<userId>/POST#<postId>}, on GSI2 in its month's timeline shard. */
    static final EntityKeys POST_KEYS = EntityKeys.of(USER_PARTITION, KeyTemplate.of("POST", POST_ID))
            .index(TableSchema.GSI2, TIMELINE_PARTITION, KeyTemplate.of(POST_ID))
            .partDerived(MONTH, post -> Months.of(Instant.parse(post.require(TableSchema.CREATED_AT))))
            .partDerived(SHARD, post -> timelineShard(post.require(POST_ID.name()),
                    Integer.parseInt(post.require(TIMELINE_SHARDS_INPUT))));
    /**
     * A comment in its post's partition, on GSI1 under its author's {@code USER#<authorId>}, so an account's comments
     * on other people's posts are found by one Query (erasure), beside its workspaces.
     */
    static final EntityKeys COMMENT_KEYS = EntityKeys.of(COMMENT_PARTITION, COMMENT_SK)
            .index(TableSchema.GSI1, USER_PARTITION, COMMENT_SK)
            .partFrom(USER_ID, "authorId");
    static final EntityKeys MONTHLY_STATS_KEYS = EntityKeys.of(USER_PARTITION, KeyTemplate.of("STATS", MONTH));
    /**
     * A post its owner deleted whose comments may not all be deleted yet: {@code D} sorts below {@code POST#}, so no
     * read of posts ever meets one.
     */
    static final EntityKeys POST_DELETION_KEYS = EntityKeys.of(USER_PARTITION, KeyTemplate.of("DELPOST", POST_ID));
    /** One item per month that has (or had) posts, so the timeline never reads an empty month. */
    static final EntityKeys TIMELINE_MONTH_KEYS = EntityKeys.of(MONTHS_PARTITION, KeyTemplate.of("MONTH", MONTH));

    /**
     * SK of a profile; posts sort below it, stats above, so {@code SK <= PROFILE} descending = profile + newest posts.
     */
    public static final String PROFILE = USER_PROFILE_KEYS.sk().prefix();
    public static final String POSTS_PREFIX = POST_KEYS.sk().prefix();
    public static final String COMMENTS_PREFIX = COMMENT_SK.prefix();
    public static final String STATS_PREFIX = MONTHLY_STATS_KEYS.sk().prefix();
    public static final String POST_DELETIONS_PREFIX = POST_DELETION_KEYS.sk().prefix();
    public static final String TIMELINE_MONTHS_PARTITION = MONTHS_PARTITION.build();
    /**
     * Write shards of each timeline month when nothing says otherwise: a month's posts (and the comment counts that
     * rewrite their index copies) spread over this many GSI2 partitions.
     */
    public static final int DEFAULT_TIMELINE_SHARDS = 16;

    /** A user's profile, posts, pending post deletions and monthly stats. */
    public static final ItemCollection USER_COLLECTION = ItemCollection.of("USER", null,
            "a user's profile, posts, pending post deletions and monthly stats", USER_PARTITION);
    /** A user's partition on GSI1: the comments they wrote here, and their workspaces (member edges). */
    public static final ItemCollection USER_INVERTED_COLLECTION = ItemCollection.of("USER_INVERTED", TableSchema.GSI1,
            "a user's edges seen from the user: the workspaces they belong to (member edges) and the comments they"
                    + " wrote", USER_PARTITION);
    public static final ItemCollection HANDLE_COLLECTION = ItemCollection.of("HANDLE", null,
            "the claim that keeps a handle unique", HANDLE_PARTITION, SocialKeys::canonicalHandle);
    public static final ItemCollection HANDLE_PROFILE_COLLECTION = ItemCollection.of("HANDLE_PROFILE",
            TableSchema.GSI1, "the profile that holds a handle", HANDLE_PARTITION, SocialKeys::canonicalHandle);
    public static final ItemCollection POST_COMMENTS_COLLECTION = ItemCollection.of("POST_COMMENTS", null,
            "a post's comments", COMMENT_PARTITION);
    public static final ItemCollection TIMELINE_MONTHS_COLLECTION = ItemCollection.of("TIMELINE_MONTHS", null,
            "the months that hold posts", MONTHS_PARTITION);
    public static final ItemCollection TIMELINE_COLLECTION = ItemCollection.of("TIMELINE", TableSchema.GSI2,
            "one write shard of the posts of one month", TIMELINE_PARTITION);
    /** The domain's collections, in the order the explorer lists them. */
    public static final List<ItemCollection> COLLECTIONS = List.of(USER_COLLECTION, USER_INVERTED_COLLECTION,
            HANDLE_COLLECTION, HANDLE_PROFILE_COLLECTION, POST_COMMENTS_COLLECTION, TIMELINE_MONTHS_COLLECTION,
            TIMELINE_COLLECTION);

    // The access patterns of social-service.
    public static final String SERVICE = "social-service";

    // users
    /** A user's posts: the include=posts page of GET /users/{userId} and GET /users/{userId}/posts page alike. */
    private static final String POSTS_SCOPE = "social:posts";

    public static final AccessPattern USER_CREATE = AccessPattern.named("user-create");
    public static final AccessPattern USER_PROFILE = AccessPattern.reads("user-profile", USER_COLLECTION)
            .consistent()
            .routes("GET /users/{userId}");
    /** The profile and the newest posts in one Query: posts sort just below the profile. */
    public static final AccessPattern USER_WITH_NEWEST_POSTS =
            AccessPattern.reads("user-with-newest-posts", USER_COLLECTION)
            .newestFirst().consistent().routes("GET /users/{userId}?include=posts").pagedAs(POSTS_SCOPE);
    public static final AccessPattern USER_BY_HANDLE =
            AccessPattern.reads("user-by-handle", HANDLE_PROFILE_COLLECTION)
            .routes("GET /users/by-handle/{handle}");
    public static final AccessPattern USER_UPDATE = AccessPattern.named("user-update");
    public static final AccessPattern USERS_BY_IDS = AccessPattern.reads("users-by-ids", USER_COLLECTION)
            .routes("POST /users/batch-get");
    public static final AccessPattern MONTHLY_STATS = AccessPattern.reads("monthly-stats", USER_COLLECTION)
            .consistent()
            .routes("GET /users/{userId}/stats?month=yyyy-mm");
    // posts
    public static final AccessPattern POST_CREATE = AccessPattern.named("post-create");
    public static final AccessPattern POST = AccessPattern.reads("post", USER_COLLECTION).consistent()
            .routes("GET /users/{userId}/posts/{postId}", "POST /users/{userId}/posts/{postId}/comments",
                    "GET /users/{userId}/posts/{postId}/comments");
    public static final AccessPattern USER_POSTS = AccessPattern.reads("user-posts", USER_COLLECTION)
            .beginsWith(postsPrefix()).newestFirst().routes("GET /users/{userId}/posts")
            .pagedAs(POSTS_SCOPE);
    public static final AccessPattern POST_UPDATE = AccessPattern.named("post-update");
    public static final AccessPattern POST_DELETE = AccessPattern.named("post-delete");
    public static final AccessPattern POST_DELETION_PENDING =
            AccessPattern.reads("post-deletion-pending", USER_COLLECTION)
            .beginsWith(POST_DELETIONS_PREFIX).consistent().routes("DELETE /users/{userId}/posts/{postId}");
    public static final AccessPattern POST_DELETION_FINISH = AccessPattern.named("post-deletion-finish");
    // comments
    public static final AccessPattern COMMENT_CREATE = AccessPattern.named("comment-create");
    public static final AccessPattern POST_COMMENTS = AccessPattern.reads("post-comments", POST_COMMENTS_COLLECTION)
            .beginsWith(commentsPrefix()).routes("GET /users/{userId}/posts/{postId}/comments")
            .pagedAs("social:comments");
    public static final AccessPattern COMMENT = AccessPattern.reads("comment", POST_COMMENTS_COLLECTION)
            .consistent()
            .routes("GET /users/{userId}/posts/{postId}/comments/{commentId}",
                    "PATCH /users/{userId}/posts/{postId}/comments/{commentId}",
                    "DELETE /users/{userId}/posts/{postId}/comments/{commentId}");
    public static final AccessPattern COMMENT_UPDATE = AccessPattern.named("comment-update");
    public static final AccessPattern COMMENT_DELETE = AccessPattern.named("comment-delete");
    /** A deleted post's comments, read by key only and deleted in batches. */
    public static final AccessPattern POST_COMMENTS_DELETE =
            AccessPattern.reads("post-comments-delete", POST_COMMENTS_COLLECTION)
            .beginsWith(commentsPrefix()).consistent().routes("DELETE /users/{userId}/posts/{postId}");
    // timeline
    public static final AccessPattern TIMELINE_MONTHS =
            AccessPattern.reads("timeline-months", TIMELINE_MONTHS_COLLECTION)
            .newestFirst().routes("GET /timeline");
    public static final AccessPattern TIMELINE = AccessPattern.reads("timeline", TIMELINE_COLLECTION)
            .newestFirst().routes("GET /timeline").pagedAs("social:timeline");
    // the erasure of an account
    public static final AccessPattern ERASURE_REQUEST = AccessPattern.named("erasure-request");
    public static final AccessPattern ERASURE_USER_ITEMS =
            AccessPattern.reads("erasure-user-items", USER_COLLECTION)
            .consistent().routes(ERASE_ACCOUNT);
    public static final AccessPattern ERASURE_USER_ITEMS_DELETE = AccessPattern.named("erasure-user-items-delete");
    public static final AccessPattern ERASURE_AUTHOR_COMMENTS = AccessPattern.reads("erasure-author-comments",
            USER_INVERTED_COLLECTION).beginsWith(commentsByAuthorPrefix()).routes(ERASE_ACCOUNT);
    // made through service-support
    public static final AccessPattern ERASURE_RECORD = ErasureKeys.ERASURE_RECORD
            .routes("GET /users/{userId}/erasure", "DELETE /users/{userId}", ERASE_ACCOUNT);
    public static final AccessPattern WORK_PENDING = WorkKeys.WORK_PENDING.routes(PENDING_WORK_POLL);
    public static final AccessPattern IDEMPOTENCY_RECORD = IdempotencyKeys.IDEMPOTENCY_RECORD
            .routes("POST /users", "POST /users/{userId}/posts", "POST /users/{userId}/posts/{postId}/comments");

    /** Every access pattern of the service, in the order above. */
    public static final List<AccessPattern> PATTERNS = List.of(USER_CREATE, USER_PROFILE, USER_WITH_NEWEST_POSTS,
            USER_BY_HANDLE, USER_UPDATE, USERS_BY_IDS, MONTHLY_STATS, POST_CREATE, POST, USER_POSTS, POST_UPDATE,
            POST_DELETE, POST_DELETION_PENDING, POST_DELETION_FINISH, COMMENT_CREATE, POST_COMMENTS, COMMENT,
            COMMENT_UPDATE, COMMENT_DELETE, POST_COMMENTS_DELETE, TIMELINE_MONTHS, TIMELINE, ERASURE_REQUEST,
            ERASURE_USER_ITEMS, ERASURE_USER_ITEMS_DELETE, ERASURE_AUTHOR_COMMENTS, ERASURE_RECORD, WORK_PENDING,
            IDEMPOTENCY_RECORD);

    private SocialKeys() {
    }

    /**
     * The spelling of a handle inside keys: validated and lower-cased (Locale.ROOT), so that {@code Ann} and
     * {@code ann} claim the same {@code HANDLE#} item and find the same profile. The profile keeps the original.
     */
    public static String canonicalHandle(String handle) {
        return Ids.require("handle", handle).toLowerCase(Locale.ROOT);
    }

    /**
     * A new ULID for a post or comment created at {@code createdAt}, so that the id's time part, the item's
     * {@code createdAt} and its month partition always agree. Ids for the same millisecond are not ordered
     * among themselves (fresh random bits), unlike {@link Ulid#next()}, which would borrow the latest time
     * seen for an instant in the past.
     */
    public static String newId(Instant createdAt) {
        return Ulid.encode(createdAt.toEpochMilli(), RandomBits.nextInt(1 << 16), RandomBits.nextLong());
    }

    public static String userPartition(String userId) {
        return USER_PARTITION.build(userId);
    }

    public static ItemKey userProfile(String userId) {
        return USER_PROFILE_KEYS.build(userId);
    }

    /** GSI1 key of a profile: {@code HANDLE#<handle>} / {@code PROFILE}. */
    public static IndexKey userByHandle(String handle) {
        return USER_PROFILE_KEYS.in(TableSchema.GSI1).build(handle);
    }

    /** The item that makes a handle unique. */
    public static ItemKey handleClaim(String handle) {
        return HANDLE_CLAIM_KEYS.build(handle);
    }

    public static String handlePartition(String handle) {
        return HANDLE_PARTITION.build(handle);
    }

    public static ItemKey post(String userId, String postId) {
        return POST_KEYS.build(userId, postId);
    }

    public static String postsPrefix() {
        return POSTS_PREFIX;
    }

    /** The shard of a month's timeline that holds a post, among {@code shardCount}: stable for a post id. */
    public static int timelineShard(String postId, int shardCount) {
        return Shards.of(Ids.require("postId", postId), shardCount);
    }

    /** GSI2PK of one write shard of a month's posts: {@code TIMELINE#<yyyy-mm>#<shard>}. */
    public static String timelinePartition(String month, int shard, int shardCount) {
        return TIMELINE_PARTITION.build(month, Shards.requireShard(shard, shardCount));
    }

    /**
     * The GSI2PK every post of a month carried before the timeline was sharded, {@code TIMELINE#<yyyy-mm>}: no read
     * queries it; the backfill that moves such posts to their shard and the audit that finds them do.
     */
    public static String unshardedTimelinePartition(String month) {
        return TIMELINE_PARTITION.build(month, null);
    }

    /**
     * GSI2 key of a post: {@code TIMELINE#<yyyy-mm>#<shard>} / {@code <postId>}, the shard {@link #timelineShard} of
     * the post among {@code shardCount}, so one month's posts are written to that many partitions.
     */
    public static IndexKey postTimeline(String month, String postId, int shardCount) {
        return POST_KEYS.in(TableSchema.GSI2).build(month, timelineShard(postId, shardCount), postId);
    }

    /**
     * A post its owner deleted whose comments are still being deleted: it lives in the owner's partition, so a
     * repeated DELETE finds its unfinished work there and nowhere else.
     */
    public static ItemKey postDeletion(String userId, String postId) {
        return POST_DELETION_KEYS.build(userId, postId);
    }

    /** The item saying that {@code month} has (or had) posts on the timeline. */
    public static ItemKey timelineMonth(String month) {
        return TIMELINE_MONTH_KEYS.build(month);
    }

    /** SK of a month in {@link #TIMELINE_MONTHS_PARTITION}; sorts by month. */
    public static String timelineMonthSortKey(String month) {
        return TIMELINE_MONTH_KEYS.sk().build(month);
    }

    /** The partition holding a post's comments. */
    public static String commentPartition(String postId) {
        return COMMENT_PARTITION.build(postId);
    }

    public static ItemKey comment(String postId, String commentId) {
        return COMMENT_KEYS.build(postId, commentId);
    }

    /** GSI1 key of a comment under its author: {@code USER#<authorId>} / {@code COMMENT#<commentId>}. */
    public static IndexKey commentByAuthor(String authorId, String commentId) {
        return COMMENT_KEYS.in(TableSchema.GSI1).build(authorId, commentId);
    }

    /** GSI1SK prefix of the comments under their author's {@code USER#<authorId>}. */
    public static String commentsByAuthorPrefix() {
        return COMMENTS_PREFIX;
    }

    public static String commentsPrefix() {
        return COMMENTS_PREFIX;
    }

    public static ItemKey monthlyStats(String userId, String month) {
        return MONTHLY_STATS_KEYS.build(userId, month);
    }

    // Parsers: each returns the id carried by one key part, or throws InvalidKeyException on a foreign key.

    public static String parseUserPk(String pk) {
        return USER_PARTITION.read("userId", pk).get(USER_ID);
    }

    public static String parseHandlePk(String pk) {
        return HANDLE_PARTITION.read("handle", pk).get(HANDLE);
    }

    public static String parsePostSk(String sk) {
        return POST_KEYS.sk().read("postId", sk).get(POST_ID);
    }

    public static String parsePostDeletionSk(String sk) {
        return POST_DELETION_KEYS.sk().read("postId", sk).get(POST_ID);
    }

    public static String parseTimelineMonthSk(String sk) {
        return TIMELINE_MONTH_KEYS.sk().read("month", sk).get(MONTH);
    }

    public static String parseCommentPk(String pk) {
        return COMMENT_PARTITION.read("postId", pk).get(POST_ID);
    }

    public static String parseCommentSk(String sk) {
        return COMMENT_SK.read("commentId", sk).get(COMMENT_ID);
    }

    public static String parseStatsSk(String sk) {
        return MONTHLY_STATS_KEYS.sk().read("month", sk).get(MONTH);
    }

    /** A timeline partition: its month and, unless it is a key from before sharding, its shard. */
    public record TimelinePartition(String month, OptionalInt shard) {
    }

    /** Month and shard of {@code TIMELINE#<yyyy-mm>#<shard>}; no shard for the unsharded {@code TIMELINE#<yyyy-mm>}. */
    public static TimelinePartition parseTimelinePk(String gsi2pk) {
        KeyTemplate.Match key = TIMELINE_PARTITION.read("month", gsi2pk);
        return new TimelinePartition(key.get(MONTH), key.find(SHARD).map(OptionalInt::of).orElse(OptionalInt.empty()));
    }

    public static String parseTimelineSk(String gsi2sk) {
        return Ids.require("postId", gsi2sk);
    }
}
