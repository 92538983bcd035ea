package dev.trident.social.service;

import dev.trident.keys.Timestamps;
import dev.trident.social.model.PostDeletionRecord;
import dev.trident.social.repository.PostRepository;
import dev.trident.support.security.Caller;
import dev.trident.support.work.PendingWork;
import dev.trident.support.work.WorkRunner;
import dev.trident.support.work.WorkSettings;
import dev.trident.support.work.WorkTask;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;

/**
 * {@code DELETE /users/{id}/posts/{postId}}: the post goes at once, its comments with {@link PostDeletionTask}, from
 * the request that deleted it or from the pending-work poll.
 */
@ApplicationScoped
public class PostDeletion {

    /** social-service's pending-work partition. */
    public static final String SERVICE = "social";
    public static final String DELETE_POST = "delete-post";

    private final PostRepository posts;
    private final Clock clock;
    private final PendingWork work;
    private final WorkRunner runner;
    private final WorkSettings settings;

    PostDeletion(PostRepository posts, Clock clock, PendingWork work, WorkRunner runner, WorkSettings settings) {
        this.posts = posts;
        this.clock = clock;
        this.work = work;
        this.runner = runner;
        this.settings = settings;
    }

    /**
     * Only the author deletes (403 for anyone else, before any DynamoDB call). One transaction deletes the caller's
     * own post (the If-Match gate: a stale ETag is a 412 and deletes nothing), records in the caller's partition that
     * its comments are to be deleted, and writes the pending-work task that finishes the caller's post deletions, held
     * by this process; then the request does that task itself within {@code trident.work.inline-budget}: emits true
     * when it finished (204), false when the rest was left to the pending-work poll (202), which finishes it whether
     * or not the caller asks again. When the post is not there, the record decides: none is a 404 that touches
     * nothing (comments are keyed by the post id alone, so they are only ever deleted for a post the caller is known
     * to have deleted); one is a DELETE not finished yet, and this one takes its task over.
     */
    public Uni<Boolean> delete(Caller caller, String userId, String postId, Long expectedVersion) {
        AccessRules.requireSelf(caller, userId);
        WorkTask task = runner.heldTask(SERVICE, DELETE_POST, userId);
        String now = Timestamps.format(clock.instant());
        return posts.deletePost(userId, postId, expectedVersion, now, PendingWork.enqueue(task))
                .replaceWith(task)
                .onFailure(e -> Refusals.isGone(e, PostRepository.POST_CHANGE))
                .recoverWithUni(gone -> unfinishedDeletion(userId, postId, expectedVersion, gone)
                        .chain(pending -> {
                            WorkTask again = runner.heldTask(SERVICE, DELETE_POST, userId);
                            return work.enqueueNow(again).replaceWith(again);
                        }))
                .onFailure().transform(e -> Refusals.postChange(e, postId))
                .chain(held -> runner.performHeld(held, settings.inlineBudget()));
    }

    /**
     * The caller's own record of a deletion that did not finish, or the failure to answer. A retry must send the
     * If-Match the first attempt sent (if that one sent any): another one is a 412, as it would have been then.
     */
    private Uni<PostDeletionRecord> unfinishedDeletion(String userId, String postId, Long expectedVersion,
            Throwable gone) {
        return posts.pendingPostDeletion(userId, postId).chain(pending -> {
            if (pending == null) {
                return Uni.createFrom().failure(gone);
            }
            if (expectedVersion != null && pending.expectedVersion() != null
                    && !expectedVersion.equals(pending.expectedVersion())) {
                return Uni.createFrom().failure(Refusals.changedSinceRead("post", postId));
            }
            return Uni.createFrom().item(pending);
        });
    }
}
