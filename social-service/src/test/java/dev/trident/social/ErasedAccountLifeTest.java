package dev.trident.social;

import static dev.trident.social.Api.as;
import static dev.trident.social.Api.body;
import static dev.trident.social.Api.comment;
import static dev.trident.social.Api.createPost;
import static dev.trident.social.Api.createUser;
import static dev.trident.social.Api.postJson;
import static dev.trident.social.Api.uniqueId;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.IdempotencyKeys;
import dev.trident.keys.Months;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkKeys;
import dev.trident.support.erasure.ErasureRecords;
import dev.trident.support.work.WorkRunner;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An account's old life ends when its erasure is accepted (DESIGN.md "An id's life"), with the pending-work poller
 * off (the default test profile) so that the test runs each part when it chooses: while the erasure runs, the id
 * cannot be created again (409, Retry-After, nothing written) and nothing attaches to the old account's posts (404,
 * nothing written); once every part is done, the id is created again and nothing of the old life's erasure touches
 * the new one.
 */
@QuarkusTest
class ErasedAccountLifeTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    DynamoDbAsyncClient dynamo;

    @Inject
    TableDefinition table;

    @Inject
    WorkRunner runner;

    @Inject
    ErasureRecords records;

    @Test
    void anAccountIsCreatedAgainOnlyOnceItsErasureIsDoneEverywhereAndItsNewLifeIsKept() {
        String userId = createUser(uniqueId("Old"));
        createPost(userId, "of the old life");
        as(userId).when().delete("/users/" + userId).then().statusCode(202);

        String handle = uniqueId("New");
        Map<String, Object> newProfile = body("handle", handle, "displayName", "New life");
        String idempotencyKey = "recreate-" + handle;
        Response refused = postJson(userId, "/users", newProfile, idempotencyKey);
        refused.then().statusCode(409).contentType(Api.PROBLEM_JSON).header("Retry-After", equalTo("2"))
                .header("Idempotent-Replayed", nullValue());
        assertNothingOfTheNewLife(userId, handle);

        // The social part runs (everything in USER#<id> goes); the other parts are still pending: still 409.
        runSocialPart(userId);
        postJson(userId, "/users", newProfile, idempotencyKey).then().statusCode(409)
                .contentType(Api.PROBLEM_JSON).header("Retry-After", equalTo("2"));
        assertNothingOfTheNewLife(userId, handle);

        // The other services do their parts (as enrollment-service and workspace-service would: mark, delete task).
        finishPart(userId, "enrollment");
        finishPart(userId, "workspace");
        assertTrue(records.read(userId).await().atMost(WAIT).finished());

        // The same Idempotency-Key again: processed now (the refusal stored no answer to replay).
        postJson(userId, "/users", newProfile, idempotencyKey).then().statusCode(201)
                .header("Idempotent-Replayed", nullValue())
                .body("userId", equalTo(userId)).body("handle", equalTo(handle));
        assertTrue(item(IdempotencyKeys.record(userId, "POST /users", idempotencyKey).toAttributes()) != null,
                "the record is written with the create that succeeds");
        // Nothing of the old life's erasure is left to run, and running the poll again touches nothing.
        runner.pollPartition("social").await().atMost(WAIT);
        assertNull(item(WorkKeys.task("social", ErasureRecords.KIND, userId).toAttributes()));
        Api.anyone().get("/users/" + userId).then().statusCode(200).body("handle", equalTo(handle))
                .body("displayName", equalTo("New life"));
        Api.anyone().get("/users/by-handle/" + handle).then().statusCode(200).body("userId", equalTo(userId));
        Map<String, AttributeValue> claim = item(SocialKeys.handleClaim(handle.toLowerCase(Locale.ROOT)).toAttributes());
        assertEquals(userId, claim.get("userId").s(), "the new handle's claim names the new profile");
    }

    @Test
    void aCommentOnAPostOfAnAccountBeingErasedIs404AndWritesNothing() {
        String owner = createUser();
        String commenter = createUser();
        String postId = createPost(owner, "about to be erased");
        comment(owner, postId, commenter, "before the erasure");
        Map<String, AttributeValue> postBefore = item(SocialKeys.post(owner, postId).toAttributes());
        String month = Months.of(Instant.now());
        Map<String, AttributeValue> statsBefore = item(SocialKeys.monthlyStats(commenter, month).toAttributes());
        List<Map<String, AttributeValue>> commentsBefore = partition(SocialKeys.commentPartition(postId));
        assertEquals(1, commentsBefore.size());

        as(owner).when().delete("/users/" + owner).then().statusCode(202);
        // The social part has not run: the post item is still in the table, its owner's profile is not.
        assertEquals(postBefore, item(SocialKeys.post(owner, postId).toAttributes()));

        String path = "/users/" + owner + "/posts/" + postId + "/comments";
        postJson(commenter, path, body("body", "after the erasure")).then().statusCode(404)
                .contentType(Api.PROBLEM_JSON).body("status", equalTo(404));
        postJson(commenter, path, body("body", "with a key"), "late-" + postId).then().statusCode(404);
        // The erased account itself on its own post: the same (one check of the one profile, still a 404).
        postJson(owner, path, body("body", "by the erased owner")).then().statusCode(404)
                .contentType(Api.PROBLEM_JSON);

        assertEquals(commentsBefore, partition(SocialKeys.commentPartition(postId)), "no comment written");
        assertEquals(postBefore, item(SocialKeys.post(owner, postId).toAttributes()), "commentCount unchanged");
        assertEquals(statsBefore, item(SocialKeys.monthlyStats(commenter, month).toAttributes()),
                "the commenter's stats unchanged");

        // The social part runs and leaves nothing of the post behind (no orphaned comment).
        runSocialPart(owner);
        assertEquals(List.of(), partition(SocialKeys.commentPartition(postId)));
        assertNull(item(SocialKeys.post(owner, postId).toAttributes()));
        finishPart(owner, "enrollment");
        finishPart(owner, "workspace");
    }

    /** No profile, no handle claim, no idempotency record: the refused create wrote nothing. */
    private void assertNothingOfTheNewLife(String userId, String handle) {
        assertNull(item(SocialKeys.userProfile(userId).toAttributes()));
        assertNull(item(SocialKeys.handleClaim(handle.toLowerCase(Locale.ROOT)).toAttributes()));
        assertNull(item(IdempotencyKeys.record(userId, "POST /users", "recreate-" + handle).toAttributes()),
                "no Idempotency-Key record");
        assertEquals("PENDING", records.read(userId).await().atMost(WAIT).status());
    }

    /** Polls social's pending work (as the poller would) until the account's social part is done. */
    private void runSocialPart(String userId) {
        for (int poll = 0; poll < 20; poll++) {
            runner.pollPartition("social").await().atMost(WAIT);
            if ("DONE".equals(records.read(userId).await().atMost(WAIT).parts().get("social").status())) {
                return;
            }
        }
        throw new AssertionError("the social part of " + userId + "'s erasure did not run");
    }

    /** What another service's part does at its end: its part marked done on the record, its task deleted. */
    private void finishPart(String userId, String part) {
        records.partDone(userId, part, Instant.now()).await().atMost(WAIT);
        dynamo.deleteItem(r -> r.tableName(table.tableName())
                .key(WorkKeys.task(part, ErasureRecords.KIND, userId).toAttributes())).join();
    }

    private Map<String, AttributeValue> item(Map<String, AttributeValue> key) {
        var response = dynamo.getItem(r -> r.tableName(table.tableName()).key(key).consistentRead(true)).join();
        return response.hasItem() && !response.item().isEmpty() ? response.item() : null;
    }

    private List<Map<String, AttributeValue>> partition(String partition) {
        return dynamo.query(r -> r.tableName(table.tableName()).consistentRead(true)
                .keyConditionExpression(TableSchema.PK + " = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition)))).join().items();
    }
}
