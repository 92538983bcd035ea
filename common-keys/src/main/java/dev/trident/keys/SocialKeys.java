package dev.trident.keys;

import static dev.trident.keys.KeyParts.COMMENT_ID;
import static dev.trident.keys.KeyParts.HANDLE;
import static dev.trident.keys.KeyParts.MONTH;
import static dev.trident.keys.KeyParts.POST_ID;
import static dev.trident.keys.KeyParts.SHARD;
import static dev.trident.keys.KeyParts.USER_ID;

import java.time.Instant;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * Keys of the social domain: profiles, handle claims, posts, pending post deletions, comments, monthly stats, the
 * timeline and its index of months. The declarations come first; the builders and parsers below are derived from
 * them.
 */
public final class SocialKeys {
    static final KeyTemplate USER_PARTITION = KeyTemplate.of("USER", USER_ID);
    static final KeyTemplate HANDLE_PARTITION = KeyTemplate.of("HANDLE", HANDLE);
    static final KeyTemplate COMMENT_PARTITION = KeyTemplate.of("POST", POST_ID);
    /** The one partition that lists the months holding posts, one item each ({@code MONTH#<yyyy-mm>}). */
    static final KeyTemplate TIMELINE_MONTHS = KeyTemplate.of("TIMELINE", "MONTHS");
    /**
     * One write shard of a month's posts on GSI2; without the shard, the partition every post of a month had before
     * the timeline was sharded (no read queries it; the backfill and the audit find such posts).
     */
    static final KeyTemplate TIMELINE = KeyTemplate.of("TIMELINE", MONTH).optionally(SHARD);
    static final KeyTemplate COMMENT_SK = KeyTemplate.of("COMMENT", COMMENT_ID);

    /** {@code USER#<userId>/PROFILE}, on GSI1 under its handle so a handle finds its profile. */
    static final EntityKeys USER_PROFILE = EntityKeys.of(USER_PARTITION, KeyTemplate.of("PROFILE"))
            .index(TableSchema.GSI1, HANDLE_PARTITION, KeyTemplate.of("PROFILE"));
    /** The item that makes a handle unique. */
    static final EntityKeys HANDLE_CLAIM = EntityKeys.of(HANDLE_PARTITION, KeyTemplate.of("HANDLE"));
    /** {@code USER#<userId>/POST#<postId>}, on GSI2 in its month's timeline shard. */
    static final EntityKeys POST = EntityKeys.of(USER_PARTITION, KeyTemplate.of("POST", POST_ID))
            .index(TableSchema.GSI2, TIMELINE, KeyTemplate.of(POST_ID));
    /**
     * A comment in its post's partition, on GSI1 under its author's {@code USER#<authorId>}, so an account's comments
     * on other people's posts are found by one Query (erasure), beside its workspaces.
     */
    static final EntityKeys COMMENT = EntityKeys.of(COMMENT_PARTITION, COMMENT_SK)
            .index(TableSchema.GSI1, USER_PARTITION, COMMENT_SK);
    static final EntityKeys MONTHLY_STATS = EntityKeys.of(USER_PARTITION, KeyTemplate.of("STATS", MONTH));
    /**
     * A post its owner deleted whose comments may not all be deleted yet: {@code D} sorts below {@code POST#}, so no
     * read of posts ever meets one.
     */
    static final EntityKeys POST_DELETION = EntityKeys.of(USER_PARTITION, KeyTemplate.of("DELPOST", POST_ID));
    /** One item per month that has (or had) posts, so the timeline never reads an empty month. */
    static final EntityKeys TIMELINE_MONTH = EntityKeys.of(TIMELINE_MONTHS, KeyTemplate.of("MONTH", MONTH));

    /**
     * SK of a profile; posts sort below it, stats above, so {@code SK <= PROFILE} descending = profile + newest posts.
     */
    public static final String PROFILE = USER_PROFILE.sk().prefix();
    public static final String POSTS_PREFIX = POST.sk().prefix();
    public static final String COMMENTS_PREFIX = COMMENT_SK.prefix();
    public static final String STATS_PREFIX = MONTHLY_STATS.sk().prefix();
    public static final String POST_DELETIONS_PREFIX = POST_DELETION.sk().prefix();
    public static final String TIMELINE_MONTHS_PARTITION = TIMELINE_MONTHS.build();
    /**
     * Write shards of each timeline month when nothing says otherwise: a month's posts (and the comment counts that
     * rewrite their index copies) spread over this many GSI2 partitions.
     */
    public static final int DEFAULT_TIMELINE_SHARDS = 16;

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
        return USER_PROFILE.build(userId);
    }

    /** GSI1 key of a profile: {@code HANDLE#<handle>} / {@code PROFILE}. */
    public static IndexKey userByHandle(String handle) {
        return USER_PROFILE.in(TableSchema.GSI1).build(handle);
    }

    /** The item that makes a handle unique. */
    public static ItemKey handleClaim(String handle) {
        return HANDLE_CLAIM.build(handle);
    }

    public static String handlePartition(String handle) {
        return HANDLE_PARTITION.build(handle);
    }

    public static ItemKey post(String userId, String postId) {
        return POST.build(userId, postId);
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
        return TIMELINE.build(month, Shards.requireShard(shard, shardCount));
    }

    /**
     * The GSI2PK every post of a month carried before the timeline was sharded, {@code TIMELINE#<yyyy-mm>}: no read
     * queries it; the backfill that moves such posts to their shard and the audit that finds them do.
     */
    public static String unshardedTimelinePartition(String month) {
        return TIMELINE.build(month, null);
    }

    /**
     * GSI2 key of a post: {@code TIMELINE#<yyyy-mm>#<shard>} / {@code <postId>}, the shard {@link #timelineShard} of
     * the post among {@code shardCount}, so one month's posts are written to that many partitions.
     */
    public static IndexKey postTimeline(String month, String postId, int shardCount) {
        return POST.in(TableSchema.GSI2).build(month, timelineShard(postId, shardCount), postId);
    }

    /**
     * A post its owner deleted whose comments are still being deleted: it lives in the owner's partition, so a
     * repeated DELETE finds its unfinished work there and nowhere else.
     */
    public static ItemKey postDeletion(String userId, String postId) {
        return POST_DELETION.build(userId, postId);
    }

    /** The item saying that {@code month} has (or had) posts on the timeline. */
    public static ItemKey timelineMonth(String month) {
        return TIMELINE_MONTH.build(month);
    }

    /** SK of a month in {@link #TIMELINE_MONTHS_PARTITION}; sorts by month. */
    public static String timelineMonthSortKey(String month) {
        return TIMELINE_MONTH.sk().build(month);
    }

    /** The partition holding a post's comments. */
    public static String commentPartition(String postId) {
        return COMMENT_PARTITION.build(postId);
    }

    public static ItemKey comment(String postId, String commentId) {
        return COMMENT.build(postId, commentId);
    }

    /** GSI1 key of a comment under its author: {@code USER#<authorId>} / {@code COMMENT#<commentId>}. */
    public static IndexKey commentByAuthor(String authorId, String commentId) {
        return COMMENT.in(TableSchema.GSI1).build(authorId, commentId);
    }

    /** GSI1SK prefix of the comments under their author's {@code USER#<authorId>}. */
    public static String commentsByAuthorPrefix() {
        return COMMENTS_PREFIX;
    }

    public static String commentsPrefix() {
        return COMMENTS_PREFIX;
    }

    public static ItemKey monthlyStats(String userId, String month) {
        return MONTHLY_STATS.build(userId, month);
    }

    // Parsers: each returns the id carried by one key part, or throws InvalidKeyException on a foreign key.

    public static String parseUserPk(String pk) {
        return USER_PARTITION.read("userId", pk).get(USER_ID);
    }

    public static String parseHandlePk(String pk) {
        return HANDLE_PARTITION.read("handle", pk).get(HANDLE);
    }

    public static String parsePostSk(String sk) {
        return POST.sk().read("postId", sk).get(POST_ID);
    }

    public static String parsePostDeletionSk(String sk) {
        return POST_DELETION.sk().read("postId", sk).get(POST_ID);
    }

    public static String parseTimelineMonthSk(String sk) {
        return TIMELINE_MONTH.sk().read("month", sk).get(MONTH);
    }

    public static String parseCommentPk(String pk) {
        return COMMENT_PARTITION.read("postId", pk).get(POST_ID);
    }

    public static String parseCommentSk(String sk) {
        return COMMENT_SK.read("commentId", sk).get(COMMENT_ID);
    }

    public static String parseStatsSk(String sk) {
        return MONTHLY_STATS.sk().read("month", sk).get(MONTH);
    }

    /** A timeline partition: its month and, unless it is a key from before sharding, its shard. */
    public record TimelinePartition(String month, OptionalInt shard) {
    }

    /** Month and shard of {@code TIMELINE#<yyyy-mm>#<shard>}; no shard for the unsharded {@code TIMELINE#<yyyy-mm>}. */
    public static TimelinePartition parseTimelinePk(String gsi2pk) {
        KeyTemplate.Match key = TIMELINE.read("month", gsi2pk);
        return new TimelinePartition(key.get(MONTH), key.find(SHARD).map(OptionalInt::of).orElse(OptionalInt.empty()));
    }

    public static String parseTimelineSk(String gsi2sk) {
        return Ids.require("postId", gsi2sk);
    }
}
