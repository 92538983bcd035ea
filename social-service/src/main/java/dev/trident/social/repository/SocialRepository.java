package dev.trident.social.repository;

import static dev.trident.keys.TableSchema.CREATED_AT;
import static dev.trident.keys.TableSchema.GSI1;
import static dev.trident.keys.TableSchema.GSI2;
import static dev.trident.keys.TableSchema.GSI2PK;
import static dev.trident.keys.TableSchema.PK;
import static dev.trident.keys.TableSchema.SK;
import static dev.trident.keys.TableSchema.TYPE;
import static dev.trident.keys.TableSchema.UPDATED_AT;
import static dev.trident.keys.TableSchema.VERSION;
import static dev.trident.support.dynamo.Attributes.n;
import static dev.trident.support.dynamo.Attributes.number;
import static dev.trident.support.dynamo.Attributes.s;
import static dev.trident.support.dynamo.Attributes.string;

import dev.trident.keys.EntityType;
import dev.trident.keys.IndexKey;
import dev.trident.keys.InvalidKeyException;
import dev.trident.keys.ItemKey;
import dev.trident.keys.Months;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.cursor.InvalidCursorException;
import dev.trident.keys.expr.Condition;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.Expression;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.keys.expr.UpdateExpressionBuilder.UpdateExpression;
import dev.trident.social.config.SocialConfig;
import dev.trident.social.model.Comment;
import dev.trident.social.model.MonthlyStats;
import dev.trident.social.model.Post;
import dev.trident.social.model.PostDeletion;
import dev.trident.social.model.Profile;
import dev.trident.social.model.ProfileWithPosts;
import dev.trident.social.model.WriteRejected;
import dev.trident.social.model.WriteRejected.Reason;
import dev.trident.support.dynamo.AccessPattern;
import dev.trident.support.paging.Cursors;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.Update;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Every access pattern of the social domain, one method each, named after the pattern. Each method's javadoc
 * names the DynamoDB call(s) it makes. Conditional failures leave as {@link WriteRejected} naming what the
 * condition protected; the service turns them into HTTP answers.
 */
@ApplicationScoped
public class SocialRepository {

    /** DynamoDB's BatchWriteItem limit. */
    static final int BATCH_WRITE_LIMIT = 25;
    static final int BATCH_GET_LIMIT = 100;
    private static final String CONDITIONAL_CHECK_FAILED = "ConditionalCheckFailed";
    private static final String TRANSACTION_CONFLICT = "TransactionConflict";

    private static final String USER_ID = "userId";
    private static final String HANDLE = "handle";
    private static final String DISPLAY_NAME = "displayName";
    private static final String BIO = "bio";
    private static final String POST_ID = "postId";
    private static final String TITLE = "title";
    private static final String BODY = "body";
    private static final String COMMENT_COUNT = "commentCount";
    private static final String COMMENT_ID = "commentId";
    private static final String AUTHOR_ID = "authorId";
    private static final String POST_AUTHOR_ID = "postAuthorId";
    private static final String STATS_POSTS = "posts";
    private static final String STATS_COMMENTS = "comments";
    private static final String MONTH = "month";
    private static final String EXPECTED_VERSION = "expectedVersion";

    // The access patterns, as named in the metrics (trident_dynamodb_requests_seconds{pattern=...}).
    private static final AccessPattern USER_CREATE = AccessPattern.named("user-create");
    private static final AccessPattern USER_PROFILE = AccessPattern.named("user-profile");
    private static final AccessPattern USER_WITH_POSTS = AccessPattern.named("user-with-newest-posts");
    private static final AccessPattern USER_BY_HANDLE = AccessPattern.named("user-by-handle");
    private static final AccessPattern USER_UPDATE = AccessPattern.named("user-update");
    private static final AccessPattern USERS_BY_IDS = AccessPattern.named("users-by-ids");
    private static final AccessPattern POST_CREATE = AccessPattern.named("post-create");
    private static final AccessPattern POST = AccessPattern.named("post");
    private static final AccessPattern USER_POSTS = AccessPattern.named("user-posts");
    private static final AccessPattern POST_UPDATE = AccessPattern.named("post-update");
    private static final AccessPattern POST_DELETE = AccessPattern.named("post-delete");
    private static final AccessPattern POST_DELETION_PENDING = AccessPattern.named("post-deletion-pending");
    private static final AccessPattern POST_COMMENTS_DELETE = AccessPattern.named("post-comments-delete");
    private static final AccessPattern POST_DELETION_FINISH = AccessPattern.named("post-deletion-finish");
    private static final AccessPattern COMMENT_CREATE = AccessPattern.named("comment-create");
    private static final AccessPattern POST_COMMENTS = AccessPattern.named("post-comments");
    private static final AccessPattern TIMELINE = AccessPattern.named("timeline");
    private static final AccessPattern TIMELINE_MONTHS = AccessPattern.named("timeline-months");
    private static final AccessPattern MONTHLY_STATS = AccessPattern.named("monthly-stats");

    private final DynamoDbAsyncClient dynamo;
    private final String table;
    private final Cursors cursors;
    private final SocialConfig config;
    /**
     * Months this process has seen written to the timeline's month index: a post in such a month needs no index
     * write, so the index item is written about once per month and process, never by every post (no hot item).
     */
    private final Set<String> indexedMonths = ConcurrentHashMap.newKeySet();

    SocialRepository(DynamoDbAsyncClient dynamo, TableDefinition table, Cursors cursors, SocialConfig config) {
        this.dynamo = dynamo;
        this.table = table.tableName();
        this.cursors = cursors;
        this.config = config;
        if (config.batchGet().chunkSize() < 1 || config.batchGet().chunkSize() > BATCH_GET_LIMIT) {
            throw new IllegalArgumentException("trident.social.batch-get.chunk-size must be 1.." + BATCH_GET_LIMIT);
        }
    }

    // ---------------------------------------------------------------- users

    /**
     * Create a profile with a unique handle: one TransactWriteItems = Put profile + Put handle claim, both
     * {@code attribute_not_exists(PK)}. Rejected with HANDLE_TAKEN or ALREADY_EXISTS (from the CancellationReasons).
     */
    public Uni<Void> createUser(Profile profile) {
        String handleKey = SocialKeys.canonicalHandle(profile.handle());
        Map<String, AttributeValue> item = new HashMap<>(SocialKeys.userProfile(profile.userId()).toAttributes());
        item.putAll(SocialKeys.userByHandle(handleKey).toAttributes());
        item.put(TYPE, EntityType.USER_PROFILE.typeAttribute());
        item.put(USER_ID, s(profile.userId()));
        item.put(HANDLE, s(profile.handle()));
        item.put(DISPLAY_NAME, s(profile.displayName()));
        putIfPresent(item, BIO, profile.bio());
        item.put(VERSION, n(profile.version()));
        item.put(CREATED_AT, s(profile.createdAt()));
        item.put(UPDATED_AT, s(profile.updatedAt()));

        Map<String, AttributeValue> claim = new HashMap<>(SocialKeys.handleClaim(handleKey).toAttributes());
        claim.put(TYPE, EntityType.HANDLE_CLAIM.typeAttribute());
        claim.put(HANDLE, s(profile.handle()));
        claim.put(USER_ID, s(profile.userId()));
        claim.put(CREATED_AT, s(profile.createdAt()));
        claim.put(UPDATED_AT, s(profile.updatedAt()));

        return transact(USER_CREATE, List.of(putNew(item), putNew(claim)), List.of(Reason.ALREADY_EXISTS, Reason.HANDLE_TAKEN));
    }

    /** Get a profile: one GetItem (strongly consistent, it carries the ETag). Emits null when absent. */
    public Uni<Profile> userProfile(String userId) {
        return getItem(USER_PROFILE, SocialKeys.userProfile(userId), SocialRepository::toProfile);
    }

    /**
     * A profile and its newest posts in one read: one Query {@code PK = USER#id AND SK BETWEEN POST# AND PROFILE},
     * descending, so the profile comes first and the posts newest first. Emits null when there is no profile.
     */
    public Uni<ProfileWithPosts> userWithNewestPosts(String userId, int limit) {
        Map<String, AttributeValue> values = Map.of(
                ":pk", s(SocialKeys.userPartition(userId)),
                ":from", s(SocialKeys.postsPrefix()),
                ":to", s(SocialKeys.PROFILE));
        // The profile plus limit posts plus one more to prove a next page exists.
        QueryRequest request = QueryRequest.builder().tableName(table)
                .keyConditionExpression("#pk = :pk AND #sk BETWEEN :from AND :to")
                .expressionAttributeNames(Map.of("#pk", PK, "#sk", SK))
                .expressionAttributeValues(values)
                .scanIndexForward(false)
                .limit(limit + 2)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .overrideConfiguration(USER_WITH_POSTS.tag())
                .build();
        return call(() -> dynamo.query(request)).map(response -> {
            List<Map<String, AttributeValue>> items = response.items();
            if (items.isEmpty() || !SocialKeys.PROFILE.equals(string(items.get(0), SK))) {
                return null;
            }
            Page<Post> posts = cursors.page(postsScope(userId), items.subList(1, items.size()), limit, null,
                    SocialRepository::toPost);
            return new ProfileWithPosts(toProfile(items.get(0)), posts);
        });
    }

    /**
     * Find a profile by handle (any case): one Query on GSI1 {@code GSI1PK = HANDLE#<handle> AND GSI1SK = PROFILE}.
     * GSI1 is eventually consistent on real DynamoDB. Emits null when no profile has the handle.
     */
    public Uni<Profile> userByHandle(String handle) {
        IndexKey key = SocialKeys.userByHandle(SocialKeys.canonicalHandle(handle));
        QueryRequest request = QueryRequest.builder().tableName(table).indexName(GSI1)
                .keyConditionExpression("#pk = :pk AND #sk = :sk")
                .expressionAttributeNames(Map.of("#pk", key.pkAttribute(), "#sk", key.skAttribute()))
                .expressionAttributeValues(Map.of(":pk", s(key.pk()), ":sk", s(key.sk())))
                .limit(1)
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .overrideConfiguration(USER_BY_HANDLE.tag())
                .build();
        return call(() -> dynamo.query(request))
                .map(response -> response.items().isEmpty() ? null : toProfile(response.items().get(0)));
    }

    /**
     * Update a profile's displayName/bio (an empty bio removes it): one UpdateItem conditioned on
     * {@code attribute_exists(PK)} and, with If-Match, {@code version = :expected}; ALL_OLD on failure tells
     * NOT_FOUND from VERSION_MISMATCH.
     */
    public Uni<Profile> updateUser(String userId, String displayName, String bio, Long expectedVersion, String now) {
        UpdateExpressionBuilder update = new UpdateExpressionBuilder();
        if (displayName != null) {
            update.set(DISPLAY_NAME, s(displayName));
        }
        setOrRemove(update, BIO, bio);
        return conditionalUpdate(USER_UPDATE, SocialKeys.userProfile(userId), update, expectedVersion, now)
                .map(SocialRepository::toProfile);
    }

    /**
     * Up to 100 profiles by id: one BatchGetItem per chunk of {@code trident.social.batch-get.chunk-size} keys
     * (chunks in parallel); unprocessed keys are re-sent with exponential backoff and full jitter until the time
     * budget runs out (then 503). Returns the profiles found, by id; absent ids are simply not in the map.
     */
    public Uni<Map<String, Profile>> usersByIds(List<String> userIds) {
        long deadline = System.nanoTime() + config.batchGet().timeBudget().toNanos();
        List<Map<String, AttributeValue>> keys = userIds.stream()
                .map(id -> SocialKeys.userProfile(id).toAttributes()).toList();
        List<Uni<List<Map<String, AttributeValue>>>> chunks = new ArrayList<>();
        for (List<Map<String, AttributeValue>> chunk : chunks(keys, config.batchGet().chunkSize())) {
            chunks.add(batchGet(chunk, 0, deadline, new ArrayList<>()));
        }
        return Uni.join().all(chunks).andFailFast().map(results -> {
            Map<String, Profile> found = new HashMap<>();
            results.forEach(items -> items.forEach(item -> {
                Profile profile = toProfile(item);
                found.put(profile.userId(), profile);
            }));
            return found;
        });
    }

    private Uni<List<Map<String, AttributeValue>>> batchGet(List<Map<String, AttributeValue>> keys, int attempt,
            long deadline, List<Map<String, AttributeValue>> found) {
        return call(() -> dynamo.batchGetItem(r -> r
                .requestItems(Map.of(table, KeysAndAttributes.builder().keys(keys).build()))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .overrideConfiguration(USERS_BY_IDS.tag())))
                .chain(response -> {
                    found.addAll(response.responses().getOrDefault(table, List.of()));
                    List<Map<String, AttributeValue>> unprocessed = unprocessedKeys(response);
                    if (unprocessed.isEmpty()) {
                        return Uni.createFrom().item(found);
                    }
                    Duration pause = backoff(attempt);
                    if (System.nanoTime() + pause.toNanos() > deadline) {
                        return Uni.createFrom().failure(ProblemException.unavailable(
                                "the database did not return every profile in time; retry later", 1));
                    }
                    return Uni.createFrom().voidItem().onItem().delayIt().by(pause)
                            .chain(() -> batchGet(unprocessed, attempt + 1, deadline, found));
                });
    }

    private List<Map<String, AttributeValue>> unprocessedKeys(BatchGetItemResponse response) {
        KeysAndAttributes rest = response.hasUnprocessedKeys() ? response.unprocessedKeys().get(table) : null;
        return rest == null || !rest.hasKeys() ? List.of() : rest.keys();
    }

    // ---------------------------------------------------------------- posts

    /**
     * Create a post: one TransactWriteItems = Put post ({@code attribute_not_exists(PK)}, GSI2
     * {@code TIMELINE#<month>/<postId>}) + Update the author's {@code STATS#<month>} ({@code ADD posts :1})
     * + ConditionCheck the author's profile exists (else NOT_FOUND) + [the first time this process writes a post
     * in the month] Update {@code TIMELINE#MONTHS/MONTH#<month>} (attributes {@code if_not_exists}, no condition),
     * so the month index lists every month that holds a post.
     */
    public Uni<Void> createPost(Post post) {
        String month = Months.of(Instant.parse(post.createdAt()));
        Map<String, AttributeValue> item = new HashMap<>(SocialKeys.post(post.userId(), post.postId()).toAttributes());
        item.putAll(SocialKeys.postTimeline(month, post.postId()).toAttributes());
        item.put(TYPE, EntityType.POST.typeAttribute());
        item.put(USER_ID, s(post.userId()));
        item.put(POST_ID, s(post.postId()));
        putIfPresent(item, TITLE, post.title());
        item.put(BODY, s(post.body()));
        item.put(COMMENT_COUNT, n(0));
        item.put(VERSION, n(post.version()));
        item.put(CREATED_AT, s(post.createdAt()));
        item.put(UPDATED_AT, s(post.updatedAt()));
        List<TransactWriteItem> actions = new ArrayList<>(List.of(
                putNew(item),
                countInMonthlyStats(post.userId(), month, STATS_POSTS, post.createdAt()),
                userExists(post.userId())));
        boolean indexMonth = !indexedMonths.contains(month);
        if (indexMonth) {
            actions.add(indexTimelineMonth(month, post.createdAt()));
        }
        return transact(POST_CREATE, actions, List.of(Reason.ALREADY_EXISTS, Reason.NOT_FOUND, Reason.NOT_FOUND))
                .invoke(() -> {
                    if (indexMonth) {
                        indexedMonths.add(month);
                    }
                });
    }

    /** Lists {@code month} in the timeline's month index; written again it changes nothing. */
    private TransactWriteItem indexTimelineMonth(String month, String now) {
        UpdateExpression update = new UpdateExpressionBuilder()
                .setIfNotExists(TYPE, EntityType.TIMELINE_MONTH.typeAttribute())
                .setIfNotExists(MONTH, s(month))
                .setIfNotExists(CREATED_AT, s(now))
                .build();
        return TransactWriteItem.builder().update(Update.builder().tableName(table)
                .key(SocialKeys.timelineMonth(month).toAttributes())
                .updateExpression(update.updateExpression())
                .expressionAttributeNames(update.names())
                .expressionAttributeValues(update.valuesOrNull())
                .build()).build();
    }

    /** Get one post: one GetItem (strongly consistent, it carries the ETag). Emits null when absent. */
    public Uni<Post> post(String userId, String postId) {
        return getItem(POST, SocialKeys.post(userId, postId), SocialRepository::toPost);
    }

    /**
     * A user's posts newest first: one Query {@code PK = USER#id AND begins_with(SK, POST#)}, descending,
     * {@code Limit = limit + 1}.
     */
    public Uni<Page<Post>> userPosts(String userId, PageRequest page) {
        String scope = postsScope(userId);
        Map<String, AttributeValue> startKey = cursors.startKey(scope, page);
        requireInPartition(startKey, SocialKeys.userPartition(userId));
        QueryRequest request = beginsWith(USER_POSTS, SocialKeys.userPartition(userId), SocialKeys.postsPrefix())
                .scanIndexForward(false)
                .limit(page.limit() + 1)
                .exclusiveStartKey(startKey)
                .build();
        return call(() -> dynamo.query(request))
                .map(response -> cursors.page(scope, response.items(), page.limit(), null, SocialRepository::toPost));
    }

    /**
     * Update a post's title/body (an empty title removes it): one UpdateItem conditioned on
     * {@code attribute_exists(PK)} [+ {@code version = :expected}], ALL_OLD on failure.
     */
    public Uni<Post> updatePost(String userId, String postId, String title, String body, Long expectedVersion,
            String now) {
        UpdateExpressionBuilder update = new UpdateExpressionBuilder();
        setOrRemove(update, TITLE, title);
        if (body != null) {
            update.set(BODY, s(body));
        }
        return conditionalUpdate(POST_UPDATE, SocialKeys.post(userId, postId), update, expectedVersion, now)
                .map(SocialRepository::toPost);
    }

    /**
     * Delete a post, first phase: one TransactWriteItems = Delete the post ({@code attribute_exists(PK)}
     * [+ {@code version = :expected}], ALL_OLD on a failed condition: NOT_FOUND / VERSION_MISMATCH) + Put
     * {@code USER#<userId>/DELPOST#<postId>}, the record that its comments are still to be deleted. Both or neither:
     * the record exists only if the caller's own post was deleted. Deleting the post stops new comments (a comment's
     * transaction requires the post), and takes it off the timeline (its GSI2 entry is the post item).
     */
    public Uni<PostDeletion> deletePost(String userId, String postId, Long expectedVersion, String now) {
        Condition condition = expectedVersion == null ? Conditions.ITEM_EXISTS
                : Conditions.ITEM_EXISTS.and(Conditions.versionEquals(expectedVersion));
        Expression expression = Conditions.render(condition);
        TransactWriteItem deletePost = TransactWriteItem.builder().delete(Delete.builder().tableName(table)
                .key(SocialKeys.post(userId, postId).toAttributes())
                .conditionExpression(expression.expression())
                .expressionAttributeNames(expression.namesOrNull())
                .expressionAttributeValues(expression.valuesOrNull())
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build()).build();
        Map<String, AttributeValue> record = new HashMap<>(SocialKeys.postDeletion(userId, postId).toAttributes());
        record.put(TYPE, EntityType.POST_DELETION.typeAttribute());
        record.put(USER_ID, s(userId));
        record.put(POST_ID, s(postId));
        if (expectedVersion != null) {
            record.put(EXPECTED_VERSION, n(expectedVersion));
        }
        record.put(CREATED_AT, s(now));
        record.put(UPDATED_AT, s(now));
        TransactWriteItem recordDeletion = TransactWriteItem.builder()
                .put(Put.builder().tableName(table).item(record).build()).build();
        // A failed condition on the post: ALL_OLD holds the post when only its version differs.
        return transact(POST_DELETE, List.of(deletePost, recordDeletion), (position, reason) -> position == 0
                ? (reason.hasItem() && !reason.item().isEmpty() ? Reason.VERSION_MISMATCH : Reason.NOT_FOUND)
                : Reason.NOT_FOUND)
                .replaceWith(new PostDeletion(userId, postId, expectedVersion));
    }

    /**
     * The caller's unfinished deletion of their post, if any: one GetItem (strongly consistent) on
     * {@code USER#<userId>/DELPOST#<postId>}. Emits null when there is none.
     */
    public Uni<PostDeletion> pendingPostDeletion(String userId, String postId) {
        return getItem(POST_DELETION_PENDING, SocialKeys.postDeletion(userId, postId), item -> new PostDeletion(
                userId, postId, item.containsKey(EXPECTED_VERSION) ? number(item, EXPECTED_VERSION) : null));
    }

    /**
     * Delete a post, second phase, only for a deleted post's record: every comment of the post (Query
     * {@code PK = POST#id}, keys only, strongly consistent, page by page; BatchWriteItem deletes in chunks of 25,
     * unprocessed items re-sent with backoff, 503 when they stay unprocessed), then the record (DeleteItem). Until
     * the record is gone a repeated DELETE resumes here. Emits how many comments were deleted.
     */
    public Uni<Integer> finishPostDeletion(PostDeletion deletion) {
        return deleteCommentPages(deletion.postId(), null, 0).call(deleted -> call(() -> dynamo.deleteItem(r -> r
                .tableName(table)
                .key(SocialKeys.postDeletion(deletion.userId(), deletion.postId()).toAttributes())
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .overrideConfiguration(POST_DELETION_FINISH.tag()))));
    }

    private Uni<Integer> deleteCommentPages(String postId, Map<String, AttributeValue> startKey, int deletedSoFar) {
        QueryRequest request = beginsWith(POST_COMMENTS_DELETE, SocialKeys.commentPartition(postId),
                SocialKeys.commentsPrefix())
                .projectionExpression("#pk, #sk")
                .consistentRead(true)
                .exclusiveStartKey(startKey)
                .build();
        return call(() -> dynamo.query(request)).chain(response -> {
            List<WriteRequest> deletes = response.items().stream()
                    .map(item -> WriteRequest.builder().deleteRequest(DeleteRequest.builder()
                            .key(Map.of(PK, item.get(PK), SK, item.get(SK))).build()).build())
                    .toList();
            List<Uni<Void>> batches = chunks(deletes, BATCH_WRITE_LIMIT).stream()
                    .map(chunk -> batchWrite(chunk, 0)).toList();
            Uni<Void> all = batches.isEmpty() ? Uni.createFrom().voidItem()
                    : Uni.join().all(batches).andFailFast().replaceWithVoid();
            int deleted = deletedSoFar + deletes.size();
            return all.chain(() -> response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                    ? deleteCommentPages(postId, response.lastEvaluatedKey(), deleted)
                    : Uni.createFrom().item(deleted));
        });
    }

    private Uni<Void> batchWrite(List<WriteRequest> writes, int attempt) {
        return call(() -> dynamo.batchWriteItem(r -> r.requestItems(Map.of(table, writes))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .overrideConfiguration(POST_COMMENTS_DELETE.tag())))
                .chain(response -> {
                    List<WriteRequest> unprocessed = unprocessedItems(response);
                    if (unprocessed.isEmpty()) {
                        return Uni.createFrom().voidItem();
                    }
                    if (attempt + 1 >= config.retry().batchWriteAttempts()) {
                        return Uni.createFrom().failure(ProblemException.unavailable(
                                "the database did not accept every delete; retry the request", 1));
                    }
                    return Uni.createFrom().voidItem().onItem().delayIt().by(backoff(attempt))
                            .chain(() -> batchWrite(unprocessed, attempt + 1));
                });
    }

    private List<WriteRequest> unprocessedItems(BatchWriteItemResponse response) {
        return response.hasUnprocessedItems() ? response.unprocessedItems().getOrDefault(table, List.of()) : List.of();
    }

    // ---------------------------------------------------------------- comments

    /**
     * Comment on a post: one TransactWriteItems = Put comment ({@code attribute_not_exists(PK)}) + Update the
     * post {@code ADD commentCount :1} ({@code attribute_exists(PK)}, else NOT_FOUND) + ConditionCheck the
     * commenter's profile exists (else UNKNOWN_AUTHOR) + Update the commenter's {@code STATS#<month>}
     * {@code ADD comments :1}.
     */
    public Uni<Void> createComment(Comment comment) {
        String month = Months.of(Instant.parse(comment.createdAt()));
        Map<String, AttributeValue> item = new HashMap<>(
                SocialKeys.comment(comment.postId(), comment.commentId()).toAttributes());
        item.put(TYPE, EntityType.COMMENT.typeAttribute());
        item.put(POST_ID, s(comment.postId()));
        item.put(POST_AUTHOR_ID, s(comment.postAuthorId()));
        item.put(COMMENT_ID, s(comment.commentId()));
        item.put(AUTHOR_ID, s(comment.authorId()));
        item.put(BODY, s(comment.body()));
        item.put(VERSION, n(1));
        item.put(CREATED_AT, s(comment.createdAt()));
        item.put(UPDATED_AT, s(comment.createdAt()));

        // The counter is not an edit of the post: version and updatedAt stay, so a post's ETag survives comments.
        UpdateExpression count = new UpdateExpressionBuilder()
                .add(COMMENT_COUNT, 1)
                .condition(Conditions.ITEM_EXISTS)
                .build();
        TransactWriteItem countOnPost = TransactWriteItem.builder().update(Update.builder().tableName(table)
                .key(SocialKeys.post(comment.postAuthorId(), comment.postId()).toAttributes())
                .updateExpression(count.updateExpression())
                .conditionExpression(count.conditionExpression())
                .expressionAttributeNames(count.names())
                .expressionAttributeValues(count.valuesOrNull())
                .build()).build();
        return transact(COMMENT_CREATE, List.of(
                putNew(item),
                countOnPost,
                userExists(comment.authorId()),
                countInMonthlyStats(comment.authorId(), month, STATS_COMMENTS, comment.createdAt())),
                List.of(Reason.ALREADY_EXISTS, Reason.NOT_FOUND, Reason.UNKNOWN_AUTHOR, Reason.UNKNOWN_AUTHOR));
    }

    /**
     * A post's comments oldest first: one Query {@code PK = POST#id AND begins_with(SK, COMMENT#)}, ascending,
     * {@code Limit = limit + 1}, filtered on the post's owner so that a path naming another user lists nothing.
     */
    public Uni<Page<Comment>> postComments(String userId, String postId, PageRequest page) {
        String scope = "social:comments:" + userId + ":" + postId;
        Map<String, AttributeValue> startKey = cursors.startKey(scope, page);
        requireInPartition(startKey, SocialKeys.commentPartition(postId));
        QueryRequest.Builder builder = beginsWith(POST_COMMENTS, SocialKeys.commentPartition(postId),
                SocialKeys.commentsPrefix());
        QueryRequest base = builder.build();
        Map<String, String> names = new HashMap<>(base.expressionAttributeNames());
        names.put("#owner", POST_AUTHOR_ID);
        Map<String, AttributeValue> values = new HashMap<>(base.expressionAttributeValues());
        values.put(":owner", s(userId));
        QueryRequest request = builder
                .filterExpression("#owner = :owner")
                .expressionAttributeNames(names)
                .expressionAttributeValues(values)
                .scanIndexForward(true)
                .limit(page.limit() + 1)
                .exclusiveStartKey(startKey)
                .build();
        return call(() -> dynamo.query(request))
                .map(response -> cursors.page(scope, response.items(), page.limit(), null, SocialRepository::toComment));
    }

    // ---------------------------------------------------------------- timeline

    /**
     * Everyone's posts newest first: one Query on GSI2 {@code GSI2PK = TIMELINE#<month>}, descending, per month that
     * holds posts, starting at {@code currentMonth} (or the cursor's month) until the page holds {@code limit + 1}
     * posts. The months before it come from the month index: when a month runs out, one Query
     * {@code PK = TIMELINE#MONTHS AND SK < MONTH#<month>}, descending, names the next months that hold posts, so an
     * empty month is never read. The walk ends where the index does, or where more than {@code maxEmptyMonths}
     * consecutive months are empty (months the index skips count as empty): the bound the month-by-month walk had,
     * now without reading those months. The cursor carries the month and the last key. GSI2 (and the index, read
     * eventually consistent) may lag a moment behind writes on real DynamoDB.
     */
    public Uni<Page<Post>> timeline(String currentMonth, PageRequest page) {
        String scope = "social:timeline";
        String month = currentMonth;
        Map<String, AttributeValue> startKey = null;
        if (page.hasCursor()) {
            CursorState state = cursors.decode(scope, page.cursor());
            if (state.positions().size() != 1) {
                throw new InvalidCursorException("cursor does not fit this listing");
            }
            Map.Entry<String, Map<String, String>> position = state.positions().entrySet().iterator().next();
            month = position.getKey();
            startKey = CursorState.keyAttributes(position.getValue());
            requireInPartition(startKey, GSI2PK, timelinePartitionOrNull(month));
        }
        TimelineWalk walk = new TimelineWalk(page.limit());
        return walk.readMonth(month, startKey).map(items -> {
            if (items.size() <= page.limit()) {
                return new Page<>(items.stream().map(SocialRepository::toPost).toList(), null);
            }
            Map<String, AttributeValue> last = items.get(page.limit() - 1);
            String lastMonth = SocialKeys.parseTimelinePk(string(last, GSI2PK));
            Map<String, Map<String, String>> positions = new LinkedHashMap<>();
            positions.put(lastMonth, CursorState.keyStrings(Cursors.keyOf(last, GSI2)));
            String next = cursors.encode(scope, new CursorState(positions));
            return new Page<>(items.subList(0, page.limit()).stream().map(SocialRepository::toPost).toList(), next);
        });
    }

    /** One timeline page being read: the posts so far, and the months the index named that are not read yet. */
    private final class TimelineWalk {
        private final int limit;
        private final List<Map<String, AttributeValue>> collected = new ArrayList<>();
        /** Months below the one being read that hold posts, newest first, from the last index read. */
        private final Deque<String> indexedAhead = new ArrayDeque<>();
        private boolean indexHasMore = true;
        private int emptyMonths;

        TimelineWalk(int limit) {
            this.limit = limit;
        }

        Uni<List<Map<String, AttributeValue>>> readMonth(String month, Map<String, AttributeValue> startKey) {
            QueryRequest request = QueryRequest.builder().tableName(table).indexName(GSI2)
                    .keyConditionExpression("#pk = :pk")
                    .expressionAttributeNames(Map.of("#pk", GSI2PK))
                    .expressionAttributeValues(Map.of(":pk", s(SocialKeys.timelinePartition(month))))
                    .scanIndexForward(false)
                    .limit(wanted())
                    .exclusiveStartKey(startKey)
                    .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                    .overrideConfiguration(TIMELINE.tag())
                    .build();
            return call(() -> dynamo.query(request)).chain(response -> {
                collected.addAll(response.items());
                if (collected.size() > limit) {
                    return Uni.createFrom().item(collected);
                }
                if (response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()) {
                    // The 1 MB page limit cut this month short: read on in the same month.
                    emptyMonths = 0;
                    return readMonth(month, response.lastEvaluatedKey());
                }
                emptyMonths = response.items().isEmpty() ? emptyMonths + 1 : 0;
                if (emptyMonths > config.timeline().maxEmptyMonths()) {
                    return Uni.createFrom().item(collected);
                }
                return nextMonthWithPosts(month).chain(next -> {
                    if (next == null) {
                        return Uni.createFrom().item(collected);
                    }
                    // The months between hold no posts: they count as empty without being read.
                    emptyMonths += monthsBetween(next, month) - 1;
                    if (emptyMonths > config.timeline().maxEmptyMonths()) {
                        return Uni.createFrom().item(collected);
                    }
                    return readMonth(next, null);
                });
            });
        }

        /** The newest indexed month before {@code month}, or null: from the last index read, else one more Query. */
        private Uni<String> nextMonthWithPosts(String month) {
            if (!indexedAhead.isEmpty()) {
                return Uni.createFrom().item(indexedAhead.poll());
            }
            if (!indexHasMore) {
                return Uni.createFrom().nullItem();
            }
            // Each month listed holds at least one post (unless all were deleted), so this many months fill the page.
            QueryRequest request = QueryRequest.builder().tableName(table)
                    .keyConditionExpression("#pk = :pk AND #sk < :month")
                    .expressionAttributeNames(Map.of("#pk", PK, "#sk", SK))
                    .expressionAttributeValues(Map.of(
                            ":pk", s(SocialKeys.TIMELINE_MONTHS_PARTITION),
                            ":month", s(SocialKeys.timelineMonthSortKey(month))))
                    .projectionExpression("#sk")
                    .scanIndexForward(false)
                    .limit(wanted())
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .overrideConfiguration(TIMELINE_MONTHS.tag())
                    .build();
            return call(() -> dynamo.query(request)).map(response -> {
                response.items().forEach(item -> indexedAhead.add(SocialKeys.parseTimelineMonthSk(string(item, SK))));
                indexHasMore = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty();
                return indexedAhead.poll();
            });
        }

        private int wanted() {
            return limit + 1 - collected.size();
        }
    }

    private static int monthsBetween(String older, String newer) {
        return (int) ChronoUnit.MONTHS.between(Months.toYearMonth("month", older), Months.toYearMonth("month", newer));
    }

    // ---------------------------------------------------------------- stats

    /** One user's counters for one month: one GetItem on {@code STATS#<month>}. Emits null when nothing was counted. */
    public Uni<MonthlyStats> monthlyStats(String userId, String month) {
        return getItem(MONTHLY_STATS, SocialKeys.monthlyStats(userId, month), item -> new MonthlyStats(userId, month,
                number(item, STATS_POSTS), number(item, STATS_COMMENTS)));
    }

    // ---------------------------------------------------------------- building blocks

    private TransactWriteItem countInMonthlyStats(String userId, String month, String counter, String now) {
        UpdateExpression update = new UpdateExpressionBuilder()
                .setIfNotExists(TYPE, EntityType.MONTHLY_STATS.typeAttribute())
                .setIfNotExists(USER_ID, s(userId))
                .setIfNotExists(MONTH, s(month))
                .setIfNotExists(CREATED_AT, s(now))
                .set(UPDATED_AT, s(now))
                .add(counter, 1)
                .build();
        return TransactWriteItem.builder().update(Update.builder().tableName(table)
                .key(SocialKeys.monthlyStats(userId, month).toAttributes())
                .updateExpression(update.updateExpression())
                .expressionAttributeNames(update.names())
                .expressionAttributeValues(update.valuesOrNull())
                .build()).build();
    }

    private TransactWriteItem userExists(String userId) {
        Expression exists = Conditions.render(Conditions.ITEM_EXISTS);
        return TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table)
                .key(SocialKeys.userProfile(userId).toAttributes())
                .conditionExpression(exists.expression())
                .expressionAttributeNames(exists.namesOrNull())
                .build()).build();
    }

    private TransactWriteItem putNew(Map<String, AttributeValue> item) {
        Expression absent = Conditions.render(Conditions.ITEM_NOT_EXISTS);
        return TransactWriteItem.builder().put(Put.builder().tableName(table).item(item)
                .conditionExpression(absent.expression())
                .expressionAttributeNames(absent.namesOrNull())
                .build()).build();
    }

    /**
     * Runs a transaction; a cancellation caused only by concurrent transactions on the same items (hot counters,
     * racing handle claims) is retried with backoff and jitter, since nothing was written. A failed condition
     * leaves as the {@link Reason} given for that action's position; the first failed position wins.
     */
    private Uni<Void> transact(AccessPattern pattern, List<TransactWriteItem> actions, List<Reason> reasonPerAction) {
        return transact(pattern, actions,
                (position, reason) -> position < reasonPerAction.size() ? reasonPerAction.get(position) : null);
    }

    /** As above; {@code reasonAt} names the rejection for a failed condition at a position (given its reason). */
    private Uni<Void> transact(AccessPattern pattern, List<TransactWriteItem> actions,
            BiFunction<Integer, CancellationReason, Reason> reasonAt) {
        SocialConfig.Retry retry = config.retry();
        return call(() -> dynamo.transactWriteItems(r -> r.transactItems(actions)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .overrideConfiguration(pattern.tag())))
                .onFailure(SocialRepository::lostToConcurrentTransaction).retry()
                .withBackOff(retry.initialBackoff(), retry.maxBackoff()).withJitter(0.5)
                .atMost(retry.transactionAttempts() - 1L)
                .onFailure(TransactionCanceledException.class).transform(e -> {
                    List<CancellationReason> reasons = ((TransactionCanceledException) e).cancellationReasons();
                    for (int i = 0; i < reasons.size(); i++) {
                        Reason reason = CONDITIONAL_CHECK_FAILED.equals(reasons.get(i).code())
                                ? reasonAt.apply(i, reasons.get(i)) : null;
                        if (reason != null) {
                            return new WriteRejected(reason);
                        }
                    }
                    return lostToConcurrentTransaction(e) ? new WriteRejected(Reason.CONTENDED) : e;
                })
                .onFailure(TransactionConflictException.class).transform(e -> new WriteRejected(Reason.CONTENDED))
                .replaceWithVoid();
    }

    private static boolean lostToConcurrentTransaction(Throwable e) {
        if (e instanceof TransactionConflictException) {
            return true;
        }
        if (!(e instanceof TransactionCanceledException cancelled) || !cancelled.hasCancellationReasons()) {
            return false;
        }
        List<CancellationReason> reasons = cancelled.cancellationReasons();
        return reasons.stream().anyMatch(r -> TRANSACTION_CONFLICT.equals(r.code()))
                && reasons.stream().noneMatch(r -> CONDITIONAL_CHECK_FAILED.equals(r.code()));
    }

    private Uni<Map<String, AttributeValue>> conditionalUpdate(AccessPattern pattern, ItemKey key,
            UpdateExpressionBuilder update,
            Long expectedVersion, String now) {
        update.set(UPDATED_AT, s(now)).add(VERSION, 1).condition(Conditions.ITEM_EXISTS);
        if (expectedVersion != null) {
            update.condition(Conditions.versionEquals(expectedVersion));
        }
        UpdateExpression expression = update.build();
        return call(() -> dynamo.updateItem(r -> r.tableName(table).key(key.toAttributes())
                .updateExpression(expression.updateExpression())
                .conditionExpression(expression.conditionExpression())
                .expressionAttributeNames(expression.names())
                .expressionAttributeValues(expression.valuesOrNull())
                .returnValues(ReturnValue.ALL_NEW)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .overrideConfiguration(pattern.tag())))
                .onFailure(ConditionalCheckFailedException.class).transform(SocialRepository::rejection)
                .map(response -> response.attributes());
    }

    /** ALL_OLD on a failed condition: no item means it is gone, an item means its version moved on. */
    private static WriteRejected rejection(Throwable failure) {
        ConditionalCheckFailedException e = (ConditionalCheckFailedException) failure;
        return new WriteRejected(e.hasItem() && !e.item().isEmpty() ? Reason.VERSION_MISMATCH : Reason.NOT_FOUND);
    }

    private <T> Uni<T> getItem(AccessPattern pattern, ItemKey key, Function<Map<String, AttributeValue>, T> mapper) {
        return call(() -> dynamo.getItem(r -> r.tableName(table).key(key.toAttributes())
                .consistentRead(true)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .overrideConfiguration(pattern.tag())))
                .map(response -> response.hasItem() && !response.item().isEmpty() ? mapper.apply(response.item()) : null);
    }

    private QueryRequest.Builder beginsWith(AccessPattern pattern, String partition, String prefix) {
        return QueryRequest.builder().tableName(table)
                .overrideConfiguration(pattern.tag())
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                .expressionAttributeNames(Map.of("#pk", PK, "#sk", SK))
                .expressionAttributeValues(Map.of(":pk", s(partition), ":prefix", s(prefix)))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL);
    }

    /** A signed cursor is already bound to its scope; this also refuses one whose key left the partition. */
    private static void requireInPartition(Map<String, AttributeValue> startKey, String partition) {
        requireInPartition(startKey, PK, partition);
    }

    private static void requireInPartition(Map<String, AttributeValue> startKey, String attribute, String partition) {
        if (startKey != null && (partition == null || !partition.equals(string(startKey, attribute)))) {
            throw new InvalidCursorException("cursor does not fit this listing");
        }
    }

    private static String timelinePartitionOrNull(String month) {
        try {
            return SocialKeys.timelinePartition(month);
        } catch (InvalidKeyException e) {
            return null;
        }
    }

    private static String postsScope(String userId) {
        return "social:posts:" + userId;
    }

    private static <T> Uni<T> call(Supplier<CompletableFuture<T>> request) {
        return Uni.createFrom().completionStage(request);
    }

    /** Exponential backoff with full jitter: a random pause up to min(max, initial * 2^attempt). */
    private Duration backoff(int attempt) {
        long cap = Math.min(config.retry().maxBackoff().toMillis(),
                config.retry().initialBackoff().toMillis() << Math.min(attempt, 20));
        return Duration.ofMillis(1 + ThreadLocalRandom.current().nextLong(Math.max(1, cap)));
    }

    private static <T> List<List<T>> chunks(List<T> all, int size) {
        List<List<T>> out = new ArrayList<>();
        for (int from = 0; from < all.size(); from += size) {
            out.add(all.subList(from, Math.min(all.size(), from + size)));
        }
        return out;
    }

    private static void putIfPresent(Map<String, AttributeValue> item, String name, String value) {
        if (value != null && !value.isEmpty()) {
            item.put(name, s(value));
        }
    }

    /** PATCH semantics for optional text: absent = unchanged, empty = remove, else set. */
    private static void setOrRemove(UpdateExpressionBuilder update, String name, String value) {
        if (value == null) {
            return;
        }
        if (value.isEmpty()) {
            update.remove(name);
        } else {
            update.set(name, s(value));
        }
    }

    private static Profile toProfile(Map<String, AttributeValue> item) {
        return new Profile(string(item, USER_ID), string(item, HANDLE), string(item, DISPLAY_NAME), string(item, BIO),
                number(item, VERSION), string(item, CREATED_AT), string(item, UPDATED_AT));
    }

    private static Post toPost(Map<String, AttributeValue> item) {
        return new Post(string(item, USER_ID), string(item, POST_ID), string(item, TITLE), string(item, BODY),
                number(item, COMMENT_COUNT), number(item, VERSION), string(item, CREATED_AT), string(item, UPDATED_AT));
    }

    private static Comment toComment(Map<String, AttributeValue> item) {
        return new Comment(string(item, POST_ID), string(item, POST_AUTHOR_ID), string(item, COMMENT_ID),
                string(item, AUTHOR_ID), string(item, BODY), string(item, CREATED_AT));
    }
}
