package dev.trident.support.dynamo;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.ItemKey;
import dev.trident.keys.TableDefinition;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;

/**
 * A throttled table leaves a batch's writes unprocessed, answer after answer: the retries stop at the batch budget
 * (TableBusy, a 503), not after however many attempts would fit, so the route still answers inside its time bound.
 */
class BatchBudgetTest {

    private static final String TABLE = "trident-test";
    private static final Duration BUDGET = Duration.ofMillis(300);
    private static final Duration MAX_BACKOFF = Duration.ofMillis(100);

    /** Answers every BatchWriteItem with all of its writes unprocessed, as a table throttled for long would. */
    private static final class ThrottledClient implements DynamoDbAsyncClient {
        final AtomicInteger sends = new AtomicInteger();

        @Override
        public CompletableFuture<BatchWriteItemResponse> batchWriteItem(BatchWriteItemRequest request) {
            sends.incrementAndGet();
            return CompletableFuture.completedFuture(BatchWriteItemResponse.builder()
                    .unprocessedItems(Map.of(TABLE, request.requestItems().get(TABLE))).build());
        }

        @Override
        public String serviceName() {
            return "dynamodb";
        }

        @Override
        public void close() {
        }
    }

    @Test
    void unprocessedWritesStopBeingRetriedAtTheBatchBudget() {
        ThrottledClient client = new ThrottledClient();
        DynamoTable table = new DynamoTable(client, TableDefinition.of(TABLE), () -> retry());
        List<ItemKey> keys = IntStream.range(0, 30).mapToObj(i -> new ItemKey("A#" + i, "META")).toList();

        long started = System.nanoTime();
        assertThrows(TableBusy.class,
                () -> table.batchDelete(AccessPattern.named("test"), keys).await().atMost(Duration.ofSeconds(10)));
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertTrue(took.compareTo(BUDGET.plus(MAX_BACKOFF).plusMillis(200)) < 0, "gave up after " + took);
        // Two chunks (25 + 5), each sent more than once: the budget, not a first refusal, ended them.
        assertTrue(client.sends.get() > 2, "sends: " + client.sends.get());
    }

    private static DynamoDbSettings.Retry retry() {
        return new DynamoDbSettings.Retry() {
            public Duration initialBackoff() {
                return Duration.ofMillis(20);
            }

            public Duration maxBackoff() {
                return MAX_BACKOFF;
            }

            public int transactionAttempts() {
                return 3;
            }

            public int batchAttempts() {
                return 1_000;
            }

            public Duration batchBudget() {
                return BUDGET;
            }
        };
    }
}
