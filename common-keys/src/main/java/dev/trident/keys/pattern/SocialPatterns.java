package dev.trident.keys.pattern;

import static dev.trident.keys.pattern.SharedPatterns.ERASE_ACCOUNT;
import static dev.trident.keys.pattern.SharedPatterns.PENDING_WORK_POLL;

import dev.trident.keys.ItemCollection;
import dev.trident.keys.SocialKeys;
import java.util.List;

/** The access patterns of social-service: users, their posts and comments, the timeline. */
public final class SocialPatterns {

    public static final String SERVICE = "social-service";

    // users
    /** A user's posts: the include=posts page of GET /users/{userId} and GET /users/{userId}/posts page alike. */
    private static final String POSTS_SCOPE = "social:posts";

    public static final AccessPattern USER_CREATE = AccessPattern.named("user-create");
    public static final AccessPattern USER_PROFILE = AccessPattern.reads("user-profile", ItemCollection.USER)
            .consistent()
            .routes("GET /users/{userId}");
    /** The profile and the newest posts in one Query: posts sort just below the profile. */
    public static final AccessPattern USER_WITH_NEWEST_POSTS =
            AccessPattern.reads("user-with-newest-posts", ItemCollection.USER)
            .newestFirst().consistent().routes("GET /users/{userId}?include=posts").pagedAs(POSTS_SCOPE);
    public static final AccessPattern USER_BY_HANDLE =
            AccessPattern.reads("user-by-handle", ItemCollection.HANDLE_PROFILE)
            .routes("GET /users/by-handle/{handle}");
    public static final AccessPattern USER_UPDATE = AccessPattern.named("user-update");
    public static final AccessPattern USERS_BY_IDS = AccessPattern.reads("users-by-ids", ItemCollection.USER)
            .routes("POST /users/batch-get");
    public static final AccessPattern MONTHLY_STATS = AccessPattern.reads("monthly-stats", ItemCollection.USER)
            .consistent()
            .routes("GET /users/{userId}/stats?month=yyyy-mm");
    // posts
    public static final AccessPattern POST_CREATE = AccessPattern.named("post-create");
    public static final AccessPattern POST = AccessPattern.reads("post", ItemCollection.USER).consistent()
            .routes("GET /users/{userId}/posts/{postId}", "POST /users/{userId}/posts/{postId}/comments",
                    "GET /users/{userId}/posts/{postId}/comments");
    public static final AccessPattern USER_POSTS = AccessPattern.reads("user-posts", ItemCollection.USER)
            .beginsWith(SocialKeys.postsPrefix()).newestFirst().routes("GET /users/{userId}/posts")
            .pagedAs(POSTS_SCOPE);
    public static final AccessPattern POST_UPDATE = AccessPattern.named("post-update");
    public static final AccessPattern POST_DELETE = AccessPattern.named("post-delete");
    public static final AccessPattern POST_DELETION_PENDING =
            AccessPattern.reads("post-deletion-pending", ItemCollection.USER)
            .beginsWith(SocialKeys.POST_DELETIONS_PREFIX).consistent().routes("DELETE /users/{userId}/posts/{postId}");
    public static final AccessPattern POST_DELETION_FINISH = AccessPattern.named("post-deletion-finish");
    // comments
    public static final AccessPattern COMMENT_CREATE = AccessPattern.named("comment-create");
    public static final AccessPattern POST_COMMENTS = AccessPattern.reads("post-comments", ItemCollection.POST_COMMENTS)
            .beginsWith(SocialKeys.commentsPrefix()).routes("GET /users/{userId}/posts/{postId}/comments")
            .pagedAs("social:comments");
    public static final AccessPattern COMMENT = AccessPattern.reads("comment", ItemCollection.POST_COMMENTS)
            .consistent()
            .routes("GET /users/{userId}/posts/{postId}/comments/{commentId}",
                    "PATCH /users/{userId}/posts/{postId}/comments/{commentId}",
                    "DELETE /users/{userId}/posts/{postId}/comments/{commentId}");
    public static final AccessPattern COMMENT_UPDATE = AccessPattern.named("comment-update");
    public static final AccessPattern COMMENT_DELETE = AccessPattern.named("comment-delete");
    /** A deleted post's comments, read by key only and deleted in batches. */
    public static final AccessPattern POST_COMMENTS_DELETE =
            AccessPattern.reads("post-comments-delete", ItemCollection.POST_COMMENTS)
            .beginsWith(SocialKeys.commentsPrefix()).consistent().routes("DELETE /users/{userId}/posts/{postId}");
    // timeline
    public static final AccessPattern TIMELINE_MONTHS =
            AccessPattern.reads("timeline-months", ItemCollection.TIMELINE_MONTHS)
            .newestFirst().routes("GET /timeline");
    public static final AccessPattern TIMELINE = AccessPattern.reads("timeline", ItemCollection.TIMELINE)
            .newestFirst().routes("GET /timeline").pagedAs("social:timeline");
    // the erasure of an account
    public static final AccessPattern ERASURE_REQUEST = AccessPattern.named("erasure-request");
    public static final AccessPattern ERASURE_USER_ITEMS =
            AccessPattern.reads("erasure-user-items", ItemCollection.USER)
            .consistent().routes(ERASE_ACCOUNT);
    public static final AccessPattern ERASURE_USER_ITEMS_DELETE = AccessPattern.named("erasure-user-items-delete");
    public static final AccessPattern ERASURE_AUTHOR_COMMENTS = AccessPattern.reads("erasure-author-comments",
            ItemCollection.USER_INVERTED).beginsWith(SocialKeys.commentsByAuthorPrefix()).routes(ERASE_ACCOUNT);
    // made through service-support
    public static final AccessPattern ERASURE_RECORD = SharedPatterns.ERASURE_RECORD
            .routes("GET /users/{userId}/erasure", "DELETE /users/{userId}", ERASE_ACCOUNT);
    public static final AccessPattern WORK_PENDING = SharedPatterns.WORK_PENDING.routes(PENDING_WORK_POLL);
    public static final AccessPattern IDEMPOTENCY_RECORD = SharedPatterns.IDEMPOTENCY_RECORD
            .routes("POST /users", "POST /users/{userId}/posts", "POST /users/{userId}/posts/{postId}/comments");

    /** Every pattern of the service, in the order above. */
    public static final List<AccessPattern> ALL = List.of(USER_CREATE, USER_PROFILE, USER_WITH_NEWEST_POSTS,
            USER_BY_HANDLE, USER_UPDATE, USERS_BY_IDS, MONTHLY_STATS, POST_CREATE, POST, USER_POSTS, POST_UPDATE,
            POST_DELETE, POST_DELETION_PENDING, POST_DELETION_FINISH, COMMENT_CREATE, POST_COMMENTS, COMMENT,
            COMMENT_UPDATE, COMMENT_DELETE, POST_COMMENTS_DELETE, TIMELINE_MONTHS, TIMELINE, ERASURE_REQUEST,
            ERASURE_USER_ITEMS, ERASURE_USER_ITEMS_DELETE, ERASURE_AUTHOR_COMMENTS, ERASURE_RECORD, WORK_PENDING,
            IDEMPOTENCY_RECORD);

    private SocialPatterns() {
    }
}
