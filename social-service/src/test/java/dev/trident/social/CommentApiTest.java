package dev.trident.social;

import static dev.trident.social.Api.anyone;
import static dev.trident.social.Api.assertProblem;
import static dev.trident.social.Api.body;
import static dev.trident.social.Api.comment;
import static dev.trident.social.Api.createPost;
import static dev.trident.social.Api.createUser;
import static dev.trident.social.Api.postJson;
import static dev.trident.social.Api.uniqueId;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.keys.SocialKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import dev.trident.testing.RetriedCreate;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

@QuarkusTest
class CommentApiTest {

    @Test
    void commentIsOneTransactionThatCountsOnThePostAndInTheCommentersStats() {
        String owner = createUser();
        String commenter = createUser();
        String postId = createPost(owner, "post");
        String path = "/users/" + owner + "/posts/" + postId;
        DynamoDbCallRecorder.reset();
        Response created = postJson(commenter, path + "/comments", body("body", "nice"));
        created.then().statusCode(201).body("authorId", equalTo(commenter)).body("postId", equalTo(postId))
                .body("postAuthorId", equalTo(owner)).body("body", equalTo("nice"));
        assertEquals(List.of("TransactWriteItems"), DynamoDbCallRecorder.operations());
        // commentCount moved; the post's version (its ETag) did not: a comment is not an edit.
        anyone().get(path).then().body("commentCount", equalTo(1)).header("ETag", "\"1\"");
        anyone().get("/users/" + commenter + "/stats").then().body("comments", equalTo(1)).body("posts", equalTo(0));
    }

    @Test
    void commentsAreOldestFirstAndPaged() {
        String owner = createUser();
        String postId = createPost(owner, "post");
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            created.add(comment(owner, postId, owner, "c" + i));
        }
        String path = "/users/" + owner + "/posts/" + postId + "/comments";
        List<String> seen = new ArrayList<>();
        String cursor = null;
        do {
            var request = anyone().queryParam("limit", 2);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            DynamoDbCallRecorder.reset();
            Response page = request.get(path);
            page.then().statusCode(200);
            assertEquals(List.of("Query"), DynamoDbCallRecorder.operations());
            seen.addAll(page.path("items.commentId"));
            cursor = page.path("nextCursor");
        } while (cursor != null);
        assertEquals(created, seen);

        // A path naming another user lists nothing, and the cursor does not carry over to another post.
        anyone().get("/users/" + createUser() + "/posts/" + postId + "/comments").then().statusCode(200)
                .body("items", hasSize(0));
        String otherPost = createPost(owner, "other");
        String firstCursor = anyone().queryParam("limit", 1).get(path).path("nextCursor");
        assertProblem(anyone().queryParam("cursor", firstCursor)
                .get("/users/" + owner + "/posts/" + otherPost + "/comments"), 400, "cursor");
    }

    @Test
    void commentOnAMissingPostIs404AndByACallerWithoutAProfileIs403() {
        String owner = createUser();
        String postId = createPost(owner, "post");
        String comments = "/users/" + owner + "/posts/" + postId + "/comments";
        String missingPost = SocialKeys.newId(Instant.now());
        assertProblem(postJson(owner, "/users/" + owner + "/posts/" + missingPost + "/comments", body("body", "x")),
                404, null);
        String ghost = uniqueId("ghost");
        assertProblem(postJson(ghost, comments, body("body", "x")), 403, null)
                .body("detail", containsString("no profile"));
        // The author is the caller: naming one in the body is refused, not ignored.
        assertProblem(postJson(owner, comments, body("authorId", owner, "body", "x")), 400, "authorId");
        assertProblem(postJson(owner, comments, body("body", "x".repeat(2_001))), 400, "body");
        assertProblem(postJson(owner, comments, body()), 400, "body");
        // Nothing was written by any of those.
        anyone().get("/users/" + owner + "/posts/" + postId).then().body("commentCount", equalTo(0));
        anyone().get(comments).then().body("items", hasSize(0));
        anyone().get("/users/" + ghost + "/stats").then().body("comments", equalTo(0));
    }

    @Test
    void fiftyConcurrentCommentsRetriedAsDesignSaysAreEachCountedAndListedExactlyOnce() throws Exception {
        String owner = createUser();
        String postId = createPost(owner, "hot post");
        List<String> commenters = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            commenters.add(createUser());
        }
        String path = "/users/" + owner + "/posts/" + postId;
        int n = 50;
        ExecutorService pool = Executors.newFixedThreadPool(n);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<CompletableFuture<Integer>> calls = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                String author = commenters.get(i % commenters.size());
                String text = "comment " + i;
                calls.add(CompletableFuture.supplyAsync(() -> {
                    await(start);
                    return RetriedCreate.send(key -> postJson(author, path + "/comments", body("body", text), key))
                            .statusCode();
                }, pool));
            }
            start.countDown();
            for (CompletableFuture<Integer> call : calls) {
                assertEquals(201, call.get());
            }
        } finally {
            pool.shutdownNow();
        }
        anyone().get(path).then().body("commentCount", equalTo(n));
        List<String> listed = anyone().queryParam("limit", 100).get(path + "/comments").path("items.commentId");
        assertEquals(n, listed.size());
        assertEquals(n, new HashSet<>(listed).size());
        int countedInStats = 0;
        for (String commenter : commenters) {
            countedInStats += anyone().get("/users/" + commenter + "/stats").<Integer>path("comments");
        }
        assertEquals(n, countedInStats);
    }

    static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
