package dev.trident.workspace;

import static dev.trident.workspace.Api.PROBLEM_JSON;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbCallRecorder;
import dev.trident.testing.TestTable;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/** {@code DELETE /workspaces/{id}}: owners only; everything of the workspace goes, every shard, nothing else. */
@QuarkusTest
class WorkspaceDeletionTest {

    private static List<Map<String, AttributeValue>> itemsOf(String wsId) {
        return TestTable.all("trident").stream()
                .filter(item -> item.get("PK").s().equals("WS#" + wsId) || item.get("PK").s().startsWith("WS#" + wsId + "#")
                        || item.values().stream().anyMatch(v -> ("WS#" + wsId).equals(v.s())))
                .toList();
    }

    @Test
    void anOwnerDeletesAShardedWorkspaceWithEveryShardsProjectsMembersAndSequence() {
        String wsId = Api.createWorkspace("del", 3);
        String other = Api.createWorkspace("kept", 1);
        String member = Api.createUser("Member");
        Api.given().contentType(ContentType.JSON).body(Map.of("role", "admin"))
                .put("/workspaces/" + wsId + "/members/" + member).then().statusCode(201);
        for (int i = 0; i < 12; i++) {
            Api.createProject(wsId, "p" + i, "ACTIVE");
        }
        Api.createProject(other, "stays", "ACTIVE");
        int before = itemsOf(wsId).size();
        assertTrue(before >= 1 + 2 + 12 + 1, "META, 2 members, 12 projects, a sequence: " + before);

        Api.as(member).delete("/workspaces/" + wsId).then().statusCode(403).contentType(PROBLEM_JSON);
        Api.as(Api.uniqueId("stranger")).delete("/workspaces/" + wsId).then().statusCode(404).contentType(PROBLEM_JSON);
        assertEquals(before, itemsOf(wsId).size(), "a refused delete deletes nothing");

        Api.given().delete("/workspaces/" + wsId).then().statusCode(204);
        assertEquals(List.of(), itemsOf(wsId));
        assertTrue(TestTable.all("trident").stream()
                .noneMatch(item -> item.get("PK").s().startsWith("WORK#")
                        && item.get("SK").s().endsWith("#" + wsId)), "the task is removed once done");
        Api.given().get("/workspaces/" + wsId).then().statusCode(404);
        Api.given().delete("/workspaces/" + wsId).then().statusCode(404);
        Api.given().get("/workspaces/" + other + "/projects").then().statusCode(200);
        assertEquals(1, Api.given().get("/workspaces/" + other + "/projects").then().extract()
                .jsonPath().getList("items").size());
    }

    @Test
    void aDeleteWithAStaleOrWeakIfMatchIs412AndDeletesNothing() {
        String wsId = Api.createWorkspace("if-match", 1);
        String first = Api.given().get("/workspaces/" + wsId).then().statusCode(200).extract().header("ETag");
        Api.given().contentType(ContentType.JSON).body(Map.of("displayName", "Renamed"))
                .patch("/workspaces/" + wsId).then().statusCode(200);
        String current = Api.given().get("/workspaces/" + wsId).then().statusCode(200).extract().header("ETag");
        int before = itemsOf(wsId).size();

        Api.given().header("If-Match", first).delete("/workspaces/" + wsId).then().statusCode(412)
                .contentType(PROBLEM_JSON);
        Api.given().header("If-Match", "W/" + current).delete("/workspaces/" + wsId).then().statusCode(412)
                .contentType(PROBLEM_JSON);
        assertEquals(before, itemsOf(wsId).size(), "a refused delete deletes nothing");
        Api.given().get("/workspaces/" + wsId).then().statusCode(200);

        Api.given().header("If-Match", current).delete("/workspaces/" + wsId).then().statusCode(204);
        assertEquals(List.of(), itemsOf(wsId));
    }

    @Test
    void aWeakIfMatchNeverSatisfiesAPatch() {
        String wsId = Api.createWorkspace("weak", 1);
        String current = Api.given().get("/workspaces/" + wsId).then().statusCode(200).extract().header("ETag");
        Api.given().header("If-Match", "W/" + current).contentType(ContentType.JSON)
                .body(Map.of("displayName", "Never")).patch("/workspaces/" + wsId).then().statusCode(412)
                .contentType(PROBLEM_JSON);
        Api.given().header("If-Match", current).contentType(ContentType.JSON)
                .body(Map.of("displayName", "Now")).patch("/workspaces/" + wsId).then().statusCode(200);
    }

    @Test
    void theSweepReadsOnlyThePartitionsOfTheLayoutTheWorkspaceWasDeletedWith() {
        String flat = Api.createWorkspace("del-flat", null);
        Api.createProject(flat, "p", "ACTIVE");
        String sharded = Api.createWorkspace("del-three", 3);
        Api.createProject(sharded, "p", "ACTIVE");

        DynamoDbCallRecorder.reset();
        Api.given().delete("/workspaces/" + flat).then().statusCode(204);
        assertEquals(1, partitionsQueried(), "an unsharded workspace: its own partition only");
        DynamoDbCallRecorder.reset();
        Api.given().delete("/workspaces/" + sharded).then().statusCode(204);
        assertEquals(1 + 3, partitionsQueried(), "its partition and its three shards, not every possible layout");
        assertEquals(List.of(), itemsOf(flat));
        assertEquals(List.of(), itemsOf(sharded));
    }

    /** The partitions the DELETE's Queries read (the sweep's are its only Queries). */
    private static long partitionsQueried() {
        return DynamoDbCallRecorder.calls().stream().filter(call -> call.request() instanceof QueryRequest)
                .map(call -> ((QueryRequest) call.request()).expressionAttributeValues().get(":pk").s())
                .distinct().count();
    }

    @Test
    void aMalformedIdIs400AndNoTokenIs401() {
        Api.given().delete("/workspaces/bad%23id").then().statusCode(400).contentType(PROBLEM_JSON);
        io.restassured.RestAssured.given().delete("/workspaces/some-ws").then().statusCode(401);
    }
}
