package dev.trident.support.dynamo;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.ItemKey;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.entity.EntitySchema;
import dev.trident.keys.expr.Condition;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.Expression;
import dev.trident.keys.expr.UpdateExpressionBuilder.UpdateExpression;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.client.config.ClientOverrideConfiguration;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.DeleteRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The shared table, as every repository uses it: each request names its {@link AccessPattern} (metrics), asks for
 * its consumed capacity, is sent lazily (a resubscription re-sends it) and fails in the terms a repository needs:
 * {@link WriteRefused} for a failed condition (naming the action), {@link WriteContended} for a write that kept
 * losing to concurrent transactions, {@link TableBusy} for a batch left unprocessed. Nothing here answers HTTP.
 * <p>
 * Within a request, every call gets what is left of the request's deadline ({@link CallDeadline}), never more than
 * its configured timeouts, and a call with nothing left fails at once with the {@link ApiCallTimeoutException} of a
 * stalled DynamoDB (a 503 with Retry-After); the retries of batches, transactions and contended writes stop at the
 * deadline too. Outside a request, calls keep the configured timeouts.
 */
@ApplicationScoped
public class DynamoTable {

    /** DynamoDB's limits per request. */
    public static final int BATCH_WRITE_LIMIT = 25;
    public static final int BATCH_GET_LIMIT = 100;

    static final String CONDITIONAL_CHECK_FAILED = "ConditionalCheckFailed";
    private static final String TRANSACTION_CONFLICT = "TransactionConflict";
    private static final long TRANSACTION_ATTEMPT_NANOS = Duration.ofSeconds(1).toNanos();

    /** Less than this left of a request is nothing: the SDK takes a timeout under a millisecond for none at all. */
    private static final long LEAST_CALL_NANOS = 1_000_000;

    private final EventLoopClients clients;
    private final String table;
    private final DynamoDbSettings.Retry retry;
    private final CallDeadline deadline;
    private final RequestWrites requestWrites;
    private final PatternTags tags = new PatternTags();
    /** The configured attempt timeout, and the time left above which a call keeps its configured timeouts. */
    private final long attemptTimeoutNanos;
    private final long configuredTimeoutsNanos;
    /**
     * A transaction's attempt timeout: at least one second within the call's time, DynamoDB's guidance for
     * transactions (an attempt cut shorter is retried into TransactionInProgressException).
     */
    private final long transactionAttemptNanos;

    @Inject
    DynamoTable(EventLoopClients clients, TableDefinition table, DynamoDbSettings settings, CallDeadline deadline,
            RequestWrites requestWrites) {
        this.clients = clients;
        this.table = table.tableName();
        this.retry = settings.retry();
        this.deadline = deadline;
        this.requestWrites = requestWrites;
        ClientOverrideConfiguration configured = configuredTimeouts(clients.first());
        long callTimeoutNanos = configured.apiCallTimeout().map(Duration::toNanos).orElse(CallDeadline.NONE);
        this.attemptTimeoutNanos = configured.apiCallAttemptTimeout().map(Duration::toNanos)
                .orElse(CallDeadline.NONE);
        this.configuredTimeoutsNanos = Math.max(callTimeoutNanos, attemptTimeoutNanos);
        this.transactionAttemptNanos = Math.max(attemptTimeoutNanos,
                Math.min(callTimeoutNanos, TRANSACTION_ATTEMPT_NANOS));
    }

    /** One client for every call, and no request deadline (tests). */
    DynamoTable(DynamoDbAsyncClient client, TableDefinition table, DynamoDbSettings settings) {
        this(client, table, settings, CallDeadline.UNBOUNDED);
    }

    /** One client for every call, with the deadline given (tests). */
    DynamoTable(DynamoDbAsyncClient client, TableDefinition table, DynamoDbSettings settings,
            CallDeadline deadline) {
        this(EventLoopClients.of(client), table, settings, deadline, RequestWrites.NONE);
    }

    /** The timeouts the clients were built with (the same for every loop's client); none for a test's own client. */
    private static ClientOverrideConfiguration configuredTimeouts(DynamoDbAsyncClient client) {
        try {
            return client.serviceClientConfiguration().overrideConfiguration();
        } catch (UnsupportedOperationException e) {
            return ClientOverrideConfiguration.builder().build();
        }
    }

    /**
     * The client of the event loop a call is made on. Read inside each request's supplier, i.e. when the call is
     * subscribed: a stage that follows an answer runs on the loop that answered, and its call keeps to that loop.
     */
    private DynamoDbAsyncClient dynamo() {
        return clients.current();
    }

    public String name() {
        return table;
    }

    // ------------------------------------------------------------------ reads

    /** GetItem, strongly consistent when the pattern is declared so; emits null when there is no item. */
    public Uni<Map<String, AttributeValue>> get(AccessPattern pattern, ItemKey key) {
        return getItem(pattern, key, DynamoTable::itemOrNull);
    }

    /** GetItem of one entity, strongly consistent when the pattern is declared so; emits null when there is none. */
    public <T> Uni<T> get(AccessPattern pattern, EntitySchema<T> entity, ItemKey key) {
        return getItem(pattern, key, response -> entity.fromItem(itemOrNull(response)));
    }

    /** The answer mapped in the call's own stage: each further stage is a context switch more per read. */
    private <T> Uni<T> getItem(AccessPattern pattern, ItemKey key, Function<GetItemResponse, T> answer) {
        requireRead(pattern);
        Map<String, AttributeValue> keyAttributes = key.toAttributes();
        return call(pattern, timeouts -> dynamo().getItem(r -> r.tableName(table).key(keyAttributes)
                .consistentRead(pattern.isConsistent())
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .overrideConfiguration(timeouts)))
                .map(answer);
    }

    /** A read under a pattern declared as a write is a mistake in the code, refused before anything is sent. */
    static void requireRead(AccessPattern pattern) {
        if (!pattern.isRead()) {
            throw new IllegalArgumentException(pattern + " is declared as a write (AccessPattern.named), not a read");
        }
    }

    private static Map<String, AttributeValue> itemOrNull(GetItemResponse response) {
        return response.hasItem() && !response.item().isEmpty() ? response.item() : null;
    }

    private Uni<QueryResponse> send(AccessPattern pattern, QueryRequest.Builder builder) {
        AwsRequestOverrideConfiguration tag = tags.tag(pattern);
        QueryRequest query = builder.tableName(table)
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .overrideConfiguration(tag)
                .build();
        return call(pattern, timeouts -> dynamo().query(timeouts == tag ? query
                : query.toBuilder().overrideConfiguration(timeouts).build()));
    }

    /** One page of a declared Query. */
    public Uni<QueryPage> query(KeyQuery query) {
        return send(query.pattern(), query.request())
                .map(response -> new QueryPage(response.items(), response.count(),
                        response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                                ? new PageKey(response.lastEvaluatedKey()) : null,
                        response.consumedCapacity() == null ? null : response.consumedCapacity().capacityUnits()));
    }

    /**
     * One page of a declared Query, each item read back as {@code entity} with its key in the table or index read
     * (where a list that ends with it resumes).
     */
    public <T> Uni<EntityPage<T>> query(KeyQuery query, EntitySchema<T> entity) {
        String index = query.index();
        return query(query).map(page -> new EntityPage<>(page.items().stream()
                .map(item -> new EntityPage.Entry<>(entity.fromItem(item), PageKey.of(item, index)))
                .toList(), page.next(), page.capacityUnits()));
    }

    /**
     * One page of a declared Query, each item as stored ({@link StoredItem}) with its key in the table or index read:
     * for a reader that shows items, whatever entity they hold.
     */
    public Uni<EntityPage<StoredItem>> queryItems(KeyQuery query) {
        String index = query.index();
        return query(query).map(page -> new EntityPage<>(page.items().stream()
                .map(item -> new EntityPage.Entry<>(StoredItem.of(item), PageKey.of(item, index)))
                .toList(), page.next(), page.capacityUnits()));
    }

    /**
     * A page of a list: reads {@code limit + 1} items, the extra one only proving there is more, so a list never
     * resumes into an empty page; the slice's cursor resumes after its last item.
     */
    public <T> Uni<Slice<T>> list(KeyQuery query, int limit, EntitySchema<T> entity) {
        return query(query.limit(limit + 1))
                .map(page -> Slice.fromQuery(page.items(), limit, query.index(), page.next(), entity::fromItem));
    }

    /**
     * The list a paged route reads: pages of {@link #list} from where a cursor resumes, signed for the query's
     * pattern's cursor scope over {@code scopeParts} (the partition's ids, and whatever else a cursor must not be
     * carried across).
     */
    public <T> Listing<T> listing(KeyQuery query, EntitySchema<T> entity, Object... scopeParts) {
        return Listing.of(query.pattern().cursorScope(scopeParts),
                (resume, limit) -> list(query.resumingAt(resume), limit, entity));
    }

    /**
     * Every page of a Query, one at a time: the next page is asked for only when the last one has been dealt with
     * (demand), so whoever reads a partition of any size holds one page at a time. The query's limit is the page.
     */
    public Multi<QueryPage> pages(KeyQuery query) {
        return Multi.createBy().repeating()
                .uni(() -> new AtomicReference<PageKey>(),
                        next -> query(query.after(next.get())).invoke(page -> next.set(page.next())))
                .whilst(QueryPage::hasNext);
    }

    /** How many items the query matches, every page counted ({@code Select COUNT}). */
    public Uni<Long> count(KeyQuery query) {
        return pages(query.countOnly()).collect().with(Collectors.summingLong(QueryPage::count));
    }

    /**
     * BatchGetItem of up to any number of keys, in requests of at most {@code chunkSize} keys sent in parallel;
     * unprocessed keys are re-sent with backoff until {@code budget} or the request's deadline runs out
     * ({@link TableBusy}); strongly consistent when the pattern is declared so. Emits the items found, in no
     * particular order.
     */
    public Uni<List<Map<String, AttributeValue>>> batchGet(AccessPattern pattern, List<ItemKey> keys, int chunkSize,
            Duration budget) {
        requireRead(pattern);
        if (chunkSize < 1 || chunkSize > BATCH_GET_LIMIT) {
            throw new IllegalArgumentException("a BatchGetItem takes 1.." + BATCH_GET_LIMIT + " keys");
        }
        if (keys.isEmpty()) {
            return Uni.createFrom().item(List.of());
        }
        return Uni.createFrom().deferred(() -> {
            long deadline = batchDeadline(budget);
            List<Uni<List<Map<String, AttributeValue>>>> requests = new ArrayList<>();
            for (List<ItemKey> chunk : chunks(keys, chunkSize)) {
                List<Map<String, AttributeValue>> attributes = chunk.stream().map(ItemKey::toAttributes).toList();
                requests.add(batchGet(pattern, attributes, pattern.isConsistent(), 0, deadline,
                        new ArrayList<>()));
            }
            return Uni.join().all(requests).andFailFast()
                    .map(results -> results.stream().flatMap(List::stream).toList());
        });
    }

    private Uni<List<Map<String, AttributeValue>>> batchGet(AccessPattern pattern, List<Map<String, AttributeValue>> keys,
            boolean consistentRead, int attempt, long deadline, List<Map<String, AttributeValue>> found) {
        return call(pattern, timeouts -> dynamo().batchGetItem(r -> r
                .requestItems(Map.of(table, KeysAndAttributes.builder().keys(keys).consistentRead(consistentRead)
                        .build()))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .overrideConfiguration(timeouts)))
                .chain(response -> {
                    found.addAll(response.responses().getOrDefault(table, List.of()));
                    KeysAndAttributes rest = response.hasUnprocessedKeys() ? response.unprocessedKeys().get(table) : null;
                    if (rest == null || !rest.hasKeys() || rest.keys().isEmpty()) {
                        return Uni.createFrom().item(found);
                    }
                    Duration pause = backoff(attempt);
                    if (System.nanoTime() + pause.toNanos() > deadline) {
                        return Uni.createFrom().failure(new TableBusy("the table did not return every item in time"));
                    }
                    return Uni.createFrom().voidItem().onItem().delayIt().by(pause)
                            .chain(() -> batchGet(pattern, rest.keys(), consistentRead, attempt + 1, deadline, found));
                });
    }

    // ------------------------------------------------------------------ single-item writes

    /**
     * PutItem under a condition (null for none); a failed condition is {@link WriteRefused} named {@code action},
     * carrying the item it met.
     */
    public Uni<Void> put(AccessPattern pattern, String action, Map<String, AttributeValue> item, Condition condition) {
        Expression c = condition == null ? null : Conditions.render(condition);
        return write(pattern, action, timeouts -> dynamo().putItem(r -> r.tableName(table).item(item)
                .conditionExpression(c == null ? null : c.expression())
                .expressionAttributeNames(c == null ? null : c.namesOrNull())
                .expressionAttributeValues(c == null ? null : c.valuesOrNull())
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .overrideConfiguration(timeouts)))
                .replaceWithVoid();
    }

    /** UpdateItem; emits the item as it is after the update (ALL_NEW). */
    public Uni<Map<String, AttributeValue>> update(AccessPattern pattern, String action, ItemKey key,
            UpdateExpression update) {
        Map<String, AttributeValue> keyAttributes = key.toAttributes();
        return write(pattern, action, timeouts -> dynamo().updateItem(r -> r.tableName(table).key(keyAttributes)
                .updateExpression(update.updateExpression())
                .conditionExpression(update.conditionExpression())
                .expressionAttributeNames(update.names())
                .expressionAttributeValues(update.valuesOrNull())
                .returnValues(ReturnValue.ALL_NEW)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .overrideConfiguration(timeouts)))
                .map(response -> response.attributes());
    }

    /** DeleteItem under a condition (null for none); emits the deleted item (ALL_OLD), null when there was none. */
    public Uni<Map<String, AttributeValue>> delete(AccessPattern pattern, String action, ItemKey key,
            Condition condition) {
        Expression c = condition == null ? null : Conditions.render(condition);
        Map<String, AttributeValue> keyAttributes = key.toAttributes();
        return write(pattern, action, timeouts -> dynamo().deleteItem(r -> r.tableName(table).key(keyAttributes)
                .conditionExpression(c == null ? null : c.expression())
                .expressionAttributeNames(c == null ? null : c.namesOrNull())
                .expressionAttributeValues(c == null ? null : c.valuesOrNull())
                .returnValues(ReturnValue.ALL_OLD)
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .overrideConfiguration(timeouts)))
                .map(response -> response.hasAttributes() && !response.attributes().isEmpty()
                        ? response.attributes() : null);
    }

    // ------------------------------------------------------------------ many items

    /**
     * TransactWriteItems. A cancellation that wrote nothing and that time may clear is retried with backoff and
     * jitter, the conditions evaluated anew: lost to concurrent transactions, or throttled. An attempt whose outcome
     * is unknown (an earlier attempt still in progress, whose answer was lost) is retried with the same
     * ClientRequestToken, so DynamoDB applies the transaction at most once; a cancelled attempt's retry takes a new
     * token. A failed condition is {@link WriteRefused} naming the first action whose condition failed (and every
     * other one that failed too); once the retries (their number, or the request's deadline) are spent, a conflict
     * is {@link WriteContended}, throttling {@link Throttled}, and an unknown outcome {@link OutcomeUnknown}.
     */
    public Uni<Void> transact(AccessPattern pattern, Transaction transaction) {
        requestWrites.joinTo(transaction);
        List<TransactWriteItem> items = transaction.items(table);
        return Uni.createFrom().deferred(() -> {
            AtomicReference<String> token = new AtomicReference<>(UUID.randomUUID().toString());
            return retriedOnConflict(DynamoTable::transactionRetryable, 0,
                    () -> call(pattern, transactionAttemptNanos, timeouts -> dynamo().transactWriteItems(r -> r
                            .transactItems(items)
                            .clientRequestToken(token.get())
                            .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                            .overrideConfiguration(timeouts)))
                            .onFailure(TransactionCanceledException.class)
                            .invoke(() -> token.set(UUID.randomUUID().toString())));
        })
                .onFailure().transform(e -> transactionFailure(transaction, e))
                .replaceWithVoid();
    }

    /**
     * BatchWriteItem deletes, 25 keys a request, in parallel; unprocessed deletes are re-sent with backoff
     * ({@link TableBusy} after the configured attempts, or once the next retry would start after the batch budget or
     * the request's deadline).
     * Deleting is idempotent, so a retry of the whole is safe.
     */
    public Uni<Void> batchDelete(AccessPattern pattern, List<ItemKey> keys) {
        return Uni.createFrom().deferred(() -> {
            // The budget runs from the subscription, not from when the Uni was put together.
            long deadline = batchDeadline(retry.batchBudget());
            List<Uni<Void>> requests = chunks(keys, BATCH_WRITE_LIMIT).stream()
                    .map(chunk -> batchWrite(pattern, chunk.stream()
                            .map(key -> WriteRequest.builder()
                                    .deleteRequest(DeleteRequest.builder().key(key.toAttributes()).build()).build())
                            .toList(), 0, deadline))
                    .toList();
            return requests.isEmpty() ? Uni.createFrom().voidItem()
                    : Uni.join().all(requests).andFailFast().replaceWithVoid();
        });
    }

    private Uni<Void> batchWrite(AccessPattern pattern, List<WriteRequest> writes, int attempt, long deadline) {
        return call(pattern, timeouts -> dynamo().batchWriteItem(r -> r.requestItems(Map.of(table, writes))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .overrideConfiguration(timeouts)))
                .chain(response -> {
                    List<WriteRequest> unprocessed = response.hasUnprocessedItems()
                            ? response.unprocessedItems().getOrDefault(table, List.of()) : List.of();
                    if (unprocessed.isEmpty()) {
                        return Uni.createFrom().voidItem();
                    }
                    Duration pause = backoff(attempt);
                    if (attempt + 1 >= retry.batchAttempts() || System.nanoTime() + pause.toNanos() > deadline) {
                        return Uni.createFrom().failure(new TableBusy("the table did not accept every write in time"));
                    }
                    return Uni.createFrom().voidItem().onItem().delayIt().by(pause)
                            .chain(() -> batchWrite(pattern, unprocessed, attempt + 1, deadline));
                });
    }

    // ------------------------------------------------------------------ failures

    /**
     * A single-item write: a failed condition is {@link WriteRefused} named {@code action}; a write that met a
     * transaction in flight on its item (TransactionConflictException: nothing was written) is re-sent like a
     * transaction's conflict, then {@link WriteContended}.
     */
    private <T> Uni<T> write(AccessPattern pattern, String action,
            Function<AwsRequestOverrideConfiguration, CompletableFuture<T>> request) {
        return retriedOnConflict(TransactionConflictException.class::isInstance, 0, () -> call(pattern, request))
                .onFailure().transform(e -> singleWriteFailure(action, e));
    }

    /**
     * Sends {@code attempt} again after a jittered exponential backoff while it fails with a conflict, up to the
     * configured attempts and never past the request's deadline; then fails with the last conflict.
     */
    private <T> Uni<T> retriedOnConflict(Predicate<Throwable> conflict, int attempt, Supplier<Uni<T>> send) {
        return send.get().onFailure(conflict).recoverWithUni(failure -> {
            Duration pause = conflictBackoff(attempt);
            if (attempt + 1 >= retry.transactionAttempts() || deadline.remainingNanos() <= pause.toNanos()) {
                return Uni.createFrom().failure(failure);
            }
            return Uni.createFrom().voidItem().onItem().delayIt().by(pause)
                    .chain(() -> retriedOnConflict(conflict, attempt + 1, send));
        });
    }

    private static Throwable singleWriteFailure(String action, Throwable failure) {
        if (failure instanceof ConditionalCheckFailedException) {
            return refused(action, failure);
        }
        if (failure instanceof TransactionConflictException) {
            return new WriteContended(failure);
        }
        return OutcomeUnknown.mayHaveWritten(failure) ? new OutcomeUnknown(failure) : failure;
    }

    private static WriteRefused refused(String action, Throwable failure) {
        ConditionalCheckFailedException e = (ConditionalCheckFailedException) failure;
        return new WriteRefused(action, e.hasItem() ? e.item() : Map.of());
    }

    static Throwable transactionFailure(Transaction transaction, Throwable failure) {
        if (failure instanceof TransactionCanceledException cancelled && cancelled.hasCancellationReasons()) {
            List<CancellationReason> reasons = cancelled.cancellationReasons();
            Map<String, Map<String, AttributeValue>> refusals = new LinkedHashMap<>();
            for (int i = 0; i < reasons.size() && i < transaction.size(); i++) {
                if (CONDITIONAL_CHECK_FAILED.equals(reasons.get(i).code())) {
                    refusals.put(transaction.nameAt(i), reasons.get(i).hasItem() ? reasons.get(i).item() : Map.of());
                }
            }
            if (!refusals.isEmpty()) {
                return new WriteRefused(refusals);
            }
        }
        if (lostToConcurrentTransaction(failure)) {
            return new WriteContended(failure);
        }
        if (Throttled.isThrottling(failure)) {
            return new Throttled(failure);
        }
        return OutcomeUnknown.mayHaveWritten(failure) ? new OutcomeUnknown(failure) : failure;
    }

    /** Retried: a cancellation that wrote nothing and that time may clear, or an attempt still in progress. */
    static boolean transactionRetryable(Throwable failure) {
        return lostToConcurrentTransaction(failure) || Throttled.isThrottling(failure)
                || failure instanceof TransactionInProgressException;
    }

    /** Cancelled by a concurrent transaction and by nothing else (a failed condition is final). */
    static boolean lostToConcurrentTransaction(Throwable failure) {
        if (failure instanceof TransactionConflictException) {
            return true;
        }
        if (!(failure instanceof TransactionCanceledException cancelled) || !cancelled.hasCancellationReasons()) {
            return false;
        }
        List<CancellationReason> reasons = cancelled.cancellationReasons();
        return reasons.stream().anyMatch(r -> TRANSACTION_CONFLICT.equals(r.code()))
                && reasons.stream().noneMatch(r -> CONDITIONAL_CHECK_FAILED.equals(r.code()));
    }

    /** Exponential backoff with full jitter: a random pause up to min(max, initial * 2^attempt). */
    private Duration backoff(int attempt) {
        long cap = Math.min(retry.maxBackoff().toMillis(), retry.initialBackoff().toMillis() << Math.min(attempt, 20));
        return Duration.ofMillis(1 + ThreadLocalRandom.current().nextLong(Math.max(1, cap)));
    }

    /**
     * The pause before re-sending a write that lost to a concurrent transaction: initial * 2^attempt, at most max,
     * give or take half of it at random, so that writers on one hot item spread out.
     */
    private Duration conflictBackoff(int attempt) {
        long initial = retry.initialBackoff().toMillis();
        long max = retry.maxBackoff().toMillis();
        long delay = Math.min(max, initial << Math.min(attempt, 20));
        long low = Math.max(initial, delay - delay / 2);
        long high = Math.max(low, Math.min(max, delay + delay / 2));
        return Duration.ofMillis(low + ThreadLocalRandom.current().nextLong(high - low + 1));
    }

    /** When a batch's retries stop: {@code budget} from now, or the request's deadline if that comes first. */
    private long batchDeadline(Duration budget) {
        return System.nanoTime() + Math.min(budget.toNanos(), deadline.remainingNanos());
    }

    private static <T> List<List<T>> chunks(List<T> all, int size) {
        List<List<T>> out = new ArrayList<>();
        for (int from = 0; from < all.size(); from += size) {
            out.add(all.subList(from, Math.min(all.size(), from + size)));
        }
        return out;
    }

    /**
     * One SDK call, sent at subscription (a resubscription sends it again) with {@code pattern}'s tag, whose timeouts
     * are cut to what is left of the request's deadline when that is less than the configured ones. With nothing
     * left, nothing is sent: the call fails as a timed-out one.
     */
    private <T> Uni<T> call(AccessPattern pattern,
            Function<AwsRequestOverrideConfiguration, CompletableFuture<T>> request) {
        return call(pattern, attemptTimeoutNanos, request);
    }

    /** {@link #call(AccessPattern, Function)} with each attempt given {@code attemptNanos} instead of the configured. */
    private <T> Uni<T> call(AccessPattern pattern, long attemptNanos,
            Function<AwsRequestOverrideConfiguration, CompletableFuture<T>> request) {
        return Uni.createFrom().completionStage(() -> {
            long remaining = deadline.remainingNanos();
            if (remaining >= configuredTimeoutsNanos) {
                return request.apply(attemptNanos == attemptTimeoutNanos ? tags.tag(pattern)
                        : tags.tagWithAttempt(pattern, attemptNanos));
            }
            if (remaining < LEAST_CALL_NANOS) {
                return CompletableFuture.failedFuture(ApiCallTimeoutException.create("the request's deadline passed "
                        + "before DynamoDB was called (" + pattern + ")", null));
            }
            return request.apply(tags.tagWithin(pattern, remaining, attemptNanos));
        });
    }
}
