package dev.trident.testing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.response.Response;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A create that accepts an {@code Idempotency-Key} (docs/api.md "Retrying a create"): one item per key, the first answer
 * replayed byte for byte with {@code Idempotent-Replayed: true}, another request under the key a 422, a key in
 * flight a 409 with Retry-After, an expired record absent, a malformed key a 400. Each create route runs it.
 */
public abstract class IdempotencyContract {

    /** One create route, ready to be called by a caller of its own (prerequisites made). */
    public interface Route {
        String callerId();

        /** The path as sent; another {@code variant} may be another path (a route without a body). */
        String path(String variant);

        /** A body the route accepts (null for none); another {@code variant} is another request. */
        String body(String variant);

        /** How many items the route's creates by this caller on this path have written (read from the table). */
        long itemsCreated();

        /** The key of the idempotency record the route writes for {@code idempotencyKey}. */
        Map<String, AttributeValue> recordKey(String idempotencyKey);
    }

    /** A route with fresh prerequisites (a new caller, their profile, post... as the route needs). */
    protected abstract Route freshRoute();

    protected abstract DynamoDbAsyncClient dynamo();

    protected abstract String tableName();

    protected String method() {
        return "POST";
    }

    protected int createdStatus() {
        return 201;
    }

    /** Whether a caller creates at most one item on the route (a profile): a second create is a 409. */
    protected boolean oneItemPerCaller() {
        return false;
    }

    /** The route's request of this variant ({@code "one"}, {@code "two"}...), with the key when not null. */
    protected Response send(Route route, String idempotencyKey, String variant) {
        var request = given().header("Authorization", Tokens.user(route.callerId()).bearer());
        String body = route.body(variant);
        if (body != null) {
            request.contentType("application/json").body(body);
        }
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        return request.request(method(), route.path(variant));
    }

    private static String newKey() {
        return "retry-" + UUID.randomUUID();
    }

    @Test
    void theSameKeyTwiceCreatesOneItemAndReplaysTheFirstAnswerByteForByte() {
        Route route = freshRoute();
        String key = newKey();
        Response first = send(route, key, "one");
        first.then().statusCode(createdStatus());
        assertNull(first.header("Idempotent-Replayed"));
        Response again = send(route, key, "one");
        again.then().statusCode(createdStatus()).header("Idempotent-Replayed", "true");
        assertArrayEquals(first.asByteArray(), again.asByteArray());
        assertEquals(first.header("Location"), again.header("Location"));
        assertEquals(first.header("ETag"), again.header("ETag"));
        assertTrue(again.contentType().startsWith("application/json"), again.contentType());
        assertEquals(1, route.itemsCreated());
    }

    @Test
    void theSameKeyWithAnotherBodyIs422AndWritesNothing() {
        Route route = freshRoute();
        String key = newKey();
        send(route, key, "one").then().statusCode(createdStatus());
        send(route, key, "two").then().statusCode(422).contentType("application/problem+json")
                .body("status", equalTo(422)).body("title", equalTo("Idempotency key reused"));
        assertEquals(1, route.itemsCreated());
    }

    @Test
    void parallelRequestsWithOneKeyCreateOneItemAndEachGetsTheAnswerOrA409WithRetryAfter() throws Exception {
        Route route = freshRoute();
        String key = newKey();
        int n = 12;
        ExecutorService pool = Executors.newFixedThreadPool(n);
        CountDownLatch start = new CountDownLatch(1);
        List<Response> answers = new ArrayList<>();
        try {
            List<CompletableFuture<Response>> calls = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                calls.add(CompletableFuture.supplyAsync(() -> {
                    try {
                        start.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return send(route, key, "one");
                }, pool));
            }
            start.countDown();
            for (CompletableFuture<Response> call : calls) {
                answers.add(call.get(60, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, route.itemsCreated());
        byte[] created = null;
        for (Response answer : answers) {
            if (answer.statusCode() == 409) {
                assertEquals("application/problem+json", answer.contentType());
                assertNotNull(answer.header("Retry-After"), "a 409 says when to retry");
                continue;
            }
            assertEquals(createdStatus(), answer.statusCode(), answer.asString());
            if (created == null) {
                created = answer.asByteArray();
            }
            assertArrayEquals(created, answer.asByteArray(), "every success is the one created item's answer");
        }
        assertNotNull(created, "one request created the item");
        // The replay of the settled key is that answer too.
        assertArrayEquals(created, send(route, key, "one").asByteArray());
    }

    @Test
    void aRecordPastItsExpiryCountsAsAbsent() {
        Route route = freshRoute();
        String key = newKey();
        send(route, key, "one").then().statusCode(createdStatus());
        // TTL deletes lazily: the record is still there, but past expiresAt.
        long past = Instant.now().minusSeconds(60).getEpochSecond();
        dynamo().updateItem(r -> r.tableName(tableName()).key(route.recordKey(key))
                .updateExpression("SET expiresAt = :past")
                .expressionAttributeValues(Map.of(":past", AttributeValue.fromN(Long.toString(past))))).join();
        Response another = send(route, key, "two");
        assertNull(another.header("Idempotent-Replayed"));
        if (oneItemPerCaller()) {
            // Processed anew (not a 422, not a replay): the caller has their item already.
            another.then().statusCode(409);
            assertEquals(1, route.itemsCreated());
            return;
        }
        another.then().statusCode(createdStatus());
        assertEquals(2, route.itemsCreated());
        // The new record answers from now on.
        Response replay = send(route, key, "two");
        replay.then().header("Idempotent-Replayed", "true");
        assertArrayEquals(another.asByteArray(), replay.asByteArray());
    }

    @Test
    void withoutTheHeaderACreateIsProcessedAsBeforeAndIsNotAReplay() {
        Route route = freshRoute();
        Response created = send(route, null, "one");
        created.then().statusCode(createdStatus());
        assertNull(created.header("Idempotent-Replayed"));
        assertEquals(1, route.itemsCreated());
    }

    @Test
    void aMalformedKeyIsA400AndWritesNothing() {
        Route route = freshRoute();
        for (String bad : List.of("k".repeat(256), "tab\there")) {
            send(route, bad, "one").then().statusCode(400).contentType("application/problem+json")
                    .body("errors[0].field", equalTo("Idempotency-Key"));
        }
        send(route, "k".repeat(255), "one").then().statusCode(createdStatus());
        assertEquals(1, route.itemsCreated());
    }
}
