package dev.trident.support.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbLocalResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * The injected DynamoDB client times its calls on DynamoDbClientProducer's scheduler, and a call that completed
 * leaves no timer behind to hold its request in memory until the deadline.
 */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class TimeoutTimersTest {

    @Inject
    DynamoDbAsyncClient dynamoDb;

    @Inject
    DynamoDbClientProducer producer;

    @Test
    void everyCallIsTimedOnTheClientsOwnSchedulerAndACompletedCallLeavesNoTimerQueued() throws InterruptedException {
        long before = producer.timersScheduled();
        for (int call = 0; call < 20; call++) {
            dynamoDb.listTables().join();
        }
        long scheduled = producer.timersScheduled() - before;
        assertTrue(scheduled >= 20, "timers scheduled for 20 calls: " + scheduled);
        assertEquals(0, timersQueuedAfter(SETTLE_MILLIS), "timers still queued after every call completed");
    }

    /**
     * A caller's join() can return a moment before the SDK has cancelled the call's timers on the event loop (once in
     * CI: 2 timers queued right after the last join), so the queue gets this long to empty: well under the shortest
     * deadline (700 ms), until which a timer that is not removed on cancellation would stay queued.
     */
    private static final long SETTLE_MILLIS = 200;

    private int timersQueuedAfter(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        int queued = producer.timersQueued();
        while (queued > 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
            queued = producer.timersQueued();
        }
        return queued;
    }
}
