package dev.trident.social.repository;

import static dev.trident.keys.TableSchema.TYPE;
import static dev.trident.keys.entity.StandardAttributes.CREATED_AT;
import static dev.trident.social.repository.SocialEntities.BODY;
import static dev.trident.social.repository.SocialEntities.MONTH;
import static dev.trident.social.repository.SocialEntities.POSTS;
import static dev.trident.social.repository.SocialEntities.POST_DELETION;
import static dev.trident.social.repository.SocialEntities.TITLE;

import dev.trident.keys.EntityType;
import dev.trident.keys.Shards;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.entity.EntitySchema;
import dev.trident.keys.entity.KeyInputs;
import dev.trident.keys.expr.Condition;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.UpdateExpressionBuilder.UpdateExpression;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.social.config.SocialConfig;
import dev.trident.social.model.Post;
import dev.trident.social.model.PostDeletionRecord;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.KeyQuery;
import dev.trident.support.dynamo.Slice;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.VersionedChange;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Posts, and the record in the owner's partition that a deleted post's comments are still to be deleted. */
@ApplicationScoped
public class PostRepository {

    // The actions whose conditions can refuse a write, as WriteRefused names them.
    /** The post to create exists already. */
    public static final String NEW_POST = "new-post";
    /** The author has no profile. */
    public static final String AUTHOR_PROFILE = "author-profile";
    /** The post to change or delete is gone ({@code itemExists() == false}) or at another version. */
    public static final String POST_CHANGE = "post";
    private static final String AUTHOR_STATS = "author-stats";
    private static final String TIMELINE_MONTH = "timeline-month";
    private static final String DELETION_RECORD = "deletion-record";

    private final DynamoTable table;
    /**
     * Months this process has seen written to the timeline's month index: a post in such a month needs no index
     * write, so the index item is written about once per month and process, never by every post (no hot item).
     */
    private final Set<String> indexedMonths = ConcurrentHashMap.newKeySet();

    private final EntitySchema<Post> postItems;

    PostRepository(DynamoTable table, SocialConfig config) {
        this.table = table;
        this.postItems = SocialEntities.POST.with(KeyInputs.of(SocialEntities.TIMELINE_SHARDS,
                Shards.requireShardCount(config.timeline().shards())));
    }

    /**
     * Create a post: one TransactWriteItems = Put post ({@code attribute_not_exists(PK)}, GSI2
     * {@code TIMELINE#<month>#<shard>/<postId>}) + Update the author's {@code STATS#<month>} ({@code ADD posts :1})
     * + ConditionCheck the author's profile exists + [the first time this process writes a post in the month]
     * Update {@code TIMELINE#MONTHS/MONTH#<month>} (attributes {@code if_not_exists}, no condition), so the month
     * index lists every month that holds a post. Refused as {@link #NEW_POST} or {@link #AUTHOR_PROFILE}.
     */
    public Uni<Void> createPost(Post post) {
        String month = SocialEntities.monthOf(post.createdAt());
        Transaction transaction = Transaction.of()
                .create(NEW_POST, postItems, post)
                .update(AUTHOR_STATS, SocialKeys.monthlyStats(post.userId(), month),
                        StatsRepository.count(POSTS, post.userId(), month, post.createdAt()))
                .check(AUTHOR_PROFILE, SocialKeys.userProfile(post.userId()), Conditions.ITEM_EXISTS);
        boolean indexMonth = !indexedMonths.contains(month);
        if (indexMonth) {
            transaction.update(TIMELINE_MONTH, SocialKeys.timelineMonth(month),
                    listInMonthIndex(month, post.createdAt()));
        }
        return table.transact(SocialKeys.POST_CREATE, transaction).invoke(() -> {
            if (indexMonth) {
                indexedMonths.add(month);
            }
        });
    }

    /** Lists {@code month} in the timeline's month index; written again it changes nothing. */
    private static UpdateExpression listInMonthIndex(String month, String now) {
        return new UpdateExpressionBuilder()
                .setIfNotExists(TYPE, EntityType.TIMELINE_MONTH.typeAttribute())
                .setIfNotExists(MONTH, month)
                .setIfNotExists(CREATED_AT, now)
                .build();
    }

    /** Get one post: one GetItem, strongly consistent (it carries the ETag). Emits null when absent. */
    public Uni<Post> post(String userId, String postId) {
        return table.get(SocialKeys.POST, postItems, SocialKeys.post(userId, postId));
    }

    /**
     * A user's posts newest first: one Query {@code PK = USER#id AND begins_with(SK, POST#)}, descending,
     * eventually consistent (a list), {@code Limit = limit + 1}, from {@code resume} (null: the first page).
     */
    public Uni<Slice<Post>> userPosts(String userId, CursorState resume, int limit) {
        return table.list(KeyQuery.of(SocialKeys.USER_POSTS).in(SocialKeys.userPartition(userId))
                .resumingAt(resume), limit, postItems);
    }

    /**
     * Change a post's title and/or body (null leaves a field, an empty title removes it): one UpdateItem conditioned
     * on {@code attribute_exists(PK)} [+ {@code version = :expected}]; bumps version and updatedAt. Refused as
     * {@link #POST_CHANGE}, with the item it met (none: the post is gone).
     */
    public Uni<Post> updatePost(String userId, String postId, String title, String body, Long expectedVersion,
            String now) {
        UpdateExpressionBuilder update = new UpdateExpressionBuilder().setIfGiven(TITLE, title).setIfGiven(BODY, body);
        return table.update(SocialKeys.POST_UPDATE, POST_CHANGE, SocialKeys.post(userId, postId),
                VersionedChange.of(update, expectedVersion, now)).map(postItems::fromItem);
    }

    /**
     * Delete a post, first phase: one TransactWriteItems = Delete the post ({@code attribute_exists(PK)}
     * [+ {@code version = :expected}]; refused as {@link #POST_CHANGE} with the item it met) + Put
     * {@code USER#<userId>/DELPOST#<postId>}, the record that its comments are still to be deleted, + {@code alongside}
     * (the pending-work task that finishes it). All or nothing: the record exists only if the caller's own post was
     * deleted. Deleting the post stops new comments (a comment's transaction requires the post), and takes it off the
     * timeline (its GSI2 entry is the post item).
     */
    public Uni<PostDeletionRecord> deletePost(String userId, String postId, Long expectedVersion, String now,
            Transaction.Part alongside) {
        Condition condition = expectedVersion == null ? Conditions.ITEM_EXISTS
                : Conditions.ITEM_EXISTS.and(Conditions.versionEquals(expectedVersion));
        PostDeletionRecord deletion = new PostDeletionRecord(userId, postId, expectedVersion, now);
        return table.transact(SocialKeys.POST_DELETE, Transaction.of()
                .delete(POST_CHANGE, SocialKeys.post(userId, postId), condition)
                .put(DELETION_RECORD, POST_DELETION.toItem(deletion), null)
                .include(alongside))
                .replaceWith(deletion);
    }

    /**
     * The user's post deletions not finished yet, oldest post first: one Query {@code PK = USER#<userId> AND
     * begins_with(SK, DELPOST#)}, {@code Limit = limit}, strongly consistent (a deletion recorded just before must be
     * found). The prefix sorts below {@code POST#}, so the Query reads deletion records only.
     */
    public Uni<List<PostDeletionRecord>> pendingPostDeletions(String userId, int limit) {
        return table.query(KeyQuery.of(SocialKeys.POST_DELETION_PENDING).in(SocialKeys.userPartition(userId))
                .limit(limit))
                .map(page -> page.items().stream().map(POST_DELETION::fromItem).toList());
    }

    /**
     * The caller's unfinished deletion of their post, if any: one GetItem on {@code USER#<userId>/DELPOST#<postId>},
     * strongly consistent (it decides between a 404 and finishing a delete). Emits null when there is none.
     */
    public Uni<PostDeletionRecord> pendingPostDeletion(String userId, String postId) {
        return table.get(SocialKeys.POST_DELETION_PENDING, POST_DELETION, SocialKeys.postDeletion(userId, postId));
    }

    /**
     * Delete a post, last step, once its comments are gone ({@link CommentRepository#deleteComments}): one
     * DeleteItem of the deletion record. Until then the pending-work task, or a repeated DELETE, finds the record
     * and resumes.
     */
    public Uni<Void> finishPostDeletion(PostDeletionRecord deletion) {
        return table.delete(SocialKeys.POST_DELETION_FINISH, DELETION_RECORD,
                SocialKeys.postDeletion(deletion.userId(), deletion.postId()), null).replaceWithVoid();
    }
}
