package dev.trident.social;

import static dev.trident.social.Api.anyone;
import static dev.trident.social.Api.body;
import static dev.trident.social.Api.postJson;
import static dev.trident.social.Api.uniqueId;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableDefinition;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

@QuarkusTest
class HandleRaceTest {

    @Inject
    DynamoDbAsyncClient dynamo;

    @Inject
    TableDefinition table;

    @Test
    void concurrentCreatesWithOneHandleGiveExactlyOneProfileAndNoOrphanClaim() throws Exception {
        String handle = uniqueId("Race");
        int n = 20;
        ExecutorService pool = Executors.newFixedThreadPool(n);
        CountDownLatch start = new CountDownLatch(1);
        List<Response> responses = new ArrayList<>();
        try {
            List<CompletableFuture<Response>> calls = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                // Mixed case: the claim is case-insensitive, so these all race for one claim.
                String spelling = i % 2 == 0 ? handle : handle.toLowerCase();
                calls.add(CompletableFuture.supplyAsync(() -> {
                    CommentApiTest.await(start);
                    return postJson(Api.newUserId(), "/users", body("handle", spelling, "displayName", "racer"));
                }, pool));
            }
            start.countDown();
            for (CompletableFuture<Response> call : calls) {
                responses.add(call.get());
            }
        } finally {
            pool.shutdownNow();
        }
        List<Response> winners = responses.stream().filter(r -> r.statusCode() == 201).toList();
        long conflicts = responses.stream().filter(r -> r.statusCode() == 409).count();
        assertEquals(1, winners.size(), "exactly one create succeeds");
        assertEquals(n - 1, conflicts, "every other create is a 409");
        String winnerId = winners.get(0).path("userId");

        // The one claim points at the one profile, and that profile exists and holds the handle.
        Map<String, AttributeValue> claim = dynamo.getItem(r -> r.tableName(table.tableName()).consistentRead(true)
                .key(SocialKeys.handleClaim(SocialKeys.canonicalHandle(handle)).toAttributes())).join().item();
        assertEquals(winnerId, claim.get("userId").s());
        anyone().get("/users/" + winnerId).then().statusCode(200).body("handle", equalTo(winners.get(0).path("handle")));
        anyone().get("/users/by-handle/" + handle).then().statusCode(200).body("userId", equalTo(winnerId));
        assertTrue(responses.stream().filter(r -> r.statusCode() == 409)
                .allMatch(r -> "application/problem+json".equals(r.contentType())));
    }
}
