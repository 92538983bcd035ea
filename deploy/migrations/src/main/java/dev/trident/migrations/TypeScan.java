package dev.trident.migrations;

import dev.trident.keys.TableSchema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * The part every backfill shares: a parallel Scan (the one place a Scan is allowed: a migration, never a service) of
 * the items of one entity type ({@code _type}, filtered server-side), projected to the attributes the backfill reads,
 * each segment's position saved in a {@link BackfillState} after every page. Stops at a page boundary once
 * {@code maxItems} items were read (0: no limit).
 */
final class TypeScan {

    private final DynamoDbClient dynamo;
    private final String table;
    private final int pageSize;
    private final BackfillState state;
    private final String typeName;
    private final List<String> attributes;

    /** {@code attributes}: what to read besides the key and the type. */
    TypeScan(DynamoDbClient dynamo, String table, int pageSize, BackfillState state, String typeName,
            List<String> attributes) {
        if (pageSize < 1 || pageSize > 1000) {
            throw new IllegalArgumentException("page size must be 1..1000");
        }
        this.dynamo = dynamo;
        this.table = table;
        this.pageSize = pageSize;
        this.state = state;
        this.typeName = typeName;
        this.attributes = List.copyOf(attributes);
    }

    /**
     * Hands every item of the type to {@code each} (from as many threads as segments) until every segment reached
     * the end of the table or {@code maxItems} were read; returns how many were read.
     */
    long run(long maxItems, Consumer<Map<String, AttributeValue>> each) throws InterruptedException {
        AtomicLong read = new AtomicLong();
        int segments = state.segments();
        ExecutorService pool = Executors.newFixedThreadPool(segments);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int segment = 0; segment < segments; segment++) {
                int s = segment;
                running.add(pool.submit(() -> {
                    scanSegment(s, maxItems, read, each);
                    return null;
                }));
            }
            for (Future<?> segment : running) {
                segment.get();
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("the backfill stopped; its position is saved, run it again to resume",
                    e.getCause());
        } finally {
            pool.shutdownNow();
        }
        return read.get();
    }

    boolean finished() {
        return state.finished();
    }

    private void scanSegment(int segment, long maxItems, AtomicLong read, Consumer<Map<String, AttributeValue>> each) {
        Map<String, String> names = new HashMap<>(Map.of("#type", TableSchema.TYPE, "#pk", TableSchema.PK,
                "#sk", TableSchema.SK));
        StringBuilder projection = new StringBuilder("#pk, #sk, #type");
        for (int i = 0; i < attributes.size(); i++) {
            names.put("#a" + i, attributes.get(i));
            projection.append(", #a").append(i);
        }
        while (!state.isDone(segment) && (maxItems <= 0 || read.get() < maxItems)) {
            Map<String, AttributeValue> start = state.position(segment);
            ScanResponse page = dynamo.scan(r -> r.tableName(table)
                    .segment(segment).totalSegments(state.segments())
                    .limit(pageSize)
                    .exclusiveStartKey(start)
                    .filterExpression("#type = :type")
                    .projectionExpression(projection.toString())
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(Map.of(":type", AttributeValue.fromS(typeName))));
            for (Map<String, AttributeValue> item : page.items()) {
                read.incrementAndGet();
                each.accept(item);
            }
            boolean more = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty();
            state.save(segment, more ? page.lastEvaluatedKey() : null);
        }
    }
}
