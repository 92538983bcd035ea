package dev.trident.social.service;

import dev.trident.keys.Months;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.Timestamps;
import dev.trident.social.model.Comment;
import dev.trident.social.model.Post;
import dev.trident.social.repository.CommentRepository;
import dev.trident.social.repository.PostRepository;
import dev.trident.social.repository.TimelineRepository;
import dev.trident.support.paging.Cursors;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.security.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;

/** Rules for posts, their comments and the timeline. */
@ApplicationScoped
public class PostService {

    private final PostRepository posts;
    private final CommentRepository comments;
    private final TimelineRepository timeline;
    private final Cursors cursors;
    private final Clock clock;

    PostService(PostRepository posts, CommentRepository comments, TimelineRepository timeline, Cursors cursors,
            Clock clock) {
        this.posts = posts;
        this.comments = comments;
        this.timeline = timeline;
        this.cursors = cursors;
        this.clock = clock;
    }

    /**
     * Only the user publishes under their own path (403 otherwise); 404 when they have no profile yet: the
     * transaction's ConditionCheck fails and nothing is written.
     */
    public Uni<Post> create(Caller caller, String userId, String title, String body) {
        AccessRules.requireSelf(caller, userId);
        Instant now = clock.instant();
        String createdAt = Timestamps.format(now);
        Post post = new Post(userId, SocialKeys.newId(now), UserService.emptyToNull(title), body, 0, 1, createdAt,
                createdAt);
        return posts.createPost(post)
                .onFailure().transform(e -> Refusals.postCreate(e, userId))
                .replaceWith(post);
    }

    public Uni<Post> get(String userId, String postId) {
        return posts.post(userId, postId).onItem().ifNull().failWith(() -> Refusals.notFound("post", postId));
    }

    public Uni<Page<Post>> list(String userId, PageRequest page) {
        String scope = SocialKeys.USER_POSTS.cursorScope(userId);
        return posts.userPosts(userId, cursors.resume(scope, page), page.limit()).map(slice -> cursors.page(scope, slice));
    }

    /** Only the author changes a post (403 for anyone else, before anything is read or written). */
    public Uni<Post> update(Caller caller, String userId, String postId, String title, String body,
            Long expectedVersion) {
        AccessRules.requireSelf(caller, userId);
        return posts.updatePost(userId, postId, title, body, expectedVersion, Timestamps.format(clock.instant()))
                .onFailure().transform(e -> Refusals.postChange(e, postId));
    }

    /**
     * The author is the caller. 404 when the post is gone (checked first) or its owner's account is being erased
     * (the owner's profile is gone), 403 when the caller has no profile: all conditions of the one transaction, so
     * nothing is written.
     */
    public Uni<Comment> comment(Caller caller, String userId, String postId, String body) {
        String authorId = AccessRules.callerId(caller);
        Instant now = clock.instant();
        Comment comment = Comment.created(postId, userId, SocialKeys.newId(now), authorId, body,
                Timestamps.format(now));
        return comments.createComment(comment)
                .onFailure().transform(e -> Refusals.commentCreate(e, postId))
                .replaceWith(comment);
    }

    /** One comment; 404 when it is not under {@code userId}'s post {@code postId}. Any caller reads it. */
    public Uni<Comment> getComment(String userId, String postId, String commentId) {
        return comments.comment(userId, postId, commentId)
                .onItem().ifNull().failWith(() -> Refusals.notFound("comment", commentId));
    }

    /**
     * The author changes a comment's body (one conditioned write: 404 when it is not under that post, 403 for anyone
     * but its author, 412 on a stale If-Match; nothing written in each case).
     */
    public Uni<Comment> editComment(Caller caller, String userId, String postId, String commentId, String body,
            Long expectedVersion) {
        String authorId = AccessRules.commentEditor(caller);
        return comments.editComment(userId, postId, commentId, authorId, body, expectedVersion,
                        Timestamps.format(clock.instant()))
                .onFailure().transform(e -> Refusals.commentChange(e, userId, commentId, authorId));
    }

    /**
     * The author or the post's owner deletes a comment; the post's commentCount goes down in the same transaction
     * (404 when it is not under that post, 403 for anyone else, 412 on a stale If-Match; nothing written in each
     * case).
     */
    public Uni<Void> deleteComment(Caller caller, String userId, String postId, String commentId,
            Long expectedVersion) {
        String requiredAuthor = AccessRules.requiredAuthorToDelete(caller, userId);
        return comments.deleteComment(userId, postId, commentId, requiredAuthor, expectedVersion)
                .onFailure().transform(e -> Refusals.commentChange(e, userId, commentId, requiredAuthor));
    }

    public Uni<Page<Comment>> comments(String userId, String postId, PageRequest page) {
        String scope = SocialKeys.POST_COMMENTS.cursorScope(userId, postId);
        return comments.postComments(userId, postId, cursors.resume(scope, page), page.limit())
                .map(slice -> cursors.page(scope, slice));
    }

    /** Starts at the current month (UTC) unless the cursor names where to resume. */
    public Uni<Page<Post>> timeline(PageRequest page) {
        String scope = SocialKeys.TIMELINE.cursorScope();
        return timeline.timeline(Months.of(clock.instant()), cursors.resume(scope, page), page.limit())
                .map(slice -> cursors.page(scope, slice));
    }
}
