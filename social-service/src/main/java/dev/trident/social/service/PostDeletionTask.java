package dev.trident.social.service;

import dev.trident.social.model.PostDeletionRecord;
import dev.trident.social.repository.CommentRepository;
import dev.trident.social.repository.PostRepository;
import dev.trident.support.work.WorkHandler;
import dev.trident.support.work.WorkTask;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Finishes a user's post deletions ({@code WORK#social#<n>/TASK#delete-post#<userId>}): every deletion record in the
 * user's partition ({@code USER#<userId>/DELPOST#<postId>}, written with the post's delete), the post's comments
 * a page at a time, the lease extended after each page, then the record; again until no record is left. The task is
 * the user's, not the post's: a task id holds one id of the id grammar, a user id may take all of its 64 characters,
 * and the records are found from the user id alone. A post deletion whose request ran out of time or failed, or
 * whose process died, is finished from here without the owner asking again. Done twice, it finds less or nothing.
 */
@ApplicationScoped
public class PostDeletionTask implements WorkHandler {

    /** Deletion records read at once. */
    static final int RECORDS_PER_READ = 25;

    private final PostRepository posts;
    private final CommentRepository comments;

    PostDeletionTask(PostRepository posts, CommentRepository comments) {
        this.posts = posts;
        this.comments = comments;
    }

    @Override
    public String service() {
        return PostDeletion.SERVICE;
    }

    @Override
    public String kind() {
        return PostDeletion.DELETE_POST;
    }

    @Override
    public Uni<Void> perform(WorkTask task, Lease lease) {
        return finishAll(task.id(), lease);
    }

    /**
     * Until a read finds no record: one written after the read before (another DELETE of the same user's, which wrote
     * this same task again) is found by the next.
     */
    private Uni<Void> finishAll(String userId, Lease lease) {
        return posts.pendingPostDeletions(userId, RECORDS_PER_READ).chain(deletions -> deletions.isEmpty()
                ? Uni.createFrom().voidItem()
                : finishEach(deletions, 0, lease).chain(() -> finishAll(userId, lease)));
    }

    private Uni<Void> finishEach(List<PostDeletionRecord> deletions, int index, Lease lease) {
        if (index == deletions.size()) {
            return Uni.createFrom().voidItem();
        }
        PostDeletionRecord deletion = deletions.get(index);
        return comments.deleteComments(deletion, page -> lease.extend())
                .chain(() -> posts.finishPostDeletion(deletion))
                .chain(() -> finishEach(deletions, index + 1, lease));
    }
}
