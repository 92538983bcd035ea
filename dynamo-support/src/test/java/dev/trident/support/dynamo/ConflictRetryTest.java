package dev.trident.support.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.ItemKey;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsResponse;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemResponse;

/**
 * DynamoDB Local runs transactions one at a time, so no service test meets a TransactionConflict; this proves the
 * retry against a client that answers with one: what is sent again (nothing was written), what is not (a failed
 * condition is an answer), and that endless conflicts end after the configured attempts.
 */
class ConflictRetryTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final int ATTEMPTS = 4;
    private static final ItemKey KEY = new ItemKey("A#1", "META");

    /** Answers every request with {@code failures} failures first, then success; counts what was sent. */
    private static final class FailingClient implements DynamoDbAsyncClient {
        final AtomicInteger sends = new AtomicInteger();
        private final int failures;
        private final Supplier<RuntimeException> error;

        FailingClient(int failures, Supplier<RuntimeException> error) {
            this.failures = failures;
            this.error = error;
        }

        private <T> CompletableFuture<T> answer(T success) {
            return sends.incrementAndGet() <= failures ? CompletableFuture.failedFuture(error.get())
                    : CompletableFuture.completedFuture(success);
        }

        @Override
        public CompletableFuture<TransactWriteItemsResponse> transactWriteItems(TransactWriteItemsRequest request) {
            return answer(TransactWriteItemsResponse.builder().build());
        }

        @Override
        public CompletableFuture<UpdateItemResponse> updateItem(UpdateItemRequest request) {
            return answer(UpdateItemResponse.builder().attributes(Map.of("PK", AttributeValue.fromS("A#1"))).build());
        }

        @Override
        public String serviceName() {
            return "dynamodb";
        }

        @Override
        public void close() {
        }
    }

    private static DynamoTable table(FailingClient client) {
        DynamoDbSettings.Retry retry = new DynamoDbSettings.Retry() {
            public Duration initialBackoff() {
                return Duration.ofMillis(1);
            }

            public Duration maxBackoff() {
                return Duration.ofMillis(2);
            }

            public int transactionAttempts() {
                return ATTEMPTS;
            }

            public int batchAttempts() {
                return ATTEMPTS;
            }

            public Duration batchBudget() {
                return WAIT;
            }
        };
        return new DynamoTable(client, TableDefinition.of("trident-test"), () -> retry);
    }

    private static TransactionCanceledException cancelledBy(String... codes) {
        CancellationReason[] reasons = new CancellationReason[codes.length];
        for (int i = 0; i < codes.length; i++) {
            reasons[i] = CancellationReason.builder().code(codes[i]).build();
        }
        return TransactionCanceledException.builder().message("cancelled").cancellationReasons(reasons).build();
    }

    private static Transaction twoActions() {
        return Transaction.of().check("first", KEY, Conditions.ITEM_EXISTS).check("second", KEY, Conditions.ITEM_EXISTS);
    }

    private static void update(DynamoTable table) {
        table.update(AccessPattern.named("test"), "counter", KEY, new UpdateExpressionBuilder().add("n", 1).build())
                .await().atMost(WAIT);
    }

    @Test
    void aTransactionCancelledOnlyByConflictsIsSentAgainUntilItGoesThrough() {
        FailingClient client = new FailingClient(ATTEMPTS - 1, () -> cancelledBy("None", "TransactionConflict"));
        table(client).transact(AccessPattern.named("test"), twoActions()).await().atMost(WAIT);
        assertEquals(ATTEMPTS, client.sends.get());
    }

    @Test
    void aSingleWriteMeetingATransactionIsSentAgain() {
        FailingClient client = new FailingClient(1, () -> TransactionConflictException.builder().message("x").build());
        update(table(client));
        assertEquals(2, client.sends.get());
    }

    @Test
    void aFailedConditionIsAnAnswerAndIsNotSentAgain() {
        FailingClient transaction = new FailingClient(5, () -> cancelledBy("ConditionalCheckFailed", "TransactionConflict"));
        WriteRefused refused = assertThrows(WriteRefused.class,
                () -> table(transaction).transact(AccessPattern.named("test"), twoActions()).await().atMost(WAIT));
        assertEquals("first", refused.action());
        assertEquals(1, transaction.sends.get());

        FailingClient single = new FailingClient(5, () -> ConditionalCheckFailedException.builder().message("no").build());
        assertEquals("counter", assertThrows(WriteRefused.class, () -> update(table(single))).action());
        assertEquals(1, single.sends.get());
    }

    @Test
    void endlessConflictsEndAsContentionAfterTheConfiguredAttempts() {
        FailingClient transaction = new FailingClient(Integer.MAX_VALUE, () -> cancelledBy("TransactionConflict"));
        assertThrows(WriteContended.class,
                () -> table(transaction).transact(AccessPattern.named("test"), twoActions()).await().atMost(WAIT));
        assertEquals(ATTEMPTS, transaction.sends.get());

        FailingClient single = new FailingClient(Integer.MAX_VALUE,
                () -> TransactionConflictException.builder().message("x").build());
        WriteContended contended = assertThrows(WriteContended.class, () -> update(table(single)));
        assertInstanceOf(TransactionConflictException.class, contended.getCause());
        assertEquals(ATTEMPTS, single.sends.get());
    }
}
