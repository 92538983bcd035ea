package dev.trident.social;

import static dev.trident.social.Api.anyone;
import static dev.trident.social.Api.as;
import static dev.trident.social.Api.assertProblem;
import static dev.trident.social.Api.body;
import static dev.trident.social.Api.comment;
import static dev.trident.social.Api.createPost;
import static dev.trident.social.Api.createUser;
import static dev.trident.social.Api.patchJson;
import static dev.trident.social.Api.postJson;
import static dev.trident.social.Api.uniqueId;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EntityType;
import dev.trident.keys.Months;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.TableSchema;
import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

@QuarkusTest
class PostApiTest {

    @Inject
    DynamoDbAsyncClient dynamo;

    @Inject
    TableDefinition table;

    @Test
    void createIsOneTransactionThatAlsoCountsThePostInTheMonthlyStats() {
        String userId = createUser();
        DynamoDbCallRecorder.reset();
        Response created = postJson(userId, "/users/" + userId + "/posts", body("title", "Hello", "body", "first post"));
        created.then().statusCode(201).header("ETag", "\"1\"")
                .body("userId", equalTo(userId)).body("title", equalTo("Hello")).body("body", equalTo("first post"))
                .body("commentCount", equalTo(0)).body("version", equalTo(1));
        assertEquals(List.of("TransactWriteItems"), DynamoDbCallRecorder.operations());
        String postId = created.path("postId");
        assertTrue(created.header("Location").endsWith("/users/" + userId + "/posts/" + postId));

        DynamoDbCallRecorder.reset();
        anyone().get("/users/" + userId + "/posts/" + postId).then().statusCode(200).header("ETag", "\"1\"")
                .body("postId", equalTo(postId));
        assertEquals(List.of("GetItem"), DynamoDbCallRecorder.operations());

        anyone().get("/users/" + userId + "/stats").then().statusCode(200)
                .body("month", equalTo(Months.of(Instant.now()))).body("posts", equalTo(1)).body("comments", equalTo(0));
    }

    @Test
    void createForAnUnknownUserIs404AndWritesNothing() {
        String ghost = uniqueId("ghost");
        assertProblem(postJson(ghost, "/users/" + ghost + "/posts", body("body", "hi")), 404, null);
        anyone().get("/users/" + ghost + "/posts").then().statusCode(200).body("items", hasSize(0));
        anyone().get("/users/" + ghost + "/stats").then().body("posts", equalTo(0));
    }

    @Test
    void invalidPostBodiesAre400AndWriteNothing() {
        String userId = createUser();
        assertProblem(postJson(userId, "/users/" + userId + "/posts", body("title", "t")), 400, "body");
        assertProblem(postJson(userId, "/users/" + userId + "/posts", body("body", "  ")), 400, "body");
        assertProblem(postJson(userId, "/users/" + userId + "/posts", body("body", "x".repeat(10_001))), 400, "body");
        assertProblem(postJson(userId, "/users/" + userId + "/posts", body("body", "ok", "title", "t".repeat(201))), 400, "title");
        assertProblem(postJson(userId, "/users/" + userId + "/posts", body("body", List.of(1))), 400, "body");
        assertProblem(postJson(userId, "/users/bad%23id/posts", body("body", "ok")), 400, "userId");
        anyone().get("/users/" + userId + "/posts").then().body("items", hasSize(0));
        // 10,000 characters is still fine.
        postJson(userId, "/users/" + userId + "/posts", body("body", "x".repeat(10_000))).then().statusCode(201);
    }

    @Test
    void listIsNewestFirstAndPagedWithoutGapsOrDuplicates() {
        String userId = createUser();
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            created.add(createPost(userId, "post " + i));
        }
        Collections.reverse(created);
        List<String> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            var request = anyone().queryParam("limit", 2);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            DynamoDbCallRecorder.reset();
            Response page = request.get("/users/" + userId + "/posts");
            page.then().statusCode(200);
            assertEquals(List.of("Query"), DynamoDbCallRecorder.operations());
            seen.addAll(page.path("items.postId"));
            cursor = page.path("nextCursor");
            pages++;
        } while (cursor != null);
        assertEquals(created, seen);
        assertEquals(3, pages);
    }

    @Test
    void cursorsFromAnotherUserOrTamperedAre400() {
        String alice = createUser();
        String bob = createUser();
        createPost(alice, "a1");
        createPost(alice, "a2");
        String aliceCursor = anyone().queryParam("limit", 1).get("/users/" + alice + "/posts").path("nextCursor");
        assertProblem(anyone().queryParam("cursor", aliceCursor).get("/users/" + bob + "/posts"), 400, "cursor");
        assertProblem(anyone().queryParam("cursor", aliceCursor + "x").get("/users/" + alice + "/posts"), 400, "cursor");
        assertProblem(anyone().queryParam("cursor", "garbage").get("/users/" + alice + "/posts"), 400, "cursor");
        assertProblem(anyone().queryParam("limit", "0").get("/users/" + alice + "/posts"), 400, "limit");
        anyone().queryParam("cursor", aliceCursor).get("/users/" + alice + "/posts").then().statusCode(200)
                .body("items", hasSize(1));
    }

    @Test
    void getUnknownPostIs404() {
        String userId = createUser();
        String postId = createPost(userId, "mine");
        assertProblem(anyone().get("/users/" + userId + "/posts/" + SocialKeys.newId(Instant.now())), 404, null);
        // The post belongs to its author only.
        assertProblem(anyone().get("/users/" + createUser() + "/posts/" + postId), 404, null);
        assertProblem(anyone().get("/users/" + userId + "/posts/bad%23id"), 400, "postId");
    }

    @Test
    void patchChangesTitleAndBodyWithIfMatch() {
        String userId = createUser();
        String postId = createPost(userId, "v1");
        String path = "/users/" + userId + "/posts/" + postId;
        DynamoDbCallRecorder.reset();
        patchJson(userId, path, "\"1\"", body("body", "v2")).then().statusCode(200).header("ETag", "\"2\"")
                .body("body", equalTo("v2")).body("title", equalTo("t"));
        assertEquals(List.of("UpdateItem"), DynamoDbCallRecorder.operations());
        patchJson(userId, path, null, body("title", "")).then().statusCode(200).body("title", nullValue());
        assertProblem(patchJson(userId, path, "\"1\"", body("body", "v3")), 412, null);
        assertProblem(patchJson(userId, path, null, body()), 400, "body");
        assertProblem(patchJson(userId, path, null, body("body", " ")), 400, "body");
        assertProblem(patchJson(userId, path, null, body("body", "x".repeat(10_001))), 400, "body");
        assertProblem(patchJson(userId, "/users/" + userId + "/posts/" + SocialKeys.newId(Instant.now()), null,
                body("body", "x")), 404, null);
        anyone().get(path).then().body("body", equalTo("v2")).header("ETag", "\"3\"");
    }

    @Test
    void deleteRemovesThePostAndAllItsCommentsInBatchesOf25() {
        String userId = createUser();
        String postId = createPost(userId, "doomed");
        String path = "/users/" + userId + "/posts/" + postId;
        for (int i = 0; i < 30; i++) {
            comment(userId, postId, userId, "c" + i);
        }
        assertProblem(as(userId).header("If-Match", "\"7\"").delete(path), 412, null);
        anyone().get(path + "/comments").then().body("items", hasSize(20));

        DynamoDbCallRecorder.reset();
        as(userId).header("If-Match", "\"1\"").delete(path).then().statusCode(204);
        // Delete the post + record the deletion + write the task; then the task, done by the request: the owner's
        // deletion records, the comments (the lease extended after the page), the record, no record left, the task.
        assertEquals(List.of("TransactWriteItems", "Query", "Query", "BatchWriteItem", "BatchWriteItem", "UpdateItem",
                "DeleteItem", "Query", "DeleteItem"), DynamoDbCallRecorder.operations());
        assertProblem(anyone().get(path), 404, null);
        assertEquals(0, commentItemsLeft(postId));
        assertTrue(items(SocialKeys.userPartition(userId)).stream()
                .noneMatch(item -> item.get(TableSchema.SK).s().startsWith(SocialKeys.POST_DELETIONS_PREFIX)));
        // Deleting again is a 404: the post is gone and no deletion of it is pending.
        DynamoDbCallRecorder.reset();
        assertProblem(as(userId).delete(path), 404, null);
        assertEquals(List.of("TransactWriteItems", "GetItem"), DynamoDbCallRecorder.operations());
    }

    @Test
    void deletingAnotherUsersPostIdUnderTheCallersPathIs404AndTouchesNothing() {
        String ada = createUser();
        String bob = createUser();
        String adaPost = createPost(ada, "ada's post");
        comment(ada, adaPost, ada, "from ada");
        comment(ada, adaPost, bob, "from bob");
        comment(ada, adaPost, bob, "bob again");
        String eve = Api.newUserId(); // no profile needed
        String evesOwn = createUser(); // and one with a profile
        List<Map<String, AttributeValue>> adaBefore = items(SocialKeys.userPartition(ada));
        List<Map<String, AttributeValue>> commentsBefore = items(SocialKeys.commentPartition(adaPost));
        assertEquals(3, commentsBefore.size());

        for (String caller : List.of(eve, evesOwn)) {
            String path = "/users/" + caller + "/posts/" + adaPost;
            assertProblem(as(caller).delete(path), 404, null);
            assertProblem(as(caller).header("If-Match", "\"1\"").delete(path), 404, null);
            assertEquals(List.of(), items(SocialKeys.userPartition(caller)).stream()
                    .filter(item -> !item.get(TableSchema.SK).s().equals(SocialKeys.PROFILE)).toList());
        }
        // Ada's post (its commentCount included), her other items and every comment are exactly as they were.
        assertEquals(adaBefore, items(SocialKeys.userPartition(ada)));
        assertEquals(commentsBefore, items(SocialKeys.commentPartition(adaPost)));
        anyone().get("/users/" + ada + "/posts/" + adaPost).then().statusCode(200).body("commentCount", equalTo(3));
        anyone().get("/users/" + ada + "/posts/" + adaPost + "/comments").then().body("items", hasSize(3));
    }

    @Test
    void aStaleIfMatchDeletesNothing() {
        String userId = createUser();
        String postId = createPost(userId, "kept");
        comment(userId, postId, userId, "c1");
        comment(userId, postId, userId, "c2");
        String path = "/users/" + userId + "/posts/" + postId;
        patchJson(userId, path, "\"1\"", body("body", "edited")).then().statusCode(200).header("ETag", "\"2\"");
        List<Map<String, AttributeValue>> ownerBefore = items(SocialKeys.userPartition(userId));
        List<Map<String, AttributeValue>> commentsBefore = items(SocialKeys.commentPartition(postId));

        DynamoDbCallRecorder.reset();
        assertProblem(as(userId).header("If-Match", "\"1\"").delete(path), 412, null);
        assertEquals(List.of("TransactWriteItems"), DynamoDbCallRecorder.operations());
        assertEquals(ownerBefore, items(SocialKeys.userPartition(userId)));
        assertEquals(commentsBefore, items(SocialKeys.commentPartition(postId)));
        anyone().get(path).then().statusCode(200).body("commentCount", equalTo(2));
    }

    @Test
    void aDeleteThatStoppedHalfWayIsFinishedByARetry() {
        String userId = createUser();
        String postId = createPost(userId, "half-deleted");
        for (int i = 0; i < 30; i++) {
            comment(userId, postId, userId, "c" + i);
        }
        // The state a DELETE leaves when it stops after its transaction and part of the comment deletes: the post
        // gone, the record of its deletion in the owner's partition, some comments still there.
        dynamo.transactWriteItems(r -> r.transactItems(
                TransactWriteItem.builder().delete(Delete.builder().tableName(table.tableName())
                        .key(SocialKeys.post(userId, postId).toAttributes()).build()).build(),
                TransactWriteItem.builder().put(Put.builder().tableName(table.tableName())
                        .item(deletionRecord(userId, postId, 1L)).build()).build())).join();
        List<Map<String, AttributeValue>> comments = items(SocialKeys.commentPartition(postId));
        for (Map<String, AttributeValue> comment : comments.subList(0, 18)) {
            dynamo.deleteItem(r -> r.tableName(table.tableName())
                    .key(Map.of(TableSchema.PK, comment.get(TableSchema.PK), TableSchema.SK, comment.get(TableSchema.SK))))
                    .join();
        }
        assertEquals(12, commentItemsLeft(postId));
        String path = "/users/" + userId + "/posts/" + postId;

        // Another caller finds nothing to finish: the record is in the owner's partition only.
        String eve = createUser();
        assertProblem(as(eve).delete("/users/" + eve + "/posts/" + postId), 404, null);
        // A retry with another If-Match than the first attempt's is refused and finishes nothing.
        assertProblem(as(userId).header("If-Match", "\"3\"").delete(path), 412, null);
        assertEquals(12, commentItemsLeft(postId));

        DynamoDbCallRecorder.reset();
        as(userId).header("If-Match", "\"1\"").delete(path).then().statusCode(204);
        // The record found, the deletion's task written again (held by this request), then the task as above.
        assertEquals(List.of("TransactWriteItems", "GetItem", "PutItem", "Query", "Query", "BatchWriteItem",
                "UpdateItem", "DeleteItem", "Query", "DeleteItem"), DynamoDbCallRecorder.operations());
        assertEquals(0, commentItemsLeft(postId));
        assertEquals(List.of(), items(SocialKeys.userPartition(userId)).stream()
                .filter(item -> item.get(TableSchema.SK).s().startsWith(SocialKeys.POST_DELETIONS_PREFIX)).toList());
        assertProblem(as(userId).delete(path), 404, null);
    }

    @Test
    void aRetryWithoutIfMatchFinishesADeleteThatHadNone() {
        String userId = createUser();
        String postId = createPost(userId, "half-deleted");
        comment(userId, postId, userId, "left behind");
        dynamo.transactWriteItems(r -> r.transactItems(
                TransactWriteItem.builder().delete(Delete.builder().tableName(table.tableName())
                        .key(SocialKeys.post(userId, postId).toAttributes()).build()).build(),
                TransactWriteItem.builder().put(Put.builder().tableName(table.tableName())
                        .item(deletionRecord(userId, postId, null)).build()).build())).join();
        as(userId).delete("/users/" + userId + "/posts/" + postId).then().statusCode(204);
        assertEquals(0, commentItemsLeft(postId));
    }

    @Test
    void aPostGoneWithoutADeletionRecordIsA404ThatDeletesNoComments() {
        String userId = createUser();
        String postId = createPost(userId, "vanished");
        comment(userId, postId, userId, "stays");
        // The post item removed behind the service's back: nothing proves the caller deleted it, so its
        // comments (keyed by the post id alone) are not the caller's to delete.
        dynamo.deleteItem(r -> r.tableName(table.tableName()).key(SocialKeys.post(userId, postId).toAttributes())).join();
        assertProblem(as(userId).delete("/users/" + userId + "/posts/" + postId), 404, null);
        assertEquals(1, commentItemsLeft(postId));
    }

    @Test
    void aCommentOnADeletedPostIs404AndLeavesNoComment() {
        String userId = createUser();
        String postId = createPost(userId, "going");
        String path = "/users/" + userId + "/posts/" + postId;
        as(userId).delete(path).then().statusCode(204);
        assertProblem(postJson(userId, path + "/comments", body("body", "too late")), 404, null);
        assertEquals(0, commentItemsLeft(postId));
    }

    private Map<String, AttributeValue> deletionRecord(String userId, String postId, Long expectedVersion) {
        Map<String, AttributeValue> item = new HashMap<>(SocialKeys.postDeletion(userId, postId).toAttributes());
        item.put(TableSchema.TYPE, EntityType.POST_DELETION.typeAttribute());
        item.put("userId", AttributeValue.fromS(userId));
        item.put("postId", AttributeValue.fromS(postId));
        if (expectedVersion != null) {
            item.put("expectedVersion", AttributeValue.fromN(expectedVersion.toString()));
        }
        return item;
    }

    /** Every item of a partition, in key order (strongly consistent): what the table holds there. */
    private List<Map<String, AttributeValue>> items(String partition) {
        return dynamo.query(r -> r.tableName(table.tableName()).consistentRead(true)
                .keyConditionExpression(TableSchema.PK + " = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition)))).join().items();
    }

    private long commentItemsLeft(String postId) {
        return items(SocialKeys.commentPartition(postId)).size();
    }


}
