package dev.trident.social.repository;

import static dev.trident.keys.entity.StandardAttributes.CREATED_AT;
import static dev.trident.keys.entity.StandardAttributes.UPDATED_AT;
import static dev.trident.keys.entity.StandardAttributes.VERSION;

import dev.trident.keys.EntityType;
import dev.trident.keys.Months;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.entity.Attribute;
import dev.trident.keys.entity.EntitySchema;
import dev.trident.keys.entity.KeyInput;
import dev.trident.social.model.Comment;
import dev.trident.social.model.MonthlyStats;
import dev.trident.social.model.Post;
import dev.trident.social.model.PostDeletionRecord;
import dev.trident.social.model.Profile;
import java.time.Instant;

/**
 * The social entities, each declared once: its keys, index keys and attributes, and how an item reads back. The
 * repositories derive every item, key and update from these; no attribute name is spelled anywhere else.
 */
final class SocialEntities {

    static final Attribute<String> USER_ID = Attribute.string("userId");
    static final Attribute<String> HANDLE = Attribute.string("handle");
    static final Attribute<String> DISPLAY_NAME = Attribute.string("displayName");
    static final Attribute<String> BIO = Attribute.string("bio");
    static final Attribute<String> POST_ID = Attribute.string("postId");
    static final Attribute<String> TITLE = Attribute.string("title");
    static final Attribute<String> BODY = Attribute.string("body");
    static final Attribute<Long> COMMENT_COUNT = Attribute.number("commentCount");
    static final Attribute<String> COMMENT_ID = Attribute.string("commentId");
    static final Attribute<String> AUTHOR_ID = Attribute.string("authorId");
    /** The owner of the post a comment is under: the comment list filters on it. */
    static final Attribute<String> POST_AUTHOR_ID = Attribute.string("postAuthorId");
    /** Monthly counters: posts published, comments written. */
    static final Attribute<Long> POSTS = Attribute.number("posts");
    static final Attribute<Long> COMMENTS = Attribute.number("comments");
    static final Attribute<String> MONTH = Attribute.string("month");
    /** The If-Match version a post deletion was made with, absent when it had none. */
    static final Attribute<Long> EXPECTED_VERSION = Attribute.number("expectedVersion");

    /** {@code USER#<id>/PROFILE}, on GSI1 as {@code HANDLE#<lower-cased handle>/PROFILE}. */
    static final EntitySchema<Profile> PROFILE = EntitySchema
            .of(EntityType.USER_PROFILE, (Profile p) -> SocialKeys.userProfile(p.userId()))
            .attribute(USER_ID, Profile::userId)
            .attribute(HANDLE, Profile::handle)
            .attribute(DISPLAY_NAME, Profile::displayName)
            .attribute(BIO, Profile::bio)
            .attribute(VERSION, Profile::version)
            .attribute(CREATED_AT, Profile::createdAt)
            .attribute(UPDATED_AT, Profile::updatedAt)
            .reads(item -> new Profile(USER_ID.read(item), HANDLE.read(item), DISPLAY_NAME.read(item), BIO.read(item),
                    VERSION.read(item, 0L), CREATED_AT.read(item), UPDATED_AT.read(item)));

    /** What makes a handle unique: {@code HANDLE#<lower-cased handle>/HANDLE}, naming the profile holding it. */
    record HandleClaim(String handle, String userId, String claimedAt) {
        static HandleClaim of(Profile profile) {
            return new HandleClaim(profile.handle(), profile.userId(), profile.createdAt());
        }
    }

    static final EntitySchema<HandleClaim> HANDLE_CLAIM = EntitySchema
            .of(EntityType.HANDLE_CLAIM, (HandleClaim c) -> SocialKeys.handleClaim(SocialKeys.canonicalHandle(c.handle())))
            .attribute(HANDLE, HandleClaim::handle)
            .attribute(USER_ID, HandleClaim::userId)
            .attribute(CREATED_AT, HandleClaim::claimedAt)
            .attribute(UPDATED_AT, HandleClaim::claimedAt)
            .reads(item -> new HandleClaim(HANDLE.read(item), USER_ID.read(item), CREATED_AT.read(item)));

    /** How many write shards the timeline's month has ({@code trident.social.timeline.shards}). */
    static final KeyInput<Integer> TIMELINE_SHARDS = KeyInput.named(SocialKeys.TIMELINE_SHARDS_INPUT);

    /**
     * {@code USER#<id>/POST#<postId>}, on GSI2 (the timeline) as {@code TIMELINE#<month>#<shard>/<postId>}, the shard
     * one of {@link #TIMELINE_SHARDS}, chosen by the post id. Written with that count bound
     * ({@code POST.with(...)}); read back without.
     */
    static final EntitySchema<Post> POST = EntitySchema
            .of(EntityType.POST, (Post p) -> SocialKeys.post(p.userId(), p.postId()))
            .attribute(USER_ID, Post::userId)
            .attribute(POST_ID, Post::postId)
            .attribute(TITLE, Post::title)
            .attribute(BODY, Post::body)
            .attribute(COMMENT_COUNT, Post::commentCount)
            .attribute(VERSION, Post::version)
            .attribute(CREATED_AT, Post::createdAt)
            .attribute(UPDATED_AT, Post::updatedAt)
            .reads(item -> new Post(USER_ID.read(item), POST_ID.read(item), TITLE.read(item), BODY.read(item),
                    COMMENT_COUNT.read(item, 0L), VERSION.read(item, 0L), CREATED_AT.read(item),
                    UPDATED_AT.read(item)));

    /** {@code POST#<postId>/COMMENT#<commentId>}: version 1 when written, one more with each edit of its body. */
    static final EntitySchema<Comment> COMMENT = EntitySchema
            .of(EntityType.COMMENT, (Comment c) -> SocialKeys.comment(c.postId(), c.commentId()))
            .attribute(POST_ID, Comment::postId)
            .attribute(POST_AUTHOR_ID, Comment::postAuthorId)
            .attribute(COMMENT_ID, Comment::commentId)
            .attribute(AUTHOR_ID, Comment::authorId)
            .attribute(BODY, Comment::body)
            .attribute(VERSION, Comment::version)
            .attribute(CREATED_AT, Comment::createdAt)
            .attribute(UPDATED_AT, Comment::updatedAt)
            .reads(item -> new Comment(POST_ID.read(item), POST_AUTHOR_ID.read(item), COMMENT_ID.read(item),
                    AUTHOR_ID.read(item), BODY.read(item), VERSION.read(item, 0L), CREATED_AT.read(item),
                    UPDATED_AT.read(item)));

    /** {@code USER#<id>/DELPOST#<postId>}: a deleted post whose comments may not all be deleted yet. */
    static final EntitySchema<PostDeletionRecord> POST_DELETION = EntitySchema
            .of(EntityType.POST_DELETION, (PostDeletionRecord d) -> SocialKeys.postDeletion(d.userId(), d.postId()))
            .attribute(USER_ID, PostDeletionRecord::userId)
            .attribute(POST_ID, PostDeletionRecord::postId)
            .attribute(EXPECTED_VERSION, PostDeletionRecord::expectedVersion)
            .attribute(CREATED_AT, PostDeletionRecord::deletedAt)
            .attribute(UPDATED_AT, PostDeletionRecord::deletedAt)
            .reads(item -> new PostDeletionRecord(USER_ID.read(item), POST_ID.read(item), EXPECTED_VERSION.read(item),
                    CREATED_AT.read(item)));

    /**
     * {@code USER#<id>/STATS#<month>}: counters written by the post and comment transactions (an upsert, see
     * {@link StatsRepository#count}), read here.
     */
    static final EntitySchema<MonthlyStats> MONTHLY_STATS = EntitySchema
            .of(EntityType.MONTHLY_STATS, (MonthlyStats s) -> SocialKeys.monthlyStats(s.userId(), s.month()))
            .attribute(USER_ID, MonthlyStats::userId)
            .attribute(MONTH, MonthlyStats::month)
            .attribute(POSTS, MonthlyStats::posts)
            .attribute(COMMENTS, MonthlyStats::comments)
            .reads(item -> new MonthlyStats(USER_ID.read(item), MONTH.read(item), POSTS.read(item, 0L),
                    COMMENTS.read(item, 0L)));

    private SocialEntities() {
    }

    /** The UTC month of an ISO-8601 instant: the month partition of a post, and of the stats it counts in. */
    static String monthOf(String instant) {
        return Months.of(Instant.parse(instant));
    }
}
