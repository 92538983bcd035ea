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
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.Timestamps;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import dev.trident.workspace.model.Member;
import dev.trident.workspace.model.MemberRole;
import dev.trident.workspace.model.Project;
import dev.trident.workspace.model.Workspace;
import dev.trident.workspace.repository.StoredItems;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.time.Instant;
import java.time.Year;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchGetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.KeysAndAttributes;

@QuarkusTest
class ProjectRoutesTest {

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    private Map<String, AttributeValue> storedProject(String wsId, int shards, String projectId) {
        return dynamo.getItem(r -> r.tableName(table.tableName())
                .key(WorkspaceKeys.project(wsId, shards, ProjectId.parse(projectId)).toAttributes())
                .consistentRead(true)).join().item();
    }

    @Test
    void createAllocatesTheNextIdOfTheYearWithUpdateAndConditionalPutAfterTheMembershipRead() {
        String ws = Api.createWorkspace("proj", null);
        int year = Year.now(ZoneOffset.UTC).getValue();
        DynamoDbCallRecorder.reset();
        Api.postProject(ws, "Launch", "PAUSED").then().statusCode(201)
                .header("Location", endsWith("/workspaces/" + ws + "/projects/" + year + "-0001"))
                .header("ETag", equalTo("\"1\""))
                .body("projectId", equalTo(year + "-0001")).body("workspaceId", equalTo(ws)).body("title", equalTo("Launch"))
                .body("status", equalTo("PAUSED")).body("createdBy", equalTo(Api.owner())).body("createdByName", equalTo(Api.OWNER_NAME))
                .body("version", equalTo(1));
        // META comes with the caller's membership (its layout places the project); the put checks it is unchanged.
        assertEquals(List.of("BatchGetItem", "UpdateItem", "TransactWriteItems"), DynamoDbCallRecorder.operations(),
                "caller's membership and META, counter, project with the check of META");
        Api.postProject(ws, "Second", null).then().statusCode(201).body("projectId", equalTo(year + "-0002"))
                .body("status", equalTo("ACTIVE"));
        Map<String, AttributeValue> item = storedProject(ws, 1, year + "-0002");
        assertEquals("Project", item.get("_type").s());
        assertEquals(Api.owner(), item.get("createdBy").s());
        assertEquals(Api.OWNER_NAME, item.get("createdByName").s());
        var statusKey = WorkspaceKeys.projectStatusIndex(ProjectStatus.ACTIVE, ProjectsByStatusTest.SHARDS,
                Instant.parse(item.get("createdAt").s()), ws, ProjectId.parse(year + "-0002"));
        assertEquals(statusKey.pk(), item.get("GSI2PK").s());
        assertEquals(statusKey.sk(), item.get("GSI2SK").s());
    }

    @Test
    void createInAnUnknownWorkspaceIs404AndMovesNoCounter() {
        String ws = Api.uniqueId("ghost");
        DynamoDbCallRecorder.reset();
        Api.postProject(ws, "x", null).then().statusCode(404).contentType(PROBLEM_JSON);
        assertEquals(List.of("BatchGetItem"), DynamoDbCallRecorder.operations(), "only the caller's membership and META");
    }

    @Test
    void invalidProjectBodiesAre400WithTheFieldAndWriteNothing() {
        String ws = Api.createWorkspace("projbad", null);
        assertProjectRejected(ws, Map.of("title", " ", "createdBy", Api.owner()), "title");
        assertProjectRejected(ws, Map.of("title", "t".repeat(201), "createdBy", Api.owner()), "title");
        assertProjectRejected(ws, Map.of("title", "t", "createdBy", Api.owner(), "status", "active"), "status");
        assertProjectRejected(ws, Map.of("title", "t", "createdBy", Api.owner(), "status", "DONE"), "status");
        assertProjectRejected(ws, Map.of("title", "t", "createdBy", List.of("u")), "createdBy");
        assertProjectRejected(ws, Map.of("title", 5, "createdBy", Api.owner()), "title");
        given().contentType(ContentType.JSON).when().post("/workspaces/" + ws + "/projects")
                .then().statusCode(400).contentType(PROBLEM_JSON);
        given().queryParam("include", "projects").get("/workspaces/" + ws).then().body("items.size()", equalTo(0));
        // No counter moved either: the first valid project is number 1.
        Api.postProject(ws, "ok", null).then().statusCode(201).body("projectId", endsWith("-0001"));
    }

    private void assertProjectRejected(String ws, Map<String, Object> body, String field) {
        given().contentType(ContentType.JSON).body(body).when().post("/workspaces/" + ws + "/projects")
                .then().statusCode(400).contentType(PROBLEM_JSON).body("errors.field", hasItem(field));
    }

    @Test
    void getReadsOneProjectWithOneGetItemOnItsShard() {
        String ws = Api.createWorkspace("getp", 5);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            ids.add(Api.createProject(ws, "p" + i, null));
        }
        for (String id : ids) {
            DynamoDbCallRecorder.reset();
            given().get("/workspaces/" + ws + "/projects/" + id).then().statusCode(200)
                    .header("ETag", equalTo("\"1\"")).body("projectId", equalTo(id));
            assertEquals(List.of("BatchGetItem", "GetItem"), DynamoDbCallRecorder.operations(),
                    "membership and META, project");
            BatchGetItemRequest access = (BatchGetItemRequest) DynamoDbCallRecorder.calls().get(0).request();
            KeysAndAttributes keys = access.requestItems().values().iterator().next();
            assertEquals(List.of(WorkspaceKeys.workspace(ws).sk(), WorkspaceKeys.member(ws, Api.owner()).sk()),
                    keys.keys().stream().map(key -> key.get("SK").s()).toList());
            assertTrue(keys.consistentRead(), "the membership decides access: read strongly");
            GetItemRequest request = (GetItemRequest) DynamoDbCallRecorder.calls().get(1).request();
            assertEquals(WorkspaceKeys.project(ws, 5, ProjectId.parse(id)).pk(), request.key().get("PK").s());
        }
    }

    @Test
    void aWorkspaceWrittenByAnotherInstanceIsReadWithItsLayoutFromMetaEveryTime() {
        // Written behind the service's back, as another instance would have created it.
        String ws = Api.uniqueId("cold");
        String now = Timestamps.format(Instant.now());
        ProjectId id = new ProjectId(2026, 12_345);
        dynamo.putItem(r -> r.tableName(table.tableName()).item(StoredItems.item(
                new Workspace(ws, "Cold", "eu-west-1", 5, Api.owner(), 6, 1, now, now)))).join();
        dynamo.putItem(r -> r.tableName(table.tableName()).item(StoredItems.item(
                new Member(ws, Api.owner(), MemberRole.OWNER, 1, now, now)))).join();
        dynamo.putItem(r -> r.tableName(table.tableName()).item(StoredItems.item(
                new Project(ws, id, "cold", ProjectStatus.PAUSED, "user-1", null, 1, now, now), 6))).join();

        DynamoDbCallRecorder.reset();
        given().get("/workspaces/" + ws + "/projects/" + id).then().statusCode(200).body("projectId", equalTo("2026-12345"));
        assertEquals(List.of("BatchGetItem", "GetItem"), DynamoDbCallRecorder.operations(),
                "membership and META (shard count), project");
        DynamoDbCallRecorder.reset();
        given().get("/workspaces/" + ws + "/projects/" + id).then().statusCode(200);
        assertEquals(List.of("BatchGetItem", "GetItem"), DynamoDbCallRecorder.operations(),
                "no layout is remembered: it comes with every membership read");
    }

    @Test
    void getErrors() {
        String ws = Api.createWorkspace("getperr", null);
        given().get("/workspaces/" + ws + "/projects/2026-9999").then().statusCode(404).contentType(PROBLEM_JSON);
        given().get("/workspaces/" + ws + "/projects/2026-42").then().statusCode(400)
                .body("errors.field", hasItem("projectId"));
        given().get("/workspaces/" + ws + "/projects/2026-00042").then().statusCode(400)
                .body("errors.field", hasItem("projectId"));
        given().get("/workspaces/" + Api.uniqueId("none") + "/projects/2026-0001").then().statusCode(404);
        given().get("/workspaces/bad%20id/projects/2026-0001").then().statusCode(400)
                .body("errors.field", hasItem("wsId"));
    }

    @Test
    void patchChangesTitleAndStatusUnderIfMatch() {
        String ws = Api.createWorkspace("patchp", 3);
        String id = Api.createProject(ws, "Old", null);
        DynamoDbCallRecorder.reset();
        given().contentType(ContentType.JSON).header("If-Match", "\"1\"")
                .body(Map.of("title", "New", "status", "ARCHIVED"))
                .when().patch("/workspaces/" + ws + "/projects/" + id)
                .then().statusCode(200).header("ETag", equalTo("\"2\""))
                .body("title", equalTo("New")).body("status", equalTo("ARCHIVED")).body("version", equalTo(2));
        assertEquals(List.of("BatchGetItem", "UpdateItem"), DynamoDbCallRecorder.operations());
        Map<String, AttributeValue> item = storedProject(ws, 3, id);
        assertEquals(WorkspaceKeys.projectStatusPartition(ProjectStatus.ARCHIVED, WorkspaceKeys.projectStatusShard(ws,
                ProjectId.parse(id), ProjectsByStatusTest.SHARDS), ProjectsByStatusTest.SHARDS), item.get("GSI2PK").s());

        given().contentType(ContentType.JSON).header("If-Match", "\"1\"").body(Map.of("title", "Stale"))
                .when().patch("/workspaces/" + ws + "/projects/" + id).then().statusCode(412).contentType(PROBLEM_JSON);
        given().get("/workspaces/" + ws + "/projects/" + id).then().body("title", equalTo("New"));
    }

    @Test
    void patchErrors() {
        String ws = Api.createWorkspace("patchperr", null);
        String id = Api.createProject(ws, "t", null);
        String path = "/workspaces/" + ws + "/projects/";
        given().contentType(ContentType.JSON).body(Map.of("status", "Paused")).patch(path + id)
                .then().statusCode(400).body("errors.field", hasItem("status"));
        given().contentType(ContentType.JSON).body(Map.of("title", "  ")).patch(path + id)
                .then().statusCode(400).body("errors.field", hasItem("title"));
        given().contentType(ContentType.JSON).body(Map.of()).patch(path + id).then().statusCode(400);
        given().contentType(ContentType.JSON).patch(path + id).then().statusCode(400).contentType(PROBLEM_JSON);
        given().contentType(ContentType.JSON).body(Map.of("title", "x")).patch(path + "2020-0001")
                .then().statusCode(404).contentType(PROBLEM_JSON);
        given().contentType(ContentType.JSON).body(Map.of("title", "x")).patch(path + "nope")
                .then().statusCode(400).body("errors.field", hasItem("projectId"));
        given().get(path + id).then().body("title", equalTo("t")).body("version", equalTo(1));
    }

    @Test
    void deleteHonoursIfMatchAndThenTheProjectIsGone() {
        String ws = Api.createWorkspace("delp", 2);
        String id = Api.createProject(ws, "t", null);
        String path = "/workspaces/" + ws + "/projects/" + id;
        given().header("If-Match", "\"7\"").delete(path).then().statusCode(412).contentType(PROBLEM_JSON);
        DynamoDbCallRecorder.reset();
        given().header("If-Match", "\"1\"").delete(path).then().statusCode(204);
        assertEquals(List.of("BatchGetItem", "DeleteItem"), DynamoDbCallRecorder.operations());
        given().get(path).then().statusCode(404);
        given().delete(path).then().statusCode(404).contentType(PROBLEM_JSON);
        assertTrue(storedProject(ws, 2, id).isEmpty());
    }

    @Test
    void listIsNewestFirstPagedWithOneQueryPerPage() {
        String ws = Api.createWorkspace("listp", null);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            ids.add(Api.createProject(ws, "p" + i, null));
        }
        Collections.reverse(ids);
        DynamoDbCallRecorder.reset();
        var first = given().queryParam("limit", 4).get("/workspaces/" + ws + "/projects").then().statusCode(200)
                .body("items.projectId", contains(ids.subList(0, 4).toArray())).body("nextCursor", notNullValue())
                .extract().response();
        assertEquals(List.of("BatchGetItem", "Query"), DynamoDbCallRecorder.operations());
        given().queryParam("limit", 4).queryParam("cursor", (String) first.path("nextCursor"))
                .get("/workspaces/" + ws + "/projects").then().statusCode(200)
                .body("items.projectId", contains(ids.subList(4, 7).toArray())).body("nextCursor", nullValue());
    }

    @Test
    void shardedListIsOneQueryPerShardMergedNewestFirst() {
        String ws = Api.createWorkspace("listsh", 4);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            ids.add(Api.createProject(ws, "p" + i, null));
        }
        Collections.reverse(ids);
        DynamoDbCallRecorder.reset();
        given().queryParam("limit", 5).get("/workspaces/" + ws + "/projects").then().statusCode(200)
                .body("items.projectId", contains(ids.subList(0, 5).toArray())).body("nextCursor", notNullValue());
        assertEquals(List.of("BatchGetItem", "Query", "Query", "Query", "Query"), DynamoDbCallRecorder.operations());
        List<String> all = Api.allPages("/workspaces/" + ws + "/projects", Map.of(), 2).stream()
                .flatMap(List::stream).map(s -> s.substring(s.indexOf('/') + 1)).toList();
        assertEquals(ids, all);
    }

    @Test
    void listErrors() {
        String ws = Api.createWorkspace("listerr", 3);
        String other = Api.createWorkspace("listerr2", 3);
        String unsharded = Api.createWorkspace("listerr3", null);
        for (int i = 0; i < 3; i++) {
            Api.createProject(ws, "p" + i, null);
        }
        String cursor = given().queryParam("limit", 1).get("/workspaces/" + ws + "/projects").then().statusCode(200)
                .extract().path("nextCursor");
        given().queryParam("cursor", cursor).get("/workspaces/" + other + "/projects").then().statusCode(400)
                .contentType(PROBLEM_JSON).body("errors.field", hasItem("cursor"));
        given().queryParam("cursor", cursor).get("/workspaces/" + unsharded + "/projects").then().statusCode(400)
                .body("errors.field", hasItem("cursor"));
        given().queryParam("cursor", cursor.substring(0, cursor.length() - 2) + "xx")
                .get("/workspaces/" + ws + "/projects").then().statusCode(400).body("errors.field", hasItem("cursor"));
        given().queryParam("limit", "abc").get("/workspaces/" + ws + "/projects").then().statusCode(400)
                .body("errors.field", hasItem("limit"));
        given().queryParam("limit", 101).get("/workspaces/" + ws + "/projects").then().statusCode(400);
        given().get("/workspaces/" + Api.uniqueId("none") + "/projects").then().statusCode(404);
    }

}
