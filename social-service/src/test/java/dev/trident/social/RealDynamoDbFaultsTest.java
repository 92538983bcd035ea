package dev.trident.social;

import static dev.trident.social.Api.anyone;
import static dev.trident.social.Api.comment;
import static dev.trident.social.Api.createPost;
import static dev.trident.social.Api.createUser;
import static dev.trident.social.Api.postJson;
import static dev.trident.social.Api.uniqueId;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.matchesPattern;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.faults.FaultControl;
import dev.trident.social.faults.FaultyTableProfile;
import dev.trident.testing.FaultyDynamoDbResource;
import dev.trident.testing.TestTable;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What DynamoDB does and DynamoDB Local does not, injected by the fault proxy: throttling, answers lost after the
 * write committed, a transaction still in progress, a table being updated. Each is back-pressure or an honest
 * answer, never a 500, never a lost or doubled write.
 */
@QuarkusTest
@TestProfile(FaultyTableProfile.class)
class RealDynamoDbFaultsTest {

    private static final String TABLE = "trident";

    private static FaultControl faults() {
        return FaultyDynamoDbResource.faults();
    }

    @AfterEach
    void noFaults() {
        faults().reset();
    }

    private static Response createPostOnce(String author, String idempotencyKey) {
        return postJson(author, "/users/" + author + "/posts", Map.of("title", "t", "body", "under faults"),
                idempotencyKey);
    }

    private static void assertPosts(String author, int count) {
        anyone().when().get("/users/" + author + "/posts").then().statusCode(200).body("items", hasSize(count));
    }

    @Test
    void aPostCreateWhoseTransactionIsThrottledIsRetriedAndWrittenOnce() {
        String author = createUser();
        faults().throttleNext("TransactWriteItems", 2);
        createPostOnce(author, uniqueId("k")).then().statusCode(201);
        assertEquals(2, faults().counter("throttled.TransactWriteItems"));
        assertPosts(author, 1);
    }

    @Test
    void aWriteThrottledThroughEveryRetryIs503WithRetryAfterAndWritesNothing() {
        String author = createUser();
        faults().throttleNext("TransactWriteItems", 1_000);
        createPostOnce(author, uniqueId("k")).then().statusCode(503)
                .contentType(Api.PROBLEM_JSON)
                .header("Retry-After", matchesPattern("[0-9]+"))
                .body("detail", containsString("throttling"));
        faults().reset();
        assertPosts(author, 0);
        assertTrue(TestTable.holding(TABLE, author).stream().noneMatch(item -> item.get("SK").s().startsWith("POST#")),
                "no post of the author was written");
    }

    /**
     * The first attempt committed and is answered "in progress", and so is every retry the SDK makes on its own with
     * the same ClientRequestToken: the write was made once, and the answer is never "409, nothing written" but 201 or a
     * 503 that says the write may have been made (no Idempotency-Key here to recover by).
     */
    @Test
    void aTransactionStillInProgressIsNeverAnsweredAsNothingWrittenAndCommitsOnce() {
        String author = createUser();
        faults().transactionInProgressNext(3);
        Response answer = postJson(author, "/users/" + author + "/posts", Map.of("title", "t", "body", "no key"));
        assertEquals(3, faults().counter("transactionInProgress"));
        if (answer.statusCode() == 503) {
            answer.then().contentType(Api.PROBLEM_JSON).header("Retry-After", matchesPattern("[0-9]+"))
                    .body("detail", containsString("may have been made"));
        } else {
            answer.then().statusCode(201);
        }
        faults().reset();
        assertPosts(author, 1);
    }

    @Test
    void anAnswerLostAfterTheCommitIsRetriedWithTheSameTokenAndCommitsOnce() {
        String author = createUser();
        faults().loseAnswerNext("TransactWriteItems", 1);
        createPostOnce(author, uniqueId("k")).then().statusCode(201);
        assertEquals(1, faults().counter("lostAnswers"));
        assertPosts(author, 1);
    }

    /**
     * The answer is lost on every attempt, but the write was made. The service either finds that out in time (a post
     * read back, or the Idempotency-Key record) and answers 201, or says the write may have been made; never "nothing
     * written", never a 500. The retry it names answers the one post that was written.
     */
    @Test
    void aWriteWhoseEveryAnswerIsLostIsConfirmedOrSaidToBeUnknownAndWrittenOnce() {
        for (String key : List.of(uniqueId("k"), "")) {
            String author = createUser();
            faults().loseAnswerNext("TransactWriteItems", 1_000);
            Response first = key.isEmpty()
                    ? postJson(author, "/users/" + author + "/posts", Map.of("title", "t", "body", "no key"))
                    : createPostOnce(author, key);
            assertTrue(faults().counter("lostAnswers") > 1, "every attempt's answer was lost");
            if (first.statusCode() == 503) {
                first.then().contentType(Api.PROBLEM_JSON).header("Retry-After", matchesPattern("[0-9]+"))
                        .body("detail", containsString("may have been made"))
                        .body("detail", containsString("Idempotency-Key"));
            } else {
                first.then().statusCode(201);
            }
            faults().reset();
            assertPosts(author, 1);
            if (!key.isEmpty()) {
                String postId = anyone().when().get("/users/" + author + "/posts").then().extract()
                        .path("items[0].postId");
                createPostOnce(author, key).then().statusCode(201).body("postId", equalTo(postId));
                assertPosts(author, 1);
            }
        }
    }

    @Test
    void aTableBeingUpdatedKeepsTheServiceReadyAndServing() {
        faults().tableStatus("UPDATING");
        for (int probe = 0; probe < 3; probe++) {
            RestAssured.given().when().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        }
        assertTrue(faults().counter("describeRewritten") >= 3, "DescribeTable said UPDATING");
        String author = createUser();
        createPost(author, "serving while UPDATING");
        assertPosts(author, 1);
    }

    @Test
    void aTableThatCannotServeMakesTheServiceUnready() {
        faults().tableStatus("DELETING");
        RestAssured.given().when().get("/q/health/ready").then().statusCode(503)
                .body("checks.find { it.name == 'dynamodb-table' }.data.reason", containsString("DELETING"));
    }

    /**
     * Throttling that outlasts more claims than max-attempts parks nothing: once it ends, the deletion finishes.
     */
    @Test
    void backgroundWorkThatMeetsThrottlingIsNotParkedAndFinishesOnceItEnds() {
        String author = createUser();
        String reader = createUser();
        String post = createPost(author, "to be deleted");
        comment(author, post, reader, "one");
        comment(author, post, reader, "two");
        faults().throttleOperations("BatchWriteItem").throttleRate(1.0);
        Api.as(author).when().delete("/users/" + author + "/posts/" + post).then().statusCode(202);

        long throttledFor = System.nanoTime() + Duration.ofSeconds(4).toNanos();
        while (System.nanoTime() < throttledFor) {
            sleep(200);
        }
        assertTrue(faults().counter("throttled.BatchWriteItem") > FaultyTableProfile.MAX_ATTEMPTS,
                "the task met throttling on more claims than it may fail: " + faults().counters());
        faults().reset();

        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        while ((!TestTable.holding(TABLE, "POST#" + post).isEmpty() || !deletionTaskGone(author))
                && System.nanoTime() < deadline) {
            sleep(200);
        }
        assertTrue(TestTable.holding(TABLE, "POST#" + post).isEmpty(), "the post's comments are gone");
        assertTrue(deletionTaskGone(author), "the deletion's task is done, not parked");
    }

    /** Whether the author's post-deletion task is gone from the pending work. */
    private static boolean deletionTaskGone(String author) {
        return TestTable.holding(TABLE, "WORK#social").stream()
                .noneMatch(item -> item.get("SK").s().equals("TASK#delete-post#" + author));
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
