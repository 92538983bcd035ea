package dev.trident.social;

import static dev.trident.social.Api.anyone;
import static dev.trident.social.Api.body;
import static dev.trident.social.Api.postJson;
import static dev.trident.social.Api.uniqueId;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbMetricsScrape;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** /q/metrics counts DynamoDB requests per access pattern, operation and outcome, with their consumed capacity. */
@QuarkusTest
class DynamoDbMetricsTest {

    @Test
    void requestsAndConsumedCapacityAreCountedPerAccessPatternAndOutcome() {
        String handle = uniqueId("metrics");
        String userId = Api.newUserId();
        DynamoDbMetricsScrape before = DynamoDbMetricsScrape.now();

        postJson(userId, "/users", body("handle", handle, "displayName", "Metrics")).then().statusCode(201);
        // The same handle again: the transaction's claim condition refuses it.
        postJson(Api.newUserId(), "/users", body("handle", handle, "displayName", "Copy")).then().statusCode(409);
        anyone().get("/users/" + userId).then().statusCode(200);
        anyone().get("/users/by-handle/" + handle).then().statusCode(200);

        DynamoDbMetricsScrape after = DynamoDbMetricsScrape.now();
        assertEquals(1, after.requestsSince(before, "user-create", "TransactWriteItems", "success"));
        assertEquals(1, after.requestsSince(before, "user-create", "TransactWriteItems", "TransactionCanceledException"));
        assertEquals(1, after.requestsSince(before, "user-profile", "GetItem", "success"));
        assertEquals(1, after.requestsSince(before, "user-by-handle", "Query", "success"));
        assertTrue(after.consumedCapacitySince(before, "user-create", "TransactWriteItems") > 0);
        assertTrue(after.consumedCapacitySince(before, "user-profile", "GetItem") > 0);
    }
}
