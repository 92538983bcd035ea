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
    void everyCallIsTimedOnTheClientsOwnSchedulerAndACompletedCallLeavesNoTimerQueued() {
        long before = producer.timersScheduled();
        for (int call = 0; call < 20; call++) {
            dynamoDb.listTables().join();
        }
        long scheduled = producer.timersScheduled() - before;
        assertTrue(scheduled >= 20, "timers scheduled for 20 calls: " + scheduled);
        assertEquals(0, producer.timersQueued(), "timers still queued after every call completed");
    }
}
