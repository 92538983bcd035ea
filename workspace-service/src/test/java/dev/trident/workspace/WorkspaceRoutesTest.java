package dev.trident.workspace;

import static dev.trident.workspace.Api.PROBLEM_JSON;
import static dev.trident.workspace.Api.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.Ids;
import dev.trident.keys.ItemKey;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

@QuarkusTest
class WorkspaceRoutesTest {

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    private Map<String, AttributeValue> stored(ItemKey key) {
        return dynamo.getItem(r -> r.tableName(table.tableName()).key(key.toAttributes()).consistentRead(true))
                .join().item();
    }

    @Test
    void createStoresSettingsAndTheCreatorAsOwnerInOneTransaction() {
        String id = Api.uniqueId("ws");
        DynamoDbCallRecorder.reset();
        given().contentType(ContentType.JSON).body(Api.workspaceBody(id, null))
                .when().post("/workspaces")
                .then().statusCode(201)
                .header("Location", endsWith("/workspaces/" + id))
                .header("ETag", equalTo("\"1\""))
                .body("workspaceId", equalTo(id)).body("shards", equalTo(1)).body("seatLimit", equalTo(25))
                .body("ownerId", equalTo(Api.owner())).body("version", equalTo(1));
        assertEquals(List.of("TransactWriteItems"), DynamoDbCallRecorder.operations());
        Map<String, AttributeValue> owner = stored(WorkspaceKeys.member(id, Api.owner()));
        assertEquals("owner", owner.get("role").s());
        assertEquals(WorkspaceKeys.userWorkspacesPartition(Api.owner()), owner.get("GSI1PK").s());
        assertEquals("Workspace", stored(WorkspaceKeys.workspace(id)).get("_type").s());
    }

    @Test
    void createWithAnExistingIdIsAConflictAndChangesNothing() {
        String id = Api.createWorkspace("dup", null);
        Map<String, Object> again = Api.workspaceBody(id, 4);
        again.put("displayName", "Other");
        // As a platform admin, who may ask for 4 shards: the id is what is refused.
        Api.asPlatformAdmin(Api.owner()).contentType(ContentType.JSON).body(again).when().post("/workspaces")
                .then().statusCode(409).contentType(PROBLEM_JSON);
        given().get("/workspaces/" + id).then().statusCode(200).body("displayName", equalTo("Acme " + id))
                .body("shards", equalTo(1));
    }

    @Test
    void invalidCreateBodiesAre400WithTheFieldAndWriteNothing() {
        assertRejected("workspaceId", body -> body.put("workspaceId", "bad id!"));
        assertRejected("workspaceId", body -> body.remove("workspaceId"));
        assertRejected("id", body -> body.put("id", "bad id!"));
        assertRejected("shards", body -> body.put("shards", 17));
        assertRejected("shards", body -> body.put("shards", 0));
        assertRejected("seatLimit", body -> body.put("seatLimit", 0));
        assertRejected("seatLimit", body -> body.put("seatLimit", "many"));
        assertRejected("displayName", body -> body.put("displayName", "  "));
        assertRejected("region", body -> body.put("region", "Mars"));
        assertRejected("ownerId", body -> body.put("ownerId", List.of("u")));
        given().contentType(ContentType.JSON).when().post("/workspaces")
                .then().statusCode(400).contentType(PROBLEM_JSON);
        given().contentType(ContentType.JSON).body("{not json").when().post("/workspaces")
                .then().statusCode(400).contentType(PROBLEM_JSON);
    }

    private void assertRejected(String field, Consumer<Map<String, Object>> breakIt) {
        String id = Api.uniqueId("bad");
        Map<String, Object> body = Api.workspaceBody(id, null);
        breakIt.accept(body);
        given().contentType(ContentType.JSON).body(body).when().post("/workspaces")
                .then().statusCode(400).contentType(PROBLEM_JSON).body("errors.field", hasItem(field));
        String storedId = body.get("workspaceId") instanceof String s && Ids.isValid(s) ? s : null;
        if (storedId != null) {
            assertTrue(stored(WorkspaceKeys.workspace(storedId)).isEmpty(), "nothing written for " + field);
        }
    }

    @Test
    void getReadsTheSettingsWithTheCallersMembershipInOneBatchGetItem() {
        String id = Api.createWorkspace("get", 3);
        DynamoDbCallRecorder.reset();
        given().get("/workspaces/" + id).then().statusCode(200).header("ETag", equalTo("\"1\""))
                .body("workspaceId", equalTo(id)).body("shards", equalTo(3)).body("region", equalTo("eu-west-1"))
                .body("createdAt", notNullValue());
        assertEquals(List.of("BatchGetItem"), DynamoDbCallRecorder.operations(), "membership and META, one read");
    }

    @Test
    void getOfAnUnknownOrMalformedWorkspaceIs404Or400() {
        given().get("/workspaces/" + Api.uniqueId("none")).then().statusCode(404).contentType(PROBLEM_JSON);
        given().get("/workspaces/-bad").then().statusCode(400).contentType(PROBLEM_JSON)
                .body("errors.field", hasItem("wsId"));
        given().get("/workspaces/x?include=members").then().statusCode(400).body("errors.field", hasItem("include"));
    }

    @Test
    void patchUpdatesSettingsWithIfMatchAndRejectsAStaleVersion() {
        String id = Api.createWorkspace("patch", null);
        DynamoDbCallRecorder.reset();
        given().contentType(ContentType.JSON).header("If-Match", "\"1\"")
                .body(Map.of("displayName", "Renamed", "seatLimit", 40))
                .when().patch("/workspaces/" + id)
                .then().statusCode(200).header("ETag", equalTo("\"2\""))
                .body("displayName", equalTo("Renamed")).body("seatLimit", equalTo(40)).body("region", equalTo("eu-west-1"));
        assertEquals(List.of("BatchGetItem", "UpdateItem"), DynamoDbCallRecorder.operations());

        given().contentType(ContentType.JSON).header("If-Match", "\"1\"").body(Map.of("region", "us-east-1"))
                .when().patch("/workspaces/" + id).then().statusCode(412).contentType(PROBLEM_JSON);
        given().contentType(ContentType.JSON).body(Map.of("region", "us-east-1"))
                .when().patch("/workspaces/" + id).then().statusCode(200).body("version", equalTo(3));
        given().get("/workspaces/" + id).then().body("region", equalTo("us-east-1")).body("displayName", equalTo("Renamed"));
    }

    @Test
    void patchErrors() {
        String id = Api.createWorkspace("patcherr", 2);
        given().contentType(ContentType.JSON).body(Map.of("shards", 4)).when().patch("/workspaces/" + id)
                .then().statusCode(400).contentType(PROBLEM_JSON).body("errors.field", hasItem("shards"));
        given().contentType(ContentType.JSON).body(Map.of("shards", 2, "seatLimit", 3)).when().patch("/workspaces/" + id)
                .then().statusCode(200).body("shards", equalTo(2)).body("seatLimit", equalTo(3));
        given().contentType(ContentType.JSON).body(Map.of("seatLimit", 0)).when().patch("/workspaces/" + id)
                .then().statusCode(400).body("errors.field", hasItem("seatLimit"));
        given().contentType(ContentType.JSON).body(Map.of()).when().patch("/workspaces/" + id)
                .then().statusCode(400).contentType(PROBLEM_JSON);
        given().contentType(ContentType.JSON).header("If-Match", "nonsense").body(Map.of("seatLimit", 5))
                .when().patch("/workspaces/" + id).then().statusCode(400).contentType(PROBLEM_JSON);
        given().contentType(ContentType.JSON).body(Map.of("seatLimit", 5)).when().patch("/workspaces/" + Api.uniqueId("none"))
                .then().statusCode(404).contentType(PROBLEM_JSON);
        given().get("/workspaces/" + id).then().body("seatLimit", equalTo(3)).body("version", equalTo(2));
    }

    @Test
    void includeProjectsReadsSettingsThenProjectsNewestFirstWithOneQueryPerPage() {
        String id = Api.createWorkspace("stack", null);
        List<String> created = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            created.add(Api.createProject(id, "p" + i, null));
        }
        DynamoDbCallRecorder.reset();
        var first = given().queryParam("include", "projects").queryParam("limit", 3).get("/workspaces/" + id)
                .then().statusCode(200).body("workspace.workspaceId", equalTo(id)).body("workspace.seatLimit", equalTo(25))
                .body("items.projectId", contains(created.get(4), created.get(3), created.get(2)))
                .body("nextCursor", notNullValue()).extract().response();
        assertEquals(List.of("BatchGetItem", "Query"), DynamoDbCallRecorder.operations(),
                "the caller's edge and META (strongly consistent, one read), one Query of the projects");
        DynamoDbCallRecorder.reset();
        given().queryParam("include", "projects").queryParam("limit", 3).queryParam("cursor", (String) first.path("nextCursor"))
                .get("/workspaces/" + id)
                .then().statusCode(200).body("workspace", nullValue())
                .body("items.projectId", contains(created.get(1), created.get(0))).body("nextCursor", nullValue());
        assertEquals(List.of("BatchGetItem", "Query"), DynamoDbCallRecorder.operations());

        String other = Api.createWorkspace("stack2", null);
        given().queryParam("include", "projects").queryParam("cursor", (String) first.path("nextCursor"))
                .get("/workspaces/" + other).then().statusCode(400).contentType(PROBLEM_JSON)
                .body("errors.field", hasItem("cursor"));
    }

    @Test
    void includeProjectsOfAnEmptyUnknownOrShardedWorkspace() {
        String empty = Api.createWorkspace("stack-empty", null);
        given().queryParam("include", "projects").get("/workspaces/" + empty).then().statusCode(200)
                .body("workspace.workspaceId", equalTo(empty)).body("items.size()", equalTo(0)).body("nextCursor", nullValue());
        given().queryParam("include", "projects").get("/workspaces/" + Api.uniqueId("none")).then().statusCode(404);
        String sharded = Api.createWorkspace("stack-sharded", 4);
        given().queryParam("include", "projects").get("/workspaces/" + sharded).then().statusCode(200)
                .body("workspace.shards", equalTo(4)).body("items.size()", equalTo(0)).body("nextCursor", nullValue());
        given().queryParam("include", "project").get("/workspaces/" + empty).then().statusCode(400)
                .body("errors.field", hasItem("include"));
        given().queryParam("include", "projects").queryParam("limit", "abc").get("/workspaces/" + empty)
                .then().statusCode(400).body("errors.field", hasItem("limit"));
    }

    @Test
    void membershipItemsAreNotPartOfTheStack() {
        String id = Api.createWorkspace("stack-members", null);
        String project = Api.createProject(id, "only", null);
        given().queryParam("include", "projects").get("/workspaces/" + id).then().statusCode(200)
                .body("items.projectId", contains(project));
        assertFalse(stored(WorkspaceKeys.member(id, Api.owner())).isEmpty());
    }

    @Test
    void openApiDocumentsEveryRouteAndTheIndexConsistency() {
        String doc = given().queryParam("format", "json").get("/q/openapi").then().statusCode(200).extract().asString();
        for (String path : List.of("\"/workspaces\"", "\"/workspaces/{wsId}\"", "\"/workspaces/{wsId}/projects\"",
                "\"/workspaces/{wsId}/projects/{projectId}\"", "\"/projects\"")) {
            assertTrue(doc.contains(path), path);
        }
        assertTrue(doc.contains("eventually consistent"));
    }
}
