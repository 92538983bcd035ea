package dev.trident.workspace;

import static dev.trident.workspace.Api.PROBLEM_JSON;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ItemKey;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** PUT/DELETE/GET members and GET /workspaces?member=: who may, what is stored, and the last-owner guarantee. */
@QuarkusTest
class MemberRoutesTest {

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    private Map<String, AttributeValue> stored(ItemKey key) {
        return dynamo.getItem(r -> r.tableName(table.tableName()).key(key.toAttributes()).consistentRead(true))
                .join().item();
    }

    private long ownerCount(String ws) {
        return Long.parseLong(stored(WorkspaceKeys.workspace(ws)).get("ownerCount").n());
    }

    static Response putMember(String caller, String ws, String userId, String role) {
        return Api.as(caller).contentType(ContentType.JSON).body(Map.of("role", role))
                .put("/workspaces/" + ws + "/members/" + userId);
    }

    @Test
    void anOwnerAddsAMemberWhoThenReadsTheWorkspaceAndFindsItUnderTheirMemberships() {
        String ws = Api.createWorkspace("mem", null);
        String mia = Api.createUser("Mia Member");
        Api.as(mia).get("/workspaces/" + ws).then().statusCode(404);

        DynamoDbCallRecorder.reset();
        putMember(Api.owner(), ws, mia, "member").then().statusCode(201)
                .header("Location", org.hamcrest.Matchers.endsWith("/workspaces/" + ws + "/members/" + mia))
                .body("workspaceId", equalTo(ws)).body("userId", equalTo(mia)).body("role", equalTo("member"))
                .body("version", equalTo(1));
        assertEquals(List.of("BatchGetItem", "GetItem", "TransactWriteItems"), DynamoDbCallRecorder.operations(),
                "caller's edge with META, target edge, then the edge put");
        Map<String, AttributeValue> edge = stored(WorkspaceKeys.member(ws, mia));
        assertEquals("member", edge.get("role").s());
        assertEquals(WorkspaceKeys.userWorkspacesPartition(mia), edge.get("GSI1PK").s());
        assertEquals(1, ownerCount(ws), "a plain member does not move the owner count");

        DynamoDbCallRecorder.reset();
        Api.as(mia).get("/workspaces/" + ws).then().statusCode(200).body("workspaceId", equalTo(ws));
        assertEquals(List.of("BatchGetItem"), DynamoDbCallRecorder.operations(), "membership and META, one read");

        DynamoDbCallRecorder.reset();
        Api.as(mia).get("/workspaces/" + ws + "/members").then().statusCode(200)
                .body("items.userId", hasItems(Api.owner(), mia)).body("items.size()", equalTo(2));
        assertEquals(List.of("BatchGetItem", "Query"), DynamoDbCallRecorder.operations());

        DynamoDbCallRecorder.reset();
        Api.as(mia).queryParam("member", mia).get("/workspaces").then().statusCode(200)
                .body("items.workspaceId", hasItem(ws)).body("items[0].role", equalTo("member"));
        assertEquals(List.of("Query(GSI1)"), DynamoDbCallRecorder.operations());
        Api.as(mia).get("/workspaces").then().statusCode(200).body("items.workspaceId", equalTo(List.of(ws)));
    }

    @Test
    void aMemberReadsButDoesNotManageUntilMadeAdmin() {
        String ws = Api.createWorkspace("mem-role", null);
        String max = Api.createUser("Max");
        putMember(Api.owner(), ws, max, "member").then().statusCode(201);
        Api.postProject(ws, "not yet", null, max).then().statusCode(403).contentType(PROBLEM_JSON);
        putMember(max, ws, Api.createUser("Friend"), "member").then().statusCode(403);

        putMember(Api.owner(), ws, max, "admin").then().statusCode(200).body("role", equalTo("admin"))
                .body("version", equalTo(2));
        Api.postProject(ws, "now", null, max).then().statusCode(201).body("createdBy", equalTo(max))
                .body("createdByName", equalTo("Max"));
        // Admins manage projects and members but not settings.
        Api.as(max).contentType(ContentType.JSON).body(Map.of("seatLimit", 3)).patch("/workspaces/" + ws)
                .then().statusCode(403).contentType(PROBLEM_JSON);
        Api.given().get("/workspaces/" + ws).then().body("seatLimit", equalTo(25));
    }

    @Test
    void onlyAnOwnerGrantsOrTakesAwayTheOwnerRole() {
        String ws = Api.createWorkspace("mem-owner", null);
        String ada = Api.createUser("Ada Admin");
        String bob = Api.createUser("Bob");
        putMember(Api.owner(), ws, ada, "admin").then().statusCode(201);
        putMember(ada, ws, bob, "owner").then().statusCode(403).contentType(PROBLEM_JSON);
        putMember(ada, ws, ada, "owner").then().statusCode(403);
        putMember(ada, ws, Api.owner(), "member").then().statusCode(403);
        Api.as(ada).delete("/workspaces/" + ws + "/members/" + Api.owner()).then().statusCode(403);
        assertTrue(stored(WorkspaceKeys.member(ws, bob)).isEmpty());
        assertEquals("admin", stored(WorkspaceKeys.member(ws, ada)).get("role").s());
        assertEquals("owner", stored(WorkspaceKeys.member(ws, Api.owner())).get("role").s());
        assertEquals(1, ownerCount(ws));
        // An admin does manage plain members.
        putMember(ada, ws, bob, "member").then().statusCode(201);
        Api.as(ada).delete("/workspaces/" + ws + "/members/" + bob).then().statusCode(204);
        assertTrue(stored(WorkspaceKeys.member(ws, bob)).isEmpty());
    }

    @Test
    void theLastOwnerIsNeitherRemovedNorDemotedButASecondOwnerMakesItPossible() {
        String ws = Api.createWorkspace("mem-last", null);
        Api.given().delete("/workspaces/" + ws + "/members/" + Api.owner()).then().statusCode(409)
                .contentType(PROBLEM_JSON);
        putMember(Api.owner(), ws, Api.owner(), "admin").then().statusCode(409);
        assertEquals("owner", stored(WorkspaceKeys.member(ws, Api.owner())).get("role").s());
        assertEquals(1, ownerCount(ws));

        String olga = Api.createUser("Olga Owner");
        putMember(Api.owner(), ws, olga, "owner").then().statusCode(201);
        assertEquals(2, ownerCount(ws));
        DynamoDbCallRecorder.reset();
        Api.as(olga).delete("/workspaces/" + ws + "/members/" + Api.owner()).then().statusCode(204);
        assertEquals(List.of("BatchGetItem", "GetItem", "TransactWriteItems"), DynamoDbCallRecorder.operations());
        assertEquals(1, ownerCount(ws));
        assertTrue(stored(WorkspaceKeys.member(ws, Api.owner())).isEmpty());
        Api.given().get("/workspaces/" + ws).then().statusCode(404);
        Api.as(olga).delete("/workspaces/" + ws + "/members/" + olga).then().statusCode(409);
    }

    @Test
    void ownersRemovingThemselvesAllAtOnceAlwaysLeaveAnOwnerAndACountThatMatches() throws Exception {
        int owners = 10;
        String ws = Api.createWorkspace("mem-race", null);
        List<String> users = new ArrayList<>(List.of(Api.owner()));
        for (int i = 1; i < owners; i++) {
            String user = Api.createUser("Owner " + i);
            putMember(Api.owner(), ws, user, "owner").then().statusCode(201);
            users.add(user);
        }
        assertEquals(owners, ownerCount(ws));
        ExecutorService pool = Executors.newFixedThreadPool(owners);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<CompletableFuture<Integer>> calls = users.stream()
                    .map(user -> CompletableFuture.supplyAsync(() -> {
                        await(start);
                        return Api.as(user).delete("/workspaces/" + ws + "/members/" + user).statusCode();
                    }, pool)).toList();
            start.countDown();
            List<Integer> statuses = calls.stream().map(CompletableFuture::join).toList();
            long removed = statuses.stream().filter(s -> s == 204).count();
            assertTrue(statuses.stream().allMatch(s -> s == 204 || s == 409), statuses.toString());
            long remaining = users.stream().filter(u -> !stored(WorkspaceKeys.member(ws, u)).isEmpty()).count();
            assertTrue(remaining >= 1, "a workspace never loses its last owner");
            assertEquals(owners - removed, remaining);
            assertEquals(remaining, ownerCount(ws), "ownerCount equals the owner edges");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void badMemberRequestsAre4xxAndWriteNothing() {
        String ws = Api.createWorkspace("mem-bad", null);
        String ghost = Api.uniqueId("ghost");
        putMember(Api.owner(), ws, ghost, "member").then().statusCode(422).contentType(PROBLEM_JSON)
                .body("errors.field", hasItem("userId"));
        assertTrue(stored(WorkspaceKeys.member(ws, ghost)).isEmpty());
        putMember(Api.owner(), ws, "u-x", "boss").then().statusCode(400).body("errors.field", hasItem("role"));
        putMember(Api.owner(), ws, "a b", "member").then().statusCode(400).body("errors.field", hasItem("userId"));
        Api.given().contentType(ContentType.JSON).body(Map.of()).put("/workspaces/" + ws + "/members/u-x")
                .then().statusCode(400).body("errors.field", hasItem("role"));
        Api.given().delete("/workspaces/" + ws + "/members/" + ghost).then().statusCode(404)
                .contentType(PROBLEM_JSON);
    }

    @Test
    void membersPageInUserIdOrderAndMembershipsOfOthersNeedThePlatformAdmin() {
        String ws = Api.createWorkspace("mem-page", null);
        List<String> added = IntStream.range(0, 3).mapToObj(i -> Api.createUser("P" + i)).toList();
        added.forEach(u -> putMember(Api.owner(), ws, u, "member").then().statusCode(201));
        List<String> seen = new ArrayList<>();
        String cursor = null;
        do {
            var request = Api.given().queryParam("limit", 1);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            Response page = request.get("/workspaces/" + ws + "/members").then().statusCode(200).extract().response();
            List<String> ids = page.path("items.userId");
            assertEquals(1, ids.size());
            seen.addAll(ids);
            cursor = page.path("nextCursor");
        } while (cursor != null);
        assertEquals(4, seen.size());
        assertEquals(seen.stream().sorted().toList(), seen);

        String other = added.get(0);
        Api.given().queryParam("member", other).get("/workspaces").then().statusCode(403).contentType(PROBLEM_JSON);
        Api.asPlatformAdmin().queryParam("member", other).get("/workspaces").then().statusCode(200)
                .body("items.workspaceId", hasItem(ws));
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
