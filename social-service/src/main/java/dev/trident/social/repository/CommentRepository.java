package dev.trident.social.repository;

import static dev.trident.keys.TableSchema.PK;
import static dev.trident.keys.TableSchema.SK;
import static dev.trident.social.repository.SocialEntities.AUTHOR_ID;
import static dev.trident.social.repository.SocialEntities.BODY;
import static dev.trident.social.repository.SocialEntities.COMMENT;
import static dev.trident.social.repository.SocialEntities.COMMENTS;
import static dev.trident.social.repository.SocialEntities.COMMENT_COUNT;
import static dev.trident.social.repository.SocialEntities.POST_AUTHOR_ID;

import dev.trident.keys.ItemKey;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.expr.Condition;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.social.model.Comment;
import dev.trident.social.model.PostDeletionRecord;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.KeyQuery;
import dev.trident.support.dynamo.Slice;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.VersionedChange;
import dev.trident.support.dynamo.WriteRefused;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Comments, in their post's partition ({@code POST#<postId>}). */
@ApplicationScoped
public class CommentRepository {

    // The actions whose conditions can refuse a write, as WriteRefused names them.
    /** The comment to create exists already. */
    public static final String NEW_COMMENT = "new-comment";
    /** The post to comment on is gone (or is not the path user's). */
    public static final String COMMENTED_POST = "commented-post";
    /** The post's owner has no profile: the post is part of an erased account (its erasure not done yet). */
    public static final String POST_OWNER_PROFILE = "post-owner-profile";
    /** The commenter has no profile. */
    public static final String COMMENTER_PROFILE = "commenter-profile";
    private static final String COMMENTER_STATS = "commenter-stats";
    /**
     * The comment to change or delete is gone, under another post owner, by another author than the one required,
     * or at another version; the refusal carries the comment as it stood ({@link #commentMet}).
     */
    public static final String COMMENT_CHANGE = "comment";
    /** The post a deleted comment is taken off is gone. */
    public static final String COUNTED_POST = "counted-post";

    private final DynamoTable table;

    CommentRepository(DynamoTable table) {
        this.table = table;
    }

    /**
     * Comment on a post: one TransactWriteItems = Put comment ({@code attribute_not_exists(PK)}) + Update the
     * post {@code ADD commentCount :1} ({@code attribute_exists(PK)}) + ConditionCheck the post owner's profile
     * exists (an erasure deletes it when it is accepted, the posts only later) + ConditionCheck the commenter's
     * profile exists (one check when the commenter is the owner: a transaction touches an item once) + Update the
     * commenter's {@code STATS#<month>} {@code ADD comments :1}. Refused as {@link #NEW_COMMENT},
     * {@link #COMMENTED_POST}, {@link #POST_OWNER_PROFILE} or {@link #COMMENTER_PROFILE}, the first failed in that
     * order. The counter is not an edit of the post: its version and updatedAt stay, so its ETag survives comments.
     */
    public Uni<Void> createComment(Comment comment) {
        String month = SocialEntities.monthOf(comment.createdAt());
        Transaction transaction = Transaction.of()
                .create(NEW_COMMENT, COMMENT, comment)
                .update(COMMENTED_POST, SocialKeys.post(comment.postAuthorId(), comment.postId()),
                        new UpdateExpressionBuilder().add(COMMENT_COUNT, 1).condition(Conditions.ITEM_EXISTS).build())
                .check(POST_OWNER_PROFILE, SocialKeys.userProfile(comment.postAuthorId()), Conditions.ITEM_EXISTS);
        if (!comment.authorId().equals(comment.postAuthorId())) {
            transaction.check(COMMENTER_PROFILE, SocialKeys.userProfile(comment.authorId()), Conditions.ITEM_EXISTS);
        }
        return table.transact(SocialKeys.COMMENT_CREATE, transaction
                .update(COMMENTER_STATS, SocialKeys.monthlyStats(comment.authorId(), month),
                        StatsRepository.count(COMMENTS, comment.authorId(), month, comment.createdAt())));
    }

    /**
     * One comment: one GetItem {@code POST#<postId>/COMMENT#<commentId>}, strongly consistent (it carries the ETag
     * an edit or delete sends back). Emits null when absent, or when the post is not {@code postAuthorId}'s (a path
     * naming another user finds nothing).
     */
    public Uni<Comment> comment(String postAuthorId, String postId, String commentId) {
        return table.get(SocialKeys.COMMENT, COMMENT, SocialKeys.comment(postId, commentId))
                .map(comment -> comment != null && postAuthorId.equals(comment.postAuthorId()) ? comment : null);
    }

    /**
     * The author edits a comment's body: one UpdateItem {@code SET body, updatedAt ADD version 1} under
     * {@code attribute_exists(PK) AND postAuthorId = :owner AND authorId = :author} [+ {@code version = :expected}].
     * Emits the comment as edited; refused as {@link #COMMENT_CHANGE}, with the comment it met. The post is not
     * touched: an edit changes no count.
     */
    public Uni<Comment> editComment(String postAuthorId, String postId, String commentId, String authorId, String body,
            Long expectedVersion, String now) {
        // versionedChange adds attribute_exists(PK) and, with If-Match, the version.
        UpdateExpressionBuilder update = new UpdateExpressionBuilder().set(BODY, body)
                .condition(postOwnerIs(postAuthorId).and(authorIs(authorId)));
        return table.update(SocialKeys.COMMENT_UPDATE, COMMENT_CHANGE, SocialKeys.comment(postId, commentId),
                VersionedChange.of(update, expectedVersion, now)).map(COMMENT::fromItem);
    }

    /**
     * Delete one comment and take it off its post's count: one TransactWriteItems = Delete the comment under
     * {@code attribute_exists(PK) AND postAuthorId = :owner} [+ {@code authorId = :author} when {@code authorId} is
     * given] [+ {@code version = :expected}] (refused as {@link #COMMENT_CHANGE}, with the comment it met) + Update
     * the post {@code ADD commentCount -1} under {@code attribute_exists(PK)} (refused as {@link #COUNTED_POST}: the
     * post is gone). Both or neither, so commentCount always equals the comments that remain. As with a new comment,
     * the post's version stays, and the month stats keep counting the comment as written.
     *
     * @param authorId the author the comment must have, or null for any (the post's owner deletes any comment)
     */
    public Uni<Void> deleteComment(String postAuthorId, String postId, String commentId, String authorId,
            Long expectedVersion) {
        Condition condition = Conditions.ITEM_EXISTS.and(postOwnerIs(postAuthorId));
        if (authorId != null) {
            condition = condition.and(authorIs(authorId));
        }
        if (expectedVersion != null) {
            condition = condition.and(Conditions.versionEquals(expectedVersion));
        }
        return table.transact(SocialKeys.COMMENT_DELETE, Transaction.of()
                .delete(COMMENT_CHANGE, SocialKeys.comment(postId, commentId), condition)
                .update(COUNTED_POST, SocialKeys.post(postAuthorId, postId),
                        new UpdateExpressionBuilder().add(COMMENT_COUNT, -1).condition(Conditions.ITEM_EXISTS)
                                .build()));
    }

    /** The comment a refused {@link #COMMENT_CHANGE} met; null when there was none. */
    public static Comment commentMet(WriteRefused refused) {
        return COMMENT.fromItem(refused.currentItem(COMMENT_CHANGE));
    }

    /** The comment is under a post of {@code postAuthorId} (so a path naming another user changes nothing). */
    private static Condition postOwnerIs(String postAuthorId) {
        return Conditions.equalTo(POST_AUTHOR_ID.name(), POST_AUTHOR_ID.encode(postAuthorId));
    }

    private static Condition authorIs(String authorId) {
        return Conditions.equalTo(AUTHOR_ID.name(), AUTHOR_ID.encode(authorId));
    }

    /**
     * A post's comments oldest first: one Query {@code PK = POST#id AND begins_with(SK, COMMENT#)}, ascending,
     * eventually consistent (a list), {@code Limit = limit + 1}, from {@code resume} (null: the first page),
     * filtered on the post's owner so that a path naming another user lists nothing (the filter never drops a
     * comment of the right path, so it costs no short pages).
     */
    public Uni<Slice<Comment>> postComments(String userId, String postId, CursorState resume, int limit) {
        return table.list(KeyQuery.of(SocialKeys.POST_COMMENTS).in(SocialKeys.commentPartition(postId))
                .resumingAt(resume)
                .filter(Conditions.equalTo(POST_AUTHOR_ID.name(), POST_AUTHOR_ID.encode(userId))), limit, COMMENT);
    }

    /** Comment keys read (and then deleted) at once by a post deletion's task. */
    public static final int DELETE_PAGE = 100;

    /**
     * Every comment of a post its owner deleted (only for a {@link PostDeletionRecord}: comments are keyed by the post
     * id alone, so nothing less than the owner's own deletion record may sweep them): Query {@code PK = POST#id}, keys
     * only, strongly consistent (nothing written just before may be missed), page by page; per page BatchWriteItem
     * deletes in chunks of 25, unprocessed items re-sent with backoff (TableBusy when they stay). Emits how many
     * comments were deleted.
     */
    public Uni<Integer> deleteComments(PostDeletionRecord deletion) {
        return deleteCommentPages(KeyQuery.of(SocialKeys.POST_COMMENTS_DELETE).project(PK, SK)
                .in(SocialKeys.commentPartition(deletion.postId())),
                deleted -> Uni.createFrom().voidItem());
    }

    /**
     * As {@link #deleteComments(PostDeletionRecord)}, {@link #DELETE_PAGE} comments a page, calling {@code afterPage}
     * with the count of each page deleted (a pending-work task extends its lease there).
     */
    public Uni<Integer> deleteComments(PostDeletionRecord deletion, Function<Integer, Uni<Void>> afterPage) {
        return deleteCommentPages(KeyQuery.of(SocialKeys.POST_COMMENTS_DELETE).project(PK, SK)
                .in(SocialKeys.commentPartition(deletion.postId()))
                .limit(DELETE_PAGE), afterPage);
    }

    private Uni<Integer> deleteCommentPages(KeyQuery comments, Function<Integer, Uni<Void>> afterPage) {
        return table.pages(comments)
                .onItem().transformToUniAndConcatenate(page -> {
                    List<ItemKey> keys = page.items().stream().map(ItemKey::of).toList();
                    return keys.isEmpty() ? Uni.createFrom().item(0)
                            : table.batchDelete(SocialKeys.POST_COMMENTS_DELETE, keys)
                                    .chain(() -> afterPage.apply(keys.size()))
                                    .replaceWith(keys.size());
                })
                .collect().with(Collectors.summingInt(Integer::intValue));
    }
}
