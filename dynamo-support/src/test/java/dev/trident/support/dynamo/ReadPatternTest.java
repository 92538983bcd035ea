package dev.trident.support.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.ItemKey;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableDefinition;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;

/**
 * A read is sent only under a pattern declared to read: a write pattern's name never tags a read. Its consistency is
 * the pattern's, declared once in the catalogue.
 */
class ReadPatternTest {

    /** Counts the GetItems sent, keeps the last GetItem and BatchGetItem, and answers each with no item. */
    private static final class CountingClient implements DynamoDbAsyncClient {
        final AtomicInteger gets = new AtomicInteger();
        volatile GetItemRequest lastGet;
        volatile BatchGetItemRequest lastBatchGet;

        @Override
        public CompletableFuture<GetItemResponse> getItem(GetItemRequest request) {
            gets.incrementAndGet();
            lastGet = request;
            return CompletableFuture.completedFuture(GetItemResponse.builder().build());
        }

        @Override
        public CompletableFuture<BatchGetItemResponse> batchGetItem(BatchGetItemRequest request) {
            lastBatchGet = request;
            return CompletableFuture.completedFuture(BatchGetItemResponse.builder().build());
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
    void aReadUnderAWritePatternIsRefusedBeforeAnythingIsSent() {
        CountingClient client = new CountingClient();
        DynamoTable table = table(client);
        ItemKey key = new ItemKey("USER#ada", "PROFILE");
        AccessPattern write = AccessPattern.named("user-update");

        assertThrows(IllegalArgumentException.class, () -> table.get(write, key));
        assertThrows(IllegalArgumentException.class,
                () -> table.batchGet(write, List.of(key), 10, Duration.ofSeconds(1)));
        assertEquals(0, client.gets.get());

        table.get(AccessPattern.reads("user-profile", SocialKeys.USER_COLLECTION), key).await()
                .atMost(Duration.ofSeconds(5));
        assertEquals(1, client.gets.get());
    }

    @Test
    void aGetAndABatchGetAreStronglyConsistentExactlyWhenTheirPatternIsDeclaredSo() {
        CountingClient client = new CountingClient();
        DynamoTable table = table(client);
        ItemKey key = new ItemKey("USER#ada", "PROFILE");
        AccessPattern eventual = AccessPattern.reads("user-profile-view", SocialKeys.USER_COLLECTION);
        AccessPattern strong = AccessPattern.reads("user-profile-decision", SocialKeys.USER_COLLECTION).consistent();

        table.get(eventual, key).await().atMost(Duration.ofSeconds(5));
        assertFalse(client.lastGet.consistentRead());
        table.get(strong, key).await().atMost(Duration.ofSeconds(5));
        assertTrue(client.lastGet.consistentRead());

        table.batchGet(eventual, List.of(key), 10, Duration.ofSeconds(1)).await().atMost(Duration.ofSeconds(5));
        assertFalse(client.lastBatchGet.requestItems().get("trident-test").consistentRead());
        table.batchGet(strong, List.of(key), 10, Duration.ofSeconds(1)).await().atMost(Duration.ofSeconds(5));
        assertTrue(client.lastBatchGet.requestItems().get("trident-test").consistentRead());
    }

    private static DynamoTable table(CountingClient client) {
        return new DynamoTable(client, TableDefinition.of("trident-test"),
                () -> new DynamoDbSettings.Retry() {
                    public Duration initialBackoff() {
                        return Duration.ofMillis(1);
                    }

                    public Duration maxBackoff() {
                        return Duration.ofMillis(1);
                    }

                    public int transactionAttempts() {
                        return 1;
                    }

                    public int batchAttempts() {
                        return 1;
                    }

                    public Duration batchBudget() {
                        return Duration.ofMillis(100);
                    }
                });
    }
}
