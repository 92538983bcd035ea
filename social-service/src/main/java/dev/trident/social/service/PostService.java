package dev.trident.social.service;

import dev.trident.keys.Ids;
import dev.trident.keys.Months;
import dev.trident.keys.SocialKeys;
import dev.trident.social.model.Comment;
import dev.trident.social.model.Post;
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
    private final Clock clock;

    PostService(SocialRepository repository, Clock clock) {
        this.repository = repository;
        this.clock = clock;
    }

    /** 404 when the author has no profile: the transaction's ConditionCheck fails and nothing is written. */
    public Uni<Post> create(String userId, String title, String body) {
        Ids.require("userId", userId);
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

    public Uni<Post> update(String userId, String postId, String title, String body, Long expectedVersion) {
        Ids.require("userId", userId);
        Ids.require("postId", postId);
        return repository.updatePost(userId, postId, title, body, expectedVersion, clock.instant().toString())
                .onFailure(WriteRejected.class).transform(e -> Rejections.toProblem(e, "post", postId));
    }

    /**
     * Deletes the post (the If-Match gate), then sweeps its comments. When the post is already gone the sweep
     * still runs before the 404, so repeating a DELETE that failed half-way (post deleted, comments not)
     * leaves nothing behind. A stale If-Match deletes nothing.
     */
    public Uni<Void> delete(String userId, String postId, Long expectedVersion) {
        Ids.require("userId", userId);
        Ids.require("postId", postId);
        return repository.deletePost(userId, postId, expectedVersion)
                .onFailure(PostService::isNotFound).recoverWithUni(e -> repository.deletePostComments(postId)
                        .chain(() -> Uni.createFrom().failure(e)))
                .chain(() -> repository.deletePostComments(postId))
                .onFailure(WriteRejected.class).transform(e -> Rejections.toProblem(e, "post", postId))
                .replaceWithVoid();
    }

    /** 404 when the post is gone, 422 (field authorId) when the commenter has no profile. */
    public Uni<Comment> comment(String userId, String postId, String authorId, String body) {
        Ids.require("userId", userId);
        Ids.require("postId", postId);
        Ids.require("authorId", authorId);
        Instant now = clock.instant();
        Comment comment = new Comment(postId, userId, SocialKeys.newId(now), authorId, body, now.toString());
        return repository.createComment(comment)
                .onFailure(WriteRejected.class).transform(e -> ((WriteRejected) e).reason() == Reason.UNKNOWN_AUTHOR
                        ? ProblemException.unknownReference("authorId", authorId)
                        : Rejections.toProblem(e, "post", postId))
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
