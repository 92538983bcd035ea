package dev.trident.social;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableDefinition;
import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.testing.FrozenTableContract;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * A create answered 503 while DynamoDB was frozen may still be written once it runs again (the request was already
 * on the wire: a "ghost write"). A client that retries with the same Idempotency-Key then gets a 201 (the ghost's
 * answer replayed, or a fresh create when the ghost lost) and never a second post.
 */
@QuarkusTest
class PostGhostWriteRetryTest {

    private static final int KEYS = 4;
    private static final long READY_WAIT_MILLIS = FrozenTableContract.RECOVERY.toMillis();

    @Inject
    DynamoDbAsyncClient dynamo;

    @Inject
    TableDefinition table;

    private static Response post(String userId, String key, String body) {
        return Api.postJson(userId, "/users/" + userId + "/posts", Map.of("title", "ghost", "body", body), key);
    }

    @Test
    void createsAnswered503DuringAFreezeAndRetriedWithTheirKeysLeaveExactlyOnePostPerKey() throws Exception {
        String userId = Api.createUser(Api.uniqueId("ghost"));
        // Warm: the route works with a key before the freeze.
        post(userId, "warm-" + UUID.randomUUID(), "warm").then().statusCode(201);
        Map<String, String> bodyByKey = new LinkedHashMap<>();
        for (int i = 0; i < KEYS; i++) {
            bodyByKey.put("ghost-" + UUID.randomUUID(), "ghost body " + i);
        }

        List<long[]> whileFrozen = new ArrayList<>();
        ExecutorService clients = Executors.newFixedThreadPool(KEYS);
        DynamoDbLocalResource.freeze();
        try {
            List<Future<long[]>> sends = new ArrayList<>();
            for (Map.Entry<String, String> entry : bodyByKey.entrySet()) {
                sends.add(clients.submit(() -> {
                    long started = System.nanoTime();
                    int status = post(userId, entry.getKey(), entry.getValue()).statusCode();
                    return new long[] {status, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started)};
                }));
            }
            for (Future<long[]> send : sends) {
                whileFrozen.add(send.get(30, TimeUnit.SECONDS));
            }
        } finally {
            clients.shutdownNow();
            DynamoDbLocalResource.resume();
        }
        for (long[] answer : whileFrozen) {
            assertEquals(503, answer[0], "answered while frozen");
            assertTrue(answer[1] < FrozenTableContract.BOUND.toMillis(), () -> "answered after " + answer[1] + " ms");
        }

        // A moment for DynamoDB to run what was on the wire (the service ready again).
        long deadline = System.currentTimeMillis() + READY_WAIT_MILLIS;
        while (RestAssured.given().get("/q/health/ready").statusCode() != 200
                && System.currentTimeMillis() < deadline) {
            Thread.sleep(100);
        }
        Thread.sleep(500);

        for (Map.Entry<String, String> entry : bodyByKey.entrySet()) {
            Response retry = post(userId, entry.getKey(), entry.getValue());
            assertEquals(201, retry.statusCode(), retry::asString);
            assertEquals(entry.getValue(), retry.path("body"));
        }
        Map<String, Integer> postsByBody = new LinkedHashMap<>();
        for (Map<String, AttributeValue> item : userPosts(userId)) {
            postsByBody.merge(item.get("body").s(), 1, Integer::sum);
        }
        for (String body : bodyByKey.values()) {
            assertEquals(1, postsByBody.getOrDefault(body, 0), () -> "posts per body: " + postsByBody);
        }
    }

    /** Every post in the user's partition: strongly consistent Query, all pages. */
    private List<Map<String, AttributeValue>> userPosts(String userId) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            QueryResponse page = dynamo.query(r -> r.tableName(table.tableName()).consistentRead(true)
                    .keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
                    .expressionAttributeValues(Map.of(
                            ":pk", AttributeValue.fromS(SocialKeys.userPartition(userId)),
                            ":prefix", AttributeValue.fromS(SocialKeys.postsPrefix())))
                    .exclusiveStartKey(from)).join();
            items.addAll(page.items());
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return items;
    }
}
