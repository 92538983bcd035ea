package dev.trident.social.service;

import dev.trident.keys.EntityType;
import dev.trident.keys.ItemKey;
import dev.trident.keys.SocialKeys;
import dev.trident.social.model.PostDeletionRecord;
import dev.trident.social.repository.AccountErasureRepository.AuthoredComment;
import dev.trident.social.repository.AccountErasureRepository.UserItem;
import dev.trident.social.repository.AccountErasureRepository;
import dev.trident.social.repository.CommentRepository;
import dev.trident.support.dynamo.PageKey;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.erasure.ErasurePart;
import dev.trident.support.erasure.ErasureRecords;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.util.List;

/**
 * social-service's part of an erasure: everything in the account's partition (profile if still there, posts with
 * every comment on them, whoever wrote it, pending post deletions, monthly stats), then the account's comments on
 * other people's posts, each with its post's commentCount in one transaction. Page by page (100 items), so no
 * request and no batch grows with the account.
 */
@Singleton
public class SocialErasurePart extends ErasurePart {

    /** Posts whose comments are deleted at once, and comments elsewhere deleted at once. */
    static final int CONCURRENCY = 8;

    private final AccountErasureRepository erasures;
    private final CommentRepository comments;

    SocialErasurePart(ErasureRecords records, Clock clock, MeterRegistry registry, AccountErasureRepository erasures,
            CommentRepository comments) {
        super(records, clock, registry);
        this.erasures = erasures;
        this.comments = comments;
    }

    /** The account's comments on other people's posts are found through GSI1. */
    @Override
    protected boolean sweepsIndex() {
        return true;
    }

    @Override
    protected String part() {
        return "social";
    }

    @Override
    protected Uni<Void> erase(String userId, Progress progress) {
        return erasePartition(userId, progress).chain(() -> eraseCommentsElsewhere(userId, null, progress));
    }

    /**
     * One page of the account's partition: the comments of its posts (and of posts whose deletion was left
     * half-way) first, then the page's items, so a crash in between leaves the post to find again next time.
     */
    private Uni<Void> erasePartition(String userId, Progress progress) {
        return erasures.userItems(userId).chain(page -> {
            if (page.isEmpty()) {
                return Uni.createFrom().voidItem();
            }
            List<Uni<Integer>> commentSweeps = page.stream()
                    .filter(item -> item.postId() != null
                            && (item.type() == EntityType.POST || item.type() == EntityType.POST_DELETION))
                    .map(item -> comments.deleteComments(new PostDeletionRecord(userId, item.postId(), null, null)))
                    .toList();
            Uni<Integer> swept = commentSweeps.isEmpty() ? Uni.createFrom().item(0)
                    : Uni.join().all(commentSweeps).usingConcurrencyOf(CONCURRENCY).andFailFast()
                            .map(counts -> counts.stream().mapToInt(Integer::intValue).sum());
            List<ItemKey> keys = page.stream().map(UserItem::key).toList();
            return swept.chain(commentCount -> erasures.deleteAll(keys)
                    .chain(() -> progress.erased(commentCount + (long) keys.size())))
                    .chain(() -> erasePartition(userId, progress));
        });
    }

    /** The account's comments on posts it does not own, a page at a time, each with its post's count. */
    private Uni<Void> eraseCommentsElsewhere(String userId, PageKey startKey, Progress progress) {
        return erasures.commentsBy(userId, startKey).chain(page -> {
            List<Uni<Integer>> deletes = page.comments().stream().map(c -> deleteCommentElsewhere(userId, c)).toList();
            Uni<Integer> deleted = deletes.isEmpty() ? Uni.createFrom().item(0)
                    : Uni.join().all(deletes).usingConcurrencyOf(CONCURRENCY).andFailFast()
                            .map(counts -> counts.stream().mapToInt(Integer::intValue).sum());
            return deleted.chain(count -> progress.erased(count))
                    .chain(() -> page.next() == null ? Uni.createFrom().voidItem()
                            : eraseCommentsElsewhere(userId, page.next(), progress));
        });
    }

    /**
     * Deletes the comment and takes it off its post's commentCount in one transaction
     * ({@link CommentRepository#deleteComment}); a comment already gone counts nothing; a comment whose post is gone
     * (deleted by its owner, its comments being swept) is deleted on its own.
     */
    private Uni<Integer> deleteCommentElsewhere(String userId, AuthoredComment c) {
        return comments.deleteComment(c.postAuthorId(), c.postId(), c.commentId(), userId, null)
                .replaceWith(1)
                .onFailure(WriteRefused.class).recoverWithUni(refused -> {
                    if (CommentRepository.COUNTED_POST.equals(((WriteRefused) refused).action())) {
                        return erasures.deleteAll(List.of(SocialKeys.comment(c.postId(), c.commentId()))).replaceWith(1);
                    }
                    return Uni.createFrom().item(0);
                });
    }
}
