package dev.trident.keys;

import static dev.trident.keys.EntityType.COMMENT;
import static dev.trident.keys.EntityType.HANDLE_CLAIM;
import static dev.trident.keys.EntityType.MONTHLY_STATS;
import static dev.trident.keys.EntityType.POST;
import static dev.trident.keys.EntityType.POST_DELETION;
import static dev.trident.keys.EntityType.TIMELINE_MONTH;
import static dev.trident.keys.EntityType.USER_PROFILE;

import java.time.Instant;
import java.util.Locale;
import java.util.OptionalInt;

/**
 * Keys of the social domain: profiles, handle claims, posts, pending post deletions, comments, monthly stats, the
 * timeline and its index of months.
 */
public final class SocialKeys {
    /**
     * SK of a profile; posts sort below it, stats above, so {@code SK <= PROFILE} descending = profile + newest posts.
     */
    public static final String PROFILE = USER_PROFILE.sortKey();
    public static final String HANDLE = HANDLE_CLAIM.sortKey();
    public static final String POSTS_PREFIX = POST.sortKey();
    public static final String COMMENTS_PREFIX = COMMENT.sortKey();
    public static final String STATS_PREFIX = MONTHLY_STATS.sortKey();
    /** SK prefix of a pending post deletion; {@code D} sorts below {@code POST#}, so no posts read ever meets one. */
    public static final String POST_DELETIONS_PREFIX = POST_DELETION.sortKey();
    static final String TIMELINE_PREFIX = "TIMELINE#";
    /** The one partition that lists the months holding posts, one item each ({@code MONTH#<yyyy-mm>}). */
    public static final String TIMELINE_MONTHS_PARTITION = TIMELINE_MONTH.pkPrefix() + "MONTHS";
    static final String TIMELINE_MONTH_PREFIX = TIMELINE_MONTH.sortKey();
    /**
     * Write shards of each timeline month when nothing says otherwise: a month's posts (and the comment counts that
     * rewrite their index copies) spread over this many GSI2 partitions.
     */
    public static final int DEFAULT_TIMELINE_SHARDS = 16;
    private static final int MONTH_LENGTH = "yyyy-mm".length();

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
        return USER_PROFILE.pkPrefix() + Ids.require("userId", userId);
    }

    public static ItemKey userProfile(String userId) {
        return new ItemKey(userPartition(userId), PROFILE);
    }

    /** GSI1 key of a profile: {@code HANDLE#<handle>} / {@code PROFILE}. */
    public static IndexKey userByHandle(String handle) {
        return new IndexKey(TableSchema.GSI1, handlePartition(handle), PROFILE);
    }

    /** The item that makes a handle unique. */
    public static ItemKey handleClaim(String handle) {
        return new ItemKey(handlePartition(handle), HANDLE);
    }

    public static String handlePartition(String handle) {
        return HANDLE_CLAIM.pkPrefix() + Ids.require("handle", handle);
    }

    public static ItemKey post(String userId, String postId) {
        return new ItemKey(userPartition(userId), POSTS_PREFIX + Ids.require("postId", postId));
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
        Shards.requireShardCount(shardCount);
        if (shard < 0 || shard >= shardCount) {
            throw new InvalidKeyException("shard", "must be between 0 and " + (shardCount - 1));
        }
        return unshardedTimelinePartition(month) + Keys.DELIMITER + shard;
    }

    /**
     * The GSI2PK every post of a month carried before the timeline was sharded, {@code TIMELINE#<yyyy-mm>}: no read
     * queries it; the backfill that moves such posts to their shard and the audit that finds them do.
     */
    public static String unshardedTimelinePartition(String month) {
        return TIMELINE_PREFIX + Months.validate("month", month);
    }

    /**
     * GSI2 key of a post: {@code TIMELINE#<yyyy-mm>#<shard>} / {@code <postId>}, the shard {@link #timelineShard} of
     * the post among {@code shardCount}, so one month's posts are written to that many partitions.
     */
    public static IndexKey postTimeline(String month, String postId, int shardCount) {
        return new IndexKey(TableSchema.GSI2, timelinePartition(month, timelineShard(postId, shardCount), shardCount),
                postId);
    }

    /**
     * A post its owner deleted whose comments are still being deleted: it lives in the owner's partition, so a
     * repeated DELETE finds its unfinished work there and nowhere else.
     */
    public static ItemKey postDeletion(String userId, String postId) {
        return new ItemKey(userPartition(userId), POST_DELETIONS_PREFIX + Ids.require("postId", postId));
    }

    /** The item saying that {@code month} has (or had) posts on the timeline. */
    public static ItemKey timelineMonth(String month) {
        return new ItemKey(TIMELINE_MONTHS_PARTITION, timelineMonthSortKey(month));
    }

    /** SK of a month in {@link #TIMELINE_MONTHS_PARTITION}; sorts by month. */
    public static String timelineMonthSortKey(String month) {
        return TIMELINE_MONTH_PREFIX + Months.validate("month", month);
    }

    /** The partition holding a post's comments. */
    public static String commentPartition(String postId) {
        return COMMENT.pkPrefix() + Ids.require("postId", postId);
    }

    public static ItemKey comment(String postId, String commentId) {
        return new ItemKey(commentPartition(postId), COMMENTS_PREFIX + Ids.require("commentId", commentId));
    }

    /**
     * GSI1 key of a comment under its author: {@code USER#<authorId>} / {@code COMMENT#<commentId>}, so an account's
     * comments on other people's posts are found by one Query (erasure), beside its workspaces ({@code WS#...}).
     */
    public static IndexKey commentByAuthor(String authorId, String commentId) {
        return new IndexKey(TableSchema.GSI1, userPartition(authorId), COMMENTS_PREFIX + Ids.require("commentId", commentId));
    }

    /** GSI1SK prefix of the comments under their author's {@code USER#<authorId>}. */
    public static String commentsByAuthorPrefix() {
        return COMMENTS_PREFIX;
    }

    public static String commentsPrefix() {
        return COMMENTS_PREFIX;
    }

    public static ItemKey monthlyStats(String userId, String month) {
        return new ItemKey(userPartition(userId), STATS_PREFIX + Months.validate("month", month));
    }

    // Parsers: each returns the id carried by one key part, or throws InvalidKeyException on a foreign key.

    public static String parseUserPk(String pk) {
        return Keys.idAfter("userId", pk, USER_PROFILE.pkPrefix());
    }

    /** Handle from a claim PK or a profile's GSI1PK. */
    public static String parseHandlePk(String pk) {
        return Keys.idAfter("handle", pk, HANDLE_CLAIM.pkPrefix());
    }

    public static String parsePostSk(String sk) {
        return Keys.idAfter("postId", sk, POSTS_PREFIX);
    }

    public static String parsePostDeletionSk(String sk) {
        return Keys.idAfter("postId", sk, POST_DELETIONS_PREFIX);
    }

    public static String parseTimelineMonthSk(String sk) {
        return Months.validate("month", Keys.rest("month", sk, TIMELINE_MONTH_PREFIX));
    }

    public static String parseCommentPk(String pk) {
        return Keys.idAfter("postId", pk, COMMENT.pkPrefix());
    }

    public static String parseCommentSk(String sk) {
        return Keys.idAfter("commentId", sk, COMMENTS_PREFIX);
    }

    public static String parseStatsSk(String sk) {
        return Months.validate("month", Keys.rest("month", sk, STATS_PREFIX));
    }

    /** A timeline partition: its month and, unless it is a key from before sharding, its shard. */
    public record TimelinePartition(String month, OptionalInt shard) {
    }

    /** Month and shard of {@code TIMELINE#<yyyy-mm>#<shard>}; no shard for the unsharded {@code TIMELINE#<yyyy-mm>}. */
    public static TimelinePartition parseTimelinePk(String gsi2pk) {
        String rest = Keys.rest("month", gsi2pk, TIMELINE_PREFIX);
        if (rest.length() <= MONTH_LENGTH) {
            return new TimelinePartition(Months.validate("month", rest), OptionalInt.empty());
        }
        String month = Months.validate("month", rest.substring(0, MONTH_LENGTH));
        String shard = rest.substring(MONTH_LENGTH + 1);
        if (rest.charAt(MONTH_LENGTH) != Keys.DELIMITER || !shard.matches("\\d{1,2}")
                || !shard.equals(Integer.toString(Integer.parseInt(shard)))
                || Integer.parseInt(shard) >= Shards.MAX_SHARDS) {
            throw new InvalidKeyException("shard", "is not a shard number");
        }
        return new TimelinePartition(month, OptionalInt.of(Integer.parseInt(shard)));
    }

    public static String parseTimelineSk(String gsi2sk) {
        return Ids.require("postId", gsi2sk);
    }
}
