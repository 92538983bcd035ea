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
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.SocialKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import dev.trident.testing.RetriedCreate;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;

/** GET, PATCH and DELETE of one comment: who may, the ETag, the post's commentCount, and paths that name nothing. */
@QuarkusTest
class CommentItemApiTest {

    @AfterAll
    static void noScanRan() {
        assertEquals(0, DynamoDbCallRecorder.scanCount());
    }

    /** A post of {@code owner} with one comment by {@code author}. */
    private record Discussion(String owner, String postId, String author, String commentId) {
        String post() {
            return "/users/" + owner + "/posts/" + postId;
        }

        String comment() {
            return post() + "/comments/" + commentId;
        }
    }

    private static Discussion discussion() {
        String owner = createUser();
        String author = createUser();
        String postId = createPost(owner, "post");
        return new Discussion(owner, postId, author, comment(owner, postId, author, "first words"));
    }

    private static Response delete(String caller, String path, String ifMatch) {
        var request = as(caller);
        if (ifMatch != null) {
            request.header("If-Match", ifMatch);
        }
        return request.delete(path);
    }

    private static int commentCount(Discussion t) {
        return anyone().get(t.post()).then().statusCode(200).extract().path("commentCount");
    }

    @Test
    void aCommentIsOneStronglyConsistentGetItemWithItsETag() {
        Discussion t = discussion();
        DynamoDbCallRecorder.reset();
        anyone().get(t.comment()).then().statusCode(200).header("ETag", "\"1\"")
                .body("commentId", equalTo(t.commentId())).body("authorId", equalTo(t.author()))
                .body("postAuthorId", equalTo(t.owner())).body("body", equalTo("first words"))
                .body("version", equalTo(1)).body("updatedAt", notNullValue());
        assertEquals(List.of("GetItem"), DynamoDbCallRecorder.operations());
        GetItemRequest get = (GetItemRequest) DynamoDbCallRecorder.calls().stream()
                .filter(c -> c.request() instanceof GetItemRequest).findFirst().orElseThrow().request();
        assertTrue(get.consistentRead());
        assertEquals("POST#" + t.postId(), get.key().get("PK").s());
        assertEquals("COMMENT#" + t.commentId(), get.key().get("SK").s());
        // The create answered with the same ETag.
        postJson(t.author(), t.post() + "/comments", body("body", "second")).then().statusCode(201)
                .header("ETag", "\"1\"");
    }

    @Test
    void theAuthorEditsTheBodyWithOneUpdateItemAndTheETagMoves() {
        Discussion t = discussion();
        DynamoDbCallRecorder.reset();
        patchJson(t.author(), t.comment(), "\"1\"", body("body", "better words")).then().statusCode(200)
                .header("ETag", "\"2\"").body("body", equalTo("better words")).body("version", equalTo(2));
        assertEquals(List.of("UpdateItem"), DynamoDbCallRecorder.operations());
        UpdateItemRequest update = (UpdateItemRequest) DynamoDbCallRecorder.calls().stream()
                .filter(c -> c.request() instanceof UpdateItemRequest).findFirst().orElseThrow().request();
        assertEquals("COMMENT#" + t.commentId(), update.key().get("SK").s());
        assertTrue(update.conditionExpression().contains("attribute_exists"), update.conditionExpression());
        anyone().get(t.comment()).then().header("ETag", "\"2\"").body("body", equalTo("better words"));
        // Without If-Match it applies to the current version; the post's count and ETag never move on an edit.
        patchJson(t.author(), t.comment(), null, body("body", "third")).then().statusCode(200).header("ETag", "\"3\"");
        anyone().get(t.post()).then().body("commentCount", equalTo(1)).header("ETag", "\"1\"");
    }

    @Test
    void onlyTheAuthorEditsAndAStaleETagIs412WithNothingWritten() {
        Discussion t = discussion();
        assertProblem(patchJson(t.owner(), t.comment(), null, body("body", "owner's words")), 403, null);
        assertProblem(patchJson(Api.READER, t.comment(), null, body("body", "x")), 403, null);
        assertProblem(patchJson(t.author(), t.comment(), "\"7\"", body("body", "stale")), 412, null);
        // A stale ETag from someone else is still a 403: who comes first.
        assertProblem(patchJson(t.owner(), t.comment(), "\"7\"", body("body", "x")), 403, null);
        assertProblem(patchJson(t.author(), t.comment(), "not-an-etag", body("body", "x")), 400, "If-Match");
        assertProblem(patchJson(t.author(), t.comment(), null, body("body", " ")), 400, "body");
        assertProblem(patchJson(t.author(), t.comment(), null, body("body", "x".repeat(2_001))), 400, "body");
        assertProblem(patchJson(t.author(), t.comment(), null, body()), 400, "body");
        assertProblem(patchJson(t.author(), t.comment(), null, body("body", "x", "authorId", t.owner())), 400,
                "authorId");
        anyone().get(t.comment()).then().header("ETag", "\"1\"").body("body", equalTo("first words"));
    }

    @Test
    void theAuthorOrThePostsOwnerDeletesInOneTransactionThatCountsDown() {
        Discussion t = discussion();
        String second = comment(t.owner(), t.postId(), t.author(), "second");
        String third = comment(t.owner(), t.postId(), createUser(), "third");
        assertEquals(3, commentCount(t));

        DynamoDbCallRecorder.reset();
        delete(t.author(), t.comment(), "\"1\"").then().statusCode(204);
        assertEquals(List.of("TransactWriteItems"), DynamoDbCallRecorder.operations());
        TransactWriteItemsRequest transaction = (TransactWriteItemsRequest) DynamoDbCallRecorder.calls().stream()
                .filter(c -> c.request() instanceof TransactWriteItemsRequest).findFirst().orElseThrow().request();
        List<TransactWriteItem> actions = transaction.transactItems();
        assertEquals(2, actions.size());
        assertEquals("COMMENT#" + t.commentId(), actions.get(0).delete().key().get("SK").s());
        assertEquals(SocialKeys.post(t.owner(), t.postId()).sk(), actions.get(1).update().key().get("SK").s());
        assertTrue(actions.get(1).update().updateExpression().startsWith("ADD"), actions.get(1).update().updateExpression());
        assertEquals(2, commentCount(t));

        // The post's owner deletes anyone's comment; the post's version (its ETag) stays.
        delete(t.owner(), t.post() + "/comments/" + third, null).then().statusCode(204);
        delete(t.owner(), t.post() + "/comments/" + second, null).then().statusCode(204);
        anyone().get(t.post()).then().body("commentCount", equalTo(0)).header("ETag", "\"1\"");
        anyone().get(t.post() + "/comments").then().body("items", hasSize(0));
        assertProblem(anyone().get(t.comment()), 404, null);
        // Deleted is gone: a second DELETE is a 404 and counts nothing down.
        assertProblem(delete(t.author(), t.comment(), null), 404, null);
        assertEquals(0, commentCount(t));
        // The stats count comments written in a month, as they count posts published: a delete does not rewrite them.
        anyone().get("/users/" + t.author() + "/stats").then().body("comments", equalTo(2));
    }

    @Test
    void anyoneElseDeletingIs403AndAStaleETagIs412WithNothingDeleted() {
        Discussion t = discussion();
        String stranger = createUser();
        assertProblem(delete(stranger, t.comment(), null), 403, null);
        assertProblem(delete(Api.READER, t.comment(), "\"1\""), 403, null);
        assertProblem(delete(t.author(), t.comment(), "\"2\""), 412, null);
        assertProblem(delete(t.owner(), t.comment(), "\"2\""), 412, null);
        assertProblem(delete(t.author(), t.comment(), "W/\"x\""), 400, "If-Match");
        anyone().get(t.comment()).then().statusCode(200).header("ETag", "\"1\"");
        assertEquals(1, commentCount(t));
    }

    @Test
    void aCommentUnderAnotherPostOrUserPathIs404AndNothingIsTouched() {
        Discussion t = discussion();
        String otherPost = createPost(t.owner(), "other");
        String otherUser = createUser();
        String missing = SocialKeys.newId(Instant.now());
        List<String> wrongPaths = List.of(
                "/users/" + t.owner() + "/posts/" + otherPost + "/comments/" + t.commentId(),
                "/users/" + otherUser + "/posts/" + t.postId() + "/comments/" + t.commentId(),
                "/users/" + t.author() + "/posts/" + t.postId() + "/comments/" + t.commentId(),
                t.post() + "/comments/" + missing);
        for (String path : wrongPaths) {
            assertProblem(anyone().get(path), 404, null);
            // Even the comment's author and the caller named in the path get a 404, never a change.
            assertProblem(patchJson(t.author(), path, null, body("body", "moved?")), 404, null);
            assertProblem(delete(t.author(), path, null), 404, null);
            assertProblem(delete(otherUser, path, null), 404, null);
        }
        anyone().get(t.comment()).then().statusCode(200).header("ETag", "\"1\"").body("body", equalTo("first words"));
        assertEquals(1, commentCount(t));
        anyone().get("/users/" + t.owner() + "/posts/" + otherPost).then().body("commentCount", equalTo(0));
        assertProblem(anyone().get(t.post() + "/comments/bad%23id"), 400, "commentId");
        assertProblem(delete(t.author(), t.post() + "/comments/bad%23id", null), 400, "commentId");
    }

    @Test
    void fortyParallelDeletesAndCreatesLeaveTheCounterEqualToTheCommentsThatRemain() throws Exception {
        String owner = createUser();
        String postId = createPost(owner, "busy post");
        String path = "/users/" + owner + "/posts/" + postId;
        List<String> authors = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            authors.add(createUser());
        }
        List<String> toDelete = new ArrayList<>();
        List<String> deleters = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            String author = authors.get(i % authors.size());
            toDelete.add(comment(owner, postId, author, "doomed " + i));
            // Half deleted by their authors, half by the post's owner.
            deleters.add(i % 2 == 0 ? author : owner);
        }
        Set<String> created = ConcurrentHashMap.newKeySet();
        ExecutorService pool = Executors.newFixedThreadPool(40);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<CompletableFuture<Integer>> calls = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                String commentId = toDelete.get(i);
                String deleter = deleters.get(i);
                calls.add(CompletableFuture.supplyAsync(() -> {
                    CommentApiTest.await(start);
                    return delete(deleter, path + "/comments/" + commentId, null).statusCode();
                }, pool));
                String author = authors.get(i % authors.size());
                String text = "new " + i;
                calls.add(CompletableFuture.supplyAsync(() -> {
                    CommentApiTest.await(start);
                    Response response = RetriedCreate.send(key -> postJson(author, path + "/comments", body("body", text), key));
                    if (response.statusCode() == 201) {
                        created.add(response.path("commentId"));
                    }
                    return response.statusCode();
                }, pool));
            }
            start.countDown();
            for (int i = 0; i < calls.size(); i++) {
                assertEquals(i % 2 == 0 ? 204 : 201, calls.get(i).get(), "call " + i);
            }
        } finally {
            pool.shutdownNow();
        }
        List<String> listed = anyone().queryParam("limit", 100).get(path + "/comments").path("items.commentId");
        assertEquals(created, new HashSet<>(listed));
        assertEquals(20, listed.size());
        anyone().get(path).then().body("commentCount", equalTo(listed.size()));
        toDelete.forEach(id -> assertEquals(404, anyone().get(path + "/comments/" + id).statusCode()));
    }
}
