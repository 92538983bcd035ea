package dev.trident.social.service;

import dev.trident.keys.Ids;
import dev.trident.keys.Months;
import dev.trident.keys.SocialKeys;
import dev.trident.social.model.Comment;
import dev.trident.social.model.Post;
import dev.trident.social.model.PostDeletion;
import dev.trident.social.model.WriteRejected;
import dev.trident.social.model.WriteRejected.Reason;
import dev.trident.social.repository.SocialRepository;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;

/** Rules for posts, their comments and the timeline. */
@ApplicationScoped
public class PostService {

    private final SocialRepository repository;
    private final AccessRules rules;
    private final Clock clock;

    PostService(SocialRepository repository, AccessRules rules, Clock clock) {
        this.repository = repository;
        this.rules = rules;
        this.clock = clock;
    }

    /**
     * Only the user publishes under their own path (403 otherwise); 404 when they have no profile yet: the
     * transaction's ConditionCheck fails and nothing is written.
     */
    public Uni<Post> create(String userId, String title, String body) {
        Ids.require("userId", userId);
        rules.requireSelf(userId);
        Instant now = clock.instant();
        Post post = new Post(userId, SocialKeys.newId(now), UserService.emptyToNull(title), body, 0, 1, now.toString(),
                now.toString());
        return repository.createPost(post)
                .onFailure(WriteRejected.class).transform(e -> Rejections.toProblem(e, "user", userId))
                .replaceWith(post);
    }

    public Uni<Post> get(String userId, String postId) {
        return repository.post(userId, postId).onItem().ifNull().failWith(() -> postNotFound(postId));
    }

    public Uni<Page<Post>> list(String userId, PageRequest page) {
        return repository.userPosts(userId, page);
    }

    /** Only the author changes a post (403 for anyone else, before anything is read or written). */
    public Uni<Post> update(String userId, String postId, String title, String body, Long expectedVersion) {
        Ids.require("userId", userId);
        Ids.require("postId", postId);
        rules.requireSelf(userId);
        return repository.updatePost(userId, postId, title, body, expectedVersion, clock.instant().toString())
                .onFailure(WriteRejected.class).transform(e -> Rejections.toProblem(e, "post", postId));
    }

    /**
     * Only the author deletes (403 for anyone else, before any DynamoDB call). One transaction deletes the caller's
     * own post (the If-Match gate: a stale ETag is a 412 and deletes nothing) and records in the caller's partition
     * that its comments are to be deleted; then the comments go, then the record. When the post is not there, the
     * record decides: none is a 404 that touches nothing (comments are keyed by the post id alone, so they are only
     * ever deleted for a post the caller is known to have deleted); one is a DELETE that failed half-way, and this
     * one finishes it (204).
     */
    public Uni<Void> delete(String userId, String postId, Long expectedVersion) {
        Ids.require("userId", userId);
        Ids.require("postId", postId);
        rules.requireSelf(userId);
        return repository.deletePost(userId, postId, expectedVersion, clock.instant().toString())
                .onFailure(PostService::isNotFound).recoverWithUni(notFound -> unfinishedDeletion(userId, postId,
                        expectedVersion, notFound))
                .chain(repository::finishPostDeletion)
                .onFailure(WriteRejected.class).transform(e -> Rejections.toProblem(e, "post", postId))
                .replaceWithVoid();
    }

    /**
     * The caller's own record of a deletion that did not finish, or the failure to answer. A retry must send the
     * If-Match the first attempt sent (if that one sent any): another one is a 412, as it would have been then.
     */
    private Uni<PostDeletion> unfinishedDeletion(String userId, String postId, Long expectedVersion,
            Throwable notFound) {
        return repository.pendingPostDeletion(userId, postId).chain(pending -> {
            if (pending == null) {
                return Uni.createFrom().failure(notFound);
            }
            if (expectedVersion != null && pending.expectedVersion() != null
                    && !expectedVersion.equals(pending.expectedVersion())) {
                return Uni.createFrom().failure(new WriteRejected(Reason.VERSION_MISMATCH));
            }
            return Uni.createFrom().item(pending);
        });
    }

    /**
     * The author is the caller. 404 when the post is gone (checked first), 403 when the caller has no profile:
     * both are conditions of the one transaction, so nothing is written.
     */
    public Uni<Comment> comment(String userId, String postId, String body) {
        Ids.require("userId", userId);
        Ids.require("postId", postId);
        String authorId = rules.callerId();
        Instant now = clock.instant();
        Comment comment = new Comment(postId, userId, SocialKeys.newId(now), authorId, body, now.toString());
        return repository.createComment(comment)
                .onFailure(WriteRejected.class).transform(e -> Rejections.toProblem(e, "post", postId))
                .replaceWith(comment);
    }

    public Uni<Page<Comment>> comments(String userId, String postId, PageRequest page) {
        Ids.require("userId", userId);
        return repository.postComments(userId, postId, page);
    }

    /** Starts at the current month (UTC) unless the cursor names where to resume. */
    public Uni<Page<Post>> timeline(PageRequest page) {
        return repository.timeline(Months.of(clock.instant()), page);
    }

    private static boolean isNotFound(Throwable e) {
        return e instanceof WriteRejected rejected && rejected.reason() == Reason.NOT_FOUND;
    }

    private static ProblemException postNotFound(String postId) {
        return ProblemException.notFound("post " + postId + " does not exist");
    }
}
