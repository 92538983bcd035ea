package dev.trident.workspace;

import static dev.trident.workspace.Api.PROBLEM_JSON;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ItemKey;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.HashMap;
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

/** seatLimit enforced by memberCount on META (every member takes a seat, owners included), and leaving. */
@QuarkusTest
class WorkspaceSeatsTest {

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    private Map<String, AttributeValue> stored(ItemKey key) {
        return dynamo.getItem(r -> r.tableName(table.tableName()).key(key.toAttributes()).consistentRead(true))
                .join().item();
    }

    private long memberCount(String ws) {
        return Long.parseLong(stored(WorkspaceKeys.workspace(ws)).get("memberCount").n());
    }

    /** The member edges in the table, counted by a strongly consistent Query. */
    private int memberEdges(String ws) {
        return dynamo.query(r -> r.tableName(table.tableName()).consistentRead(true)
                .keyConditionExpression("PK = :pk AND begins_with(SK, :m)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(WorkspaceKeys.workspacePartition(ws)),
                        ":m", AttributeValue.fromS(WorkspaceKeys.membersPrefix())))).join().count();
    }

    private static String workspaceWithSeats(String prefix, int seatLimit) {
        String ws = Api.uniqueId(prefix);
        Map<String, Object> body = new HashMap<>(Api.workspaceBody(ws, null));
        body.put("seatLimit", seatLimit);
        Api.given().contentType(ContentType.JSON).body(body).post("/workspaces").then().statusCode(201);
        return ws;
    }

    private static Response put(String ws, String userId, String role) {
        return MemberRoutesTest.putMember(Api.owner(), ws, userId, role);
    }

    @Test
    void theCreatorTakesTheFirstSeatAndAFullWorkspaceRefusesANewMemberButNotARoleChange() {
        String ws = workspaceWithSeats("seat", 3);
        assertEquals(1, memberCount(ws), "the first owner takes a seat");
        String ada = Api.createUser("Ada");
        String bob = Api.createUser("Bob");
        String cyd = Api.createUser("Cyd");
        put(ws, ada, "member").then().statusCode(201);
        put(ws, bob, "admin").then().statusCode(201);
        assertEquals(3, memberCount(ws));

        DynamoDbCallRecorder.reset();
        put(ws, cyd, "member").then().statusCode(409).contentType(PROBLEM_JSON)
                .body("detail", containsString("is full: 3 of 3 seats are taken"));
        assertEquals(List.of("BatchGetItem", "GetItem", "TransactWriteItems"), DynamoDbCallRecorder.operations());
        assertTrue(stored(WorkspaceKeys.member(ws, cyd)).isEmpty(), "nothing half-written");
        assertEquals(3, memberCount(ws));

        put(ws, ada, "admin").then().statusCode(200);
        put(ws, ada, "owner").then().statusCode(200);
        assertEquals(3, memberCount(ws), "a role change takes no seat");
        assertEquals(2, Long.parseLong(stored(WorkspaceKeys.workspace(ws)).get("ownerCount").n()));

        Api.given().delete("/workspaces/" + ws + "/members/" + bob).then().statusCode(204);
        assertEquals(2, memberCount(ws), "a removal frees the seat");
        put(ws, cyd, "member").then().statusCode(201);
        assertEquals(3, memberCount(ws));

        // Raising the limit makes room; lowering it below the members keeps them but admits nobody new.
        Api.given().contentType(ContentType.JSON).body(Map.of("seatLimit", 4)).patch("/workspaces/" + ws)
                .then().statusCode(200);
        put(ws, bob, "member").then().statusCode(201);
        Api.given().contentType(ContentType.JSON).body(Map.of("seatLimit", 2)).patch("/workspaces/" + ws)
                .then().statusCode(200);
        Api.given().delete("/workspaces/" + ws + "/members/" + bob).then().statusCode(204);
        put(ws, bob, "member").then().statusCode(409);
        assertEquals(3, memberCount(ws));
        assertEquals(3, memberEdges(ws));
    }

    @Test
    void twentyParallelJoinsIntoFiveSeatsLeaveExactlyFiveMembersAndACountOfFive() throws Exception {
        String ws = workspaceWithSeats("seat-race", 5);
        List<String> users = IntStream.range(0, 20).mapToObj(i -> Api.createUser("Joiner " + i)).toList();
        ExecutorService pool = Executors.newFixedThreadPool(users.size());
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<CompletableFuture<Response>> joins = users.stream().map(user -> CompletableFuture.supplyAsync(() -> {
                await(start);
                return joinRetryingConflicts(ws, user);
            }, pool)).toList();
            start.countDown();
            List<Response> answers = joins.stream().map(CompletableFuture::join).toList();
            List<Integer> statuses = answers.stream().map(Response::statusCode).toList();
            assertEquals(4, statuses.stream().filter(s -> s == 201).count(), statuses.toString());
            assertEquals(16, answers.stream().filter(a -> a.statusCode() == 409
                    && a.<String>path("detail").contains("is full")).count(), statuses.toString());
        } finally {
            pool.shutdownNow();
        }
        assertEquals(5, memberEdges(ws), "the owner and four joiners");
        assertEquals(5, memberCount(ws));
    }

    /**
     * A join as a client makes it: retried while the answer is a concurrency conflict ("retry"), not a full workspace.
     */
    private static Response joinRetryingConflicts(String ws, String user) {
        Response answer = null;
        for (int attempt = 0; attempt < 20; attempt++) {
            answer = put(ws, user, "member");
            if (answer.statusCode() != 409 || answer.<String>path("detail").contains("is full")) {
                return answer;
            }
        }
        return answer;
    }

    /**
     * A workspace stored before seats were counted is migrated by deploy/migrations' MemberCountBackfill
     * (MemberCountBackfillTest), never on a request: one not migrated refuses every change of its seats with a 500
     * that says so, in the one transaction the route makes on current data, and changes nothing.
     */
    @Test
    void aWorkspaceStoredBeforeSeatsWereCountedRefusesSeatChangesUntilMigratedAndWritesNothing() {
        String ws = workspaceWithSeats("seat-old", 4);
        String ada = Api.createUser("Ada");
        String bob = Api.createUser("Bob");
        String cyd = Api.createUser("Cyd");
        put(ws, ada, "member").then().statusCode(201);
        put(ws, bob, "admin").then().statusCode(201);
        dropMemberCount(ws);
        Map<String, AttributeValue> meta = stored(WorkspaceKeys.workspace(ws));

        DynamoDbCallRecorder.reset();
        put(ws, cyd, "member").then().statusCode(500).contentType(PROBLEM_JSON)
                .body("detail", containsString("workspace " + ws + " is stored without its member counts"));
        assertEquals(List.of("BatchGetItem", "GetItem", "TransactWriteItems"), DynamoDbCallRecorder.operations(),
                "refused by its transaction alone: nothing counted, nothing sent again");
        assertTrue(stored(WorkspaceKeys.member(ws, cyd)).isEmpty());
        DynamoDbCallRecorder.reset();
        Api.as(ada).delete("/workspaces/" + ws + "/members/" + ada).then().statusCode(500).contentType(PROBLEM_JSON);
        assertEquals(List.of("GetItem", "TransactWriteItems"), DynamoDbCallRecorder.operations());
        Api.given().delete("/workspaces/" + ws + "/members/" + bob).then().statusCode(500).contentType(PROBLEM_JSON);
        // An owner's removal is refused for the count too; the last owner's, as ever, for being the last.
        Api.given().delete("/workspaces/" + ws + "/members/" + Api.owner()).then().statusCode(409)
                .body("detail", containsString("last owner"));
        assertEquals(3, memberEdges(ws));
        // A role change takes no seat: it needs no count, and is made.
        put(ws, ada, "admin").then().statusCode(200);
        assertEquals(meta, stored(WorkspaceKeys.workspace(ws)), "META as it was: no count started from nothing");

        // Counted as the backfill counts it (its member edges), the same requests pass.
        setMemberCount(ws, memberEdges(ws));
        put(ws, cyd, "member").then().statusCode(201);
        Api.as(ada).delete("/workspaces/" + ws + "/members/" + ada).then().statusCode(204);
        assertEquals(3, memberCount(ws));
        assertEquals(3, memberEdges(ws));
    }

    /**
     * A workspace stored before owners were counted (no {@code ownerCount}) refuses every change of its owners until
     * migrated, with a 500 and nothing written; what moves no owner count still passes.
     */
    @Test
    void aWorkspaceStoredBeforeOwnersWereCountedRefusesOwnerChangesUntilMigratedAndWritesNothing() {
        String ws = workspaceWithSeats("owners-old", 6);
        String ada = Api.createUser("Ada");
        String bob = Api.createUser("Bob");
        String cyd = Api.createUser("Cyd");
        put(ws, ada, "member").then().statusCode(201);
        put(ws, bob, "owner").then().statusCode(201);
        dynamo.updateItem(r -> r.tableName(table.tableName()).key(WorkspaceKeys.workspace(ws).toAttributes())
                .updateExpression("REMOVE ownerCount")).join();
        Map<String, AttributeValue> meta = stored(WorkspaceKeys.workspace(ws));
        assertFalse(meta.containsKey("ownerCount"));

        put(ws, ada, "owner").then().statusCode(500).contentType(PROBLEM_JSON)
                .body("detail", containsString("workspace " + ws + " is stored without its member counts"));
        put(ws, cyd, "owner").then().statusCode(500).contentType(PROBLEM_JSON);
        put(ws, bob, "admin").then().statusCode(500).contentType(PROBLEM_JSON);
        Api.given().delete("/workspaces/" + ws + "/members/" + bob).then().statusCode(500).contentType(PROBLEM_JSON);
        assertEquals(meta, stored(WorkspaceKeys.workspace(ws)), "META as it was: no owner count started from nothing");
        assertEquals("member", stored(WorkspaceKeys.member(ws, ada)).get("role").s());
        assertTrue(stored(WorkspaceKeys.member(ws, cyd)).isEmpty());
        // Changes that move no owner count pass.
        put(ws, cyd, "member").then().statusCode(201);
        put(ws, ada, "admin").then().statusCode(200);

        // Counted as the backfill counts them (two owners), the same requests pass and keep the count.
        dynamo.updateItem(r -> r.tableName(table.tableName()).key(WorkspaceKeys.workspace(ws).toAttributes())
                .updateExpression("SET ownerCount = :n")
                .expressionAttributeValues(Map.of(":n", AttributeValue.fromN("2")))).join();
        put(ws, ada, "owner").then().statusCode(200);
        Api.given().delete("/workspaces/" + ws + "/members/" + bob).then().statusCode(204);
        assertEquals("2", stored(WorkspaceKeys.workspace(ws)).get("ownerCount").n());
    }

    private void dropMemberCount(String ws) {
        dynamo.updateItem(r -> r.tableName(table.tableName()).key(WorkspaceKeys.workspace(ws).toAttributes())
                .updateExpression("REMOVE memberCount")).join();
        assertFalse(stored(WorkspaceKeys.workspace(ws)).containsKey("memberCount"));
    }

    private void setMemberCount(String ws, long count) {
        dynamo.updateItem(r -> r.tableName(table.tableName()).key(WorkspaceKeys.workspace(ws).toAttributes())
                .updateExpression("SET memberCount = :n")
                .expressionAttributeValues(Map.of(":n", AttributeValue.fromN(Long.toString(count))))).join();
    }

    @Test
    void anyMemberLeavesByDeletingTheirOwnMembershipButTheLastOwnerCannot() {
        String ws = workspaceWithSeats("leave", 10);
        String mia = Api.createUser("Mia Member");
        String ada = Api.createUser("Ada Admin");
        put(ws, mia, "member").then().statusCode(201);
        put(ws, ada, "admin").then().statusCode(201);
        assertEquals(3, memberCount(ws));

        DynamoDbCallRecorder.reset();
        Api.as(mia).delete("/workspaces/" + ws + "/members/" + mia).then().statusCode(204);
        assertEquals(List.of("GetItem", "TransactWriteItems"), DynamoDbCallRecorder.operations(),
                "the caller's own edge, then the delete with the seat freed");
        assertTrue(stored(WorkspaceKeys.member(ws, mia)).isEmpty());
        assertEquals(2, memberCount(ws));
        Api.as(mia).get("/workspaces/" + ws).then().statusCode(404);
        Api.as(mia).delete("/workspaces/" + ws + "/members/" + mia).then().statusCode(404).contentType(PROBLEM_JSON);

        // A member still may not remove anyone else.
        put(ws, mia, "member").then().statusCode(201);
        Api.as(mia).delete("/workspaces/" + ws + "/members/" + ada).then().statusCode(403).contentType(PROBLEM_JSON);

        Api.as(ada).delete("/workspaces/" + ws + "/members/" + ada).then().statusCode(204);
        Api.given().delete("/workspaces/" + ws + "/members/" + Api.owner()).then().statusCode(409)
                .contentType(PROBLEM_JSON).body("detail", containsString("last owner"));
        assertEquals("owner", stored(WorkspaceKeys.member(ws, Api.owner())).get("role").s());
        assertEquals(2, memberCount(ws));
        assertEquals(2, memberEdges(ws));

        String outsider = Api.uniqueId("outsider");
        Api.as(outsider).delete("/workspaces/" + ws + "/members/" + outsider).then().statusCode(404);
        Api.as(outsider).delete("/workspaces/" + Api.uniqueId("none") + "/members/" + outsider).then().statusCode(404);
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
