package dev.trident.social;

import static dev.trident.social.Api.as;
import static dev.trident.social.Api.comment;
import static dev.trident.social.Api.createPost;
import static dev.trident.social.Api.createUser;
import static dev.trident.social.Api.postJson;
import static dev.trident.social.Api.uniqueId;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ItemKey;
import dev.trident.keys.WorkKeys;
import dev.trident.support.work.PendingWork;
import dev.trident.support.work.WorkTask;
import dev.trident.testing.PendingWorkProfile;
import dev.trident.testing.TestTable;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * social-service's side of an erasure, on DynamoDB Local with the pending-work poller on: who may ask, what the
 * request does at once (202, Location, profile and handle gone), and what social's part leaves behind (nothing that
 * holds the id or the name but the record and the other services' tasks; counters on other posts corrected).
 */
@QuarkusTest
@TestProfile(PendingWorkProfile.class)
class AccountErasureTest {

    private static final String TABLE = "trident";

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    PendingWork pendingWork;

    @Test
    void nobodyElseMayEraseOrSeeAnErasureAndIsAnswered404() {
        String victim = createUser();
        String other = createUser();
        as(other).when().delete("/users/" + victim).then().statusCode(404)
                .contentType(Api.PROBLEM_JSON);
        as(victim).when().get("/users/" + victim + "/erasure").then().statusCode(404);
        as(victim).when().get("/users/" + victim).then().statusCode(200);

        as(victim).when().delete("/users/" + victim).then().statusCode(202);
        as(other).when().get("/users/" + victim + "/erasure").then().statusCode(404)
                .contentType(Api.PROBLEM_JSON);
        // Another role than admin grants nothing either.
        Api.as(other, "registrar").when().get("/users/" + victim + "/erasure").then().statusCode(404);
        Api.as(other, "admin").when().get("/users/" + victim + "/erasure").then().statusCode(200)
                .body("userId", equalTo(victim));
    }

    @Test
    void anAdminMayEraseAnyoneAndAnUnknownUserIs404() {
        String victim = createUser();
        Api.as("ops", "admin").when().delete("/users/" + victim).then().statusCode(202);
        Api.as("ops", "admin").when().delete("/users/never-" + victim).then().statusCode(404);
        as("never-" + victim).when().delete("/users/never-" + victim).then().statusCode(404);
        as("bad").when().delete("/users/bad%23id").then().statusCode(400).contentType(Api.PROBLEM_JSON);
        as("bad").when().get("/users/bad%23id/erasure").then().statusCode(400).contentType(Api.PROBLEM_JSON);
    }

    @Test
    void anErasureWithAStaleOrWeakIfMatchIs412AndErasesNothing() {
        String victim = createUser();
        String first = as(victim).when().get("/users/" + victim).then().statusCode(200).extract().header("ETag");
        Api.patchJson(victim, "/users/" + victim, first, Map.of("bio", "changed")).then().statusCode(200);
        String current = as(victim).when().get("/users/" + victim).then().statusCode(200).extract().header("ETag");

        as(victim).header("If-Match", first).when().delete("/users/" + victim).then().statusCode(412)
                .contentType(Api.PROBLEM_JSON);
        as(victim).header("If-Match", "W/" + current).when().delete("/users/" + victim).then().statusCode(412)
                .contentType(Api.PROBLEM_JSON);
        as(victim).when().get("/users/" + victim).then().statusCode(200);
        assertTrue(TestTable.holding(TABLE, "ERASURE#" + victim).isEmpty(), "no erasure was recorded");

        as(victim).header("If-Match", current).when().delete("/users/" + victim).then().statusCode(202);
        as(victim).when().get("/users/" + victim).then().statusCode(404);
    }

    @Test
    void withoutATokenNeitherRouteAnswersAnythingBut401() {
        String victim = createUser();
        io.restassured.RestAssured.given().when().delete("/users/" + victim).then().statusCode(401);
        io.restassured.RestAssured.given().when().get("/users/" + victim + "/erasure").then().statusCode(401);
        as(victim).when().get("/users/" + victim).then().statusCode(200);
    }

    @Test
    void erasingAnAccountLeavesNoItemHoldingItsIdOrNameAndCorrectsCountsElsewhere() {
        String handle = uniqueId("Erased");
        String victim = createUser(handle);
        String displayName = "Name of " + handle;
        String friend = createUser();
        String own = createPost(victim, "mine");
        createPost(victim, "mine too");
        String friendsPost = createPost(friend, "theirs");
        comment(victim, own, friend, "a friend's comment on the erased account's post");
        comment(victim, own, victim, "the account on its own post");
        comment(friend, friendsPost, victim, "one");
        comment(friend, friendsPost, victim, "two");
        String kept = comment(friend, friendsPost, friend, "the friend's own");
        as(friend).when().get("/users/" + friend + "/posts/" + friendsPost).then().body("commentCount", equalTo(3));

        var accepted = as(victim).when().delete("/users/" + victim);
        accepted.then().statusCode(202)
                .header("Location", endsWith("/users/" + victim + "/erasure"))
                .body("userId", equalTo(victim)).body("status", equalTo("PENDING"))
                .body("parts.social.status", equalTo("PENDING"));
        // At once: the profile is gone and its handle free (in any case).
        as(victim).when().get("/users/" + victim).then().statusCode(404);
        // Asking again is the same erasure.
        as(victim).when().delete("/users/" + victim).then().statusCode(202)
                .body("requestedAt", equalTo(accepted.path("requestedAt")));

        JsonPath done = awaitPart(victim, "social", Duration.ofSeconds(15));
        assertEquals(2 + 1 + 2 + 2, done.getLong("parts.social.itemsErased"),
                "the profile went with the request; then 2 posts, 1 stats item, 2 comments on its post, 2 elsewhere: "
                        + done.prettify());

        as(friend).when().get("/users/" + friend + "/posts/" + friendsPost).then().statusCode(200)
                .body("commentCount", equalTo(1));
        as(friend).when().get("/users/" + friend + "/posts/" + friendsPost + "/comments").then()
                .body("items.commentId", equalTo(List.of(kept)));
        String newcomer = Api.newUserId();
        postJson(newcomer, "/users", Map.of("handle", handle.toLowerCase(), "displayName", "Someone else"))
                .then().statusCode(201);

        // What is left holding the id or the name: the record and the tasks of the parts not run in this module
        // (social's own task is deleted just after its part is marked done).
        long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (!TestTable.holding(TABLE, "WORK#social").stream()
                .filter(item -> item.get("SK").s().endsWith("#" + victim)).toList().isEmpty()
                && System.nanoTime() < deadline) {
            pause();
        }
        Set<String> left = new TreeSet<>();
        for (Map<String, AttributeValue> item : TestTable.holding(TABLE, victim, displayName)) {
            left.add(item.get("PK").s() + " " + item.get("SK").s());
        }
        assertEquals(new TreeSet<>(Set.of("ERASURE#" + victim + " ERASURE",
                taskKey("enrollment", victim), taskKey("workspace", victim))), left);
        Map<String, AttributeValue> record = TestTable.holding(TABLE, "ERASURE#" + victim).get(0);
        // Still pending (two parts left): TTL must not delete it before its last part is done.
        assertFalse(record.containsKey("expiresAt"), record::toString);
        assertTrue(record.keySet().stream().noneMatch(name -> name.contains("handle") || name.contains("Name")),
                record::toString);
    }

    /**
     * A part's task found again after the part was marked done (its deletion failed, say in a DynamoDB outage) does
     * nothing: the erasure being done freed the id, and a new account under it keeps its profile.
     */
    @Test
    void aTaskFoundAgainAfterItsPartIsDoneLeavesANewAccountUnderTheIdAlone() {
        String victim = createUser(uniqueId("Again"));
        as(victim).when().delete("/users/" + victim).then().statusCode(202);
        awaitPart(victim, "social", Duration.ofSeconds(15));
        // The other services finish their parts (not run in this module): the record is done, the id free again.
        dynamo.updateItem(r -> r.tableName(TABLE)
                .key(Map.of("PK", AttributeValue.fromS("ERASURE#" + victim), "SK", AttributeValue.fromS("ERASURE")))
                .updateExpression("SET #status = :done, enrollmentStatus = :done, workspaceStatus = :done")
                .expressionAttributeNames(Map.of("#status", "status"))
                .expressionAttributeValues(Map.of(":done", AttributeValue.fromS("DONE")))).join();
        postJson(victim, "/users", Map.of("handle", uniqueId("Back"), "displayName", "Back again"))
                .then().statusCode(201);
        // social's task again, free to claim, as if deleting it had failed once its part was done.
        pendingWork.enqueueNow(new WorkTask("social", "erase-user", victim, Instant.now().toString(), null, 0L, 0L))
                .await().atMost(Duration.ofSeconds(5));

        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!TestTable.holding(TABLE, "WORK#social").stream()
                .filter(item -> item.get("SK").s().endsWith("#" + victim)).toList().isEmpty()
                && System.nanoTime() < deadline) {
            pause();
        }
        assertTrue(TestTable.holding(TABLE, "WORK#social").stream()
                .noneMatch(item -> item.get("SK").s().endsWith("#" + victim)), "the poller took the task and ended it");
        as(victim).when().get("/users/" + victim).then().statusCode(200).body("displayName", equalTo("Back again"));
    }

    /**
     * Every part done, the record still PENDING: the write that should have finished it failed. A part's task found
     * again finishes it, so the id is not reserved for ever and the progress says DONE.
     */
    @Test
    void aTaskFoundAgainFinishesARecordWhoseEveryPartIsDoneButThatStayedPending() {
        String victim = createUser(uniqueId("Stuck"));
        as(victim).when().delete("/users/" + victim).then().statusCode(202);
        awaitPart(victim, "social", Duration.ofSeconds(15));
        awaitNoTask(victim);
        // The other parts were marked done, and the record's finishing write failed.
        dynamo.updateItem(r -> r.tableName(TABLE)
                .key(Map.of("PK", AttributeValue.fromS("ERASURE#" + victim), "SK", AttributeValue.fromS("ERASURE")))
                .updateExpression("SET enrollmentStatus = :done, workspaceStatus = :done")
                .expressionAttributeValues(Map.of(":done", AttributeValue.fromS("DONE")))).join();
        as(victim).when().get("/users/" + victim + "/erasure").then().body("status", equalTo("PENDING"));
        postJson(victim, "/users", Map.of("handle", uniqueId("Early"), "displayName", "Too early"))
                .then().statusCode(409);

        pendingWork.enqueueNow(new WorkTask("social", "erase-user", victim, Instant.now().toString(), null, 0L, 0L))
                .await().atMost(Duration.ofSeconds(5));
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        String status;
        do {
            pause();
            status = as(victim).when().get("/users/" + victim + "/erasure").then().statusCode(200).extract()
                    .path("status");
        } while (!"DONE".equals(status) && System.nanoTime() < deadline);
        assertEquals("DONE", status, "the task found again finished the record");
        Map<String, AttributeValue> record = TestTable.holding(TABLE, "ERASURE#" + victim).get(0);
        assertTrue(Long.parseLong(record.get("expiresAt").n()) > System.currentTimeMillis() / 1000 + 29 * 86400L,
                "a finished record expires 30 days on: " + record);
        postJson(victim, "/users", Map.of("handle", uniqueId("Later"), "displayName", "Free again"))
                .then().statusCode(201);
    }

    /**
     * A task whose record is gone (a finished erasure's record expired by TTL while the task was parked) erases
     * nothing: whatever lives under the id now is a new account's.
     */
    @Test
    void aTaskWithoutAnErasureRecordErasesNothing() {
        String owner = createUser(uniqueId("Alive"));
        String post = createPost(owner, "still here");
        pendingWork.enqueueNow(new WorkTask("social", "erase-user", owner, Instant.now().toString(), null, 0L, 0L))
                .await().atMost(Duration.ofSeconds(5));
        awaitNoTask(owner);
        as(owner).when().get("/users/" + owner).then().statusCode(200);
        as(owner).when().get("/users/" + owner + "/posts/" + post).then().statusCode(200);
    }

    private static void awaitNoTask(String userId) {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (!TestTable.holding(TABLE, "WORK#social").stream()
                .filter(item -> item.get("SK").s().endsWith("#" + userId)).toList().isEmpty()
                && System.nanoTime() < deadline) {
            pause();
        }
        assertTrue(TestTable.holding(TABLE, "WORK#social").stream()
                .noneMatch(item -> item.get("SK").s().endsWith("#" + userId)), "the poller took the task and ended it");
    }

    static JsonPath awaitPart(String userId, String part, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        JsonPath progress;
        do {
            progress = as(userId).when().get("/users/" + userId + "/erasure").then().statusCode(200).extract().jsonPath();
            if ("DONE".equals(progress.getString("parts." + part + ".status"))) {
                return progress;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        } while (System.nanoTime() < deadline);
        throw new AssertionError(part + " not done within " + within + ": " + progress.prettify());
    }

    private static void pause() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** How the test prints a task's key: the erasure task of {@code service} for {@code userId}, in its work shard. */
    private static String taskKey(String service, String userId) {
        ItemKey key = WorkKeys.task(service, "erase-user", userId);
        return key.pk() + " " + key.sk();
    }
}
