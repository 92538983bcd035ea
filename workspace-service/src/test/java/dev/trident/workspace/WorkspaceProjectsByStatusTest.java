package dev.trident.workspace;

import static dev.trident.workspace.Api.PROBLEM_JSON;
import static dev.trident.workspace.Api.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.IndexKey;
import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import dev.trident.workspace.model.Project;
import dev.trident.workspace.repository.StoredItems;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/** GET /workspaces/{id}/projects?status=: one workspace's projects of one status, from GSI1, newest first. */
@QuarkusTest
class WorkspaceProjectsByStatusTest {

    private static final List<ProjectStatus> CYCLE = List.of(ProjectStatus.ACTIVE, ProjectStatus.PAUSED,
            ProjectStatus.ACTIVE, ProjectStatus.ARCHIVED);

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    /**
     * Loads {@code count} projects into a workspace, statuses cycling ACTIVE, PAUSED, ACTIVE, ARCHIVED; returns them.
     */
    private Map<ProjectStatus, List<String>> load(String ws, int shards, int count) {
        Map<ProjectStatus, List<ProjectId>> byStatus = new HashMap<>();
        List<ProjectId> ids = ProjectLoader.ids(2026, count);
        for (int i = 0; i < ids.size(); i++) {
            byStatus.computeIfAbsent(CYCLE.get(i % CYCLE.size()), s -> new ArrayList<>()).add(ids.get(i));
        }
        Map<ProjectStatus, List<String>> newestFirst = new HashMap<>();
        byStatus.forEach((status, list) -> {
            new ProjectLoader(dynamo, table.tableName()).load(ws, shards, list, status);
            newestFirst.put(status, list.stream().sorted(Comparator.reverseOrder()).map(ProjectId::toString).toList());
        });
        return newestFirst;
    }

    private static List<String> allIds(String caller, String ws, String status, int limit) {
        List<String> ids = new ArrayList<>();
        String cursor = null;
        do {
            var request = Api.as(caller).queryParam("status", status).queryParam("limit", limit);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            Response page = request.get("/workspaces/" + ws + "/projects").then().statusCode(200).extract().response();
            List<String> pageIds = page.path("items.projectId");
            List<String> statuses = page.path("items.status");
            assertTrue(statuses.stream().allMatch(status::equals), statuses.toString());
            cursor = page.path("nextCursor");
            assertFalse(cursor != null && pageIds.isEmpty(), "no empty page while a cursor is issued");
            ids.addAll(pageIds);
        } while (cursor != null);
        return ids;
    }

    @Test
    void listsOneStatusNewestFirstMergedAcrossShardsAndPagedWithACompositeCursor() {
        String ws = Api.createWorkspace("wst", 3);
        Map<ProjectStatus, List<String>> expected = load(ws, 3, 60);
        assertEquals(30, expected.get(ProjectStatus.ACTIVE).size());
        for (int limit : new int[] {1, 7, 100}) {
            assertEquals(expected.get(ProjectStatus.ACTIVE), allIds(Api.owner(), ws, "ACTIVE", limit), "limit " + limit);
        }
        assertEquals(expected.get(ProjectStatus.PAUSED), allIds(Api.owner(), ws, "PAUSED", 4));
        assertEquals(expected.get(ProjectStatus.ARCHIVED), allIds(Api.owner(), ws, "ARCHIVED", 4));

        // The second page resumes each shard from its own position in one cursor.
        String cursor = given().queryParam("status", "ACTIVE").queryParam("limit", 10)
                .get("/workspaces/" + ws + "/projects").then().statusCode(200).extract().path("nextCursor");
        given().queryParam("status", "ACTIVE").queryParam("limit", 10).queryParam("cursor", cursor)
                .get("/workspaces/" + ws + "/projects").then().statusCode(200)
                .body("items.projectId", equalTo(expected.get(ProjectStatus.ACTIVE).subList(10, 20)));
    }

    @Test
    void readsOneQueryPerShardOnGsi1KeyedByWorkspaceAndStatusAndNothingElse() {
        String ws = Api.createWorkspace("wst-calls", 3);
        Map<ProjectStatus, List<String>> expected = load(ws, 3, 24);

        DynamoDbCallRecorder.reset();
        given().queryParam("status", "PAUSED").queryParam("limit", 20).get("/workspaces/" + ws + "/projects")
                .then().statusCode(200).body("items.projectId", equalTo(expected.get(ProjectStatus.PAUSED)));
        assertEquals(List.of("BatchGetItem", "Query(GSI1)", "Query(GSI1)", "Query(GSI1)"),
                DynamoDbCallRecorder.operations(),
                "the caller's edge and META, then one Query per shard on GSI1; no Scan, no FilterExpression");
        Set<String> partitions = new HashSet<>();
        int itemsRead = 0;
        for (DynamoDbCallRecorder.Call call : DynamoDbCallRecorder.calls()) {
            if (call.request() instanceof QueryRequest query) {
                assertEquals("GSI1", query.indexName());
                assertEquals(Boolean.FALSE, query.scanIndexForward(), "newest first");
                assertEquals(null, query.filterExpression());
                assertEquals("#pk = :pk", query.keyConditionExpression());
                assertEquals("GSI1PK", query.expressionAttributeNames().get("#pk"));
                partitions.add(query.expressionAttributeValues().get(":pk").s());
                itemsRead += call.itemsRead();
            }
        }
        assertEquals(Set.of(WorkspaceKeys.workspaceStatusPartition(ws, ProjectStatus.PAUSED, 0, 3),
                WorkspaceKeys.workspaceStatusPartition(ws, ProjectStatus.PAUSED, 1, 3),
                WorkspaceKeys.workspaceStatusPartition(ws, ProjectStatus.PAUSED, 2, 3)), partitions);
        assertEquals(expected.get(ProjectStatus.PAUSED).size(), itemsRead,
                "only the PAUSED projects are read, not the workspace's 24");
    }

    @Test
    void aStatusChangeMovesTheProjectBetweenTheWorkspaceStatusListsAndADeleteRemovesIt() {
        String ws = Api.createWorkspace("wst-move", 2);
        String id = Api.createProject(ws, "mover", "ACTIVE");
        String other = Api.createProject(ws, "stays", "ACTIVE");
        assertEquals(List.of(other, id), allIds(Api.owner(), ws, "ACTIVE", 10));
        given().contentType(ContentType.JSON).body(Map.of("status", "PAUSED"))
                .patch("/workspaces/" + ws + "/projects/" + id).then().statusCode(200);
        assertEquals(List.of(other), allIds(Api.owner(), ws, "ACTIVE", 10));
        assertEquals(List.of(id), allIds(Api.owner(), ws, "PAUSED", 10));
        given().contentType(ContentType.JSON).body(Map.of("title", "renamed"))
                .patch("/workspaces/" + ws + "/projects/" + id).then().statusCode(200);
        given().queryParam("status", "PAUSED").get("/workspaces/" + ws + "/projects").then()
                .body("items.title", contains("renamed"));
        given().delete("/workspaces/" + ws + "/projects/" + id).then().statusCode(204);
        assertEquals(List.of(), allIds(Api.owner(), ws, "PAUSED", 10));
    }

    /**
     * A project stored before the index gets its keys from deploy/migrations' ProjectIndexBackfill
     * (ProjectIndexBackfillTest), never on a request: a status change moves GSI1PK of a project that has its keys,
     * and writes none for one that lacks them. Given the keys the backfill gives it, it is listed and moves.
     */
    @Test
    void aProjectStoredBeforeTheIndexIsListedOnceMigratedAndNotByAStatusChange() {
        String ws = Api.createWorkspace("wst-old", null);
        ProjectId id = new ProjectId(2025, 1);
        Project old = new Project(ws, id, "old", ProjectStatus.ACTIVE, Api.owner(), Api.OWNER_NAME, 1,
                "2025-01-01T00:00:00.000Z", "2025-01-01T00:00:00.000Z");
        Map<String, AttributeValue> item = new HashMap<>(StoredItems.item(old, 1));
        item.remove("GSI1PK");
        item.remove("GSI1SK");
        dynamo.putItem(r -> r.tableName(table.tableName()).item(item)).join();
        assertEquals(List.of(), allIds(Api.owner(), ws, "ACTIVE", 10));

        DynamoDbCallRecorder.reset();
        given().contentType(ContentType.JSON).body(Map.of("status", "PAUSED"))
                .patch("/workspaces/" + ws + "/projects/" + id).then().statusCode(200);
        assertEquals(List.of("BatchGetItem", "UpdateItem"), DynamoDbCallRecorder.operations());
        assertEquals(List.of(), allIds(Api.owner(), ws, "PAUSED", 10), "no index key written on the request");
        assertFalse(stored(ws, id).containsKey("GSI1SK"));

        // The keys as the backfill writes them (common-keys, from the stored status), version untouched.
        IndexKey keys = WorkspaceKeys.projectWorkspaceStatusIndex(ws, 1, ProjectStatus.PAUSED, id);
        dynamo.updateItem(r -> r.tableName(table.tableName()).key(WorkspaceKeys.project(ws, 1, id).toAttributes())
                .updateExpression("SET GSI1PK = :pk, GSI1SK = :sk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(keys.pk()),
                        ":sk", AttributeValue.fromS(keys.sk())))).join();
        assertEquals(List.of(id.toString()), allIds(Api.owner(), ws, "PAUSED", 10));
        given().contentType(ContentType.JSON).body(Map.of("status", "ARCHIVED"))
                .patch("/workspaces/" + ws + "/projects/" + id).then().statusCode(200);
        assertEquals(List.of(), allIds(Api.owner(), ws, "PAUSED", 10));
        assertEquals(List.of(id.toString()), allIds(Api.owner(), ws, "ARCHIVED", 10));
        assertEquals(keys.sk(), stored(ws, id).get("GSI1SK").s(), "the sort key stays: it is the project's own");
    }

    private Map<String, AttributeValue> stored(String ws, ProjectId id) {
        return dynamo.getItem(r -> r.tableName(table.tableName()).key(WorkspaceKeys.project(ws, 1, id).toAttributes())
                .consistentRead(true)).join().item();
    }

    @Test
    void everyMemberMayListAnOutsiderGets404AndNoTokenIs401() {
        String ws = Api.createWorkspace("wst-auth", null);
        String id = Api.createProject(ws, "seen", "ARCHIVED");
        String mia = Api.createUser("Mia Member");
        String ada = Api.createUser("Ada Admin");
        MemberRoutesTest.putMember(Api.owner(), ws, mia, "member").then().statusCode(201);
        MemberRoutesTest.putMember(Api.owner(), ws, ada, "admin").then().statusCode(201);
        for (String caller : List.of(Api.owner(), ada, mia)) {
            assertEquals(List.of(id), allIds(caller, ws, "ARCHIVED", 5), caller);
        }
        Api.as(Api.uniqueId("outsider")).queryParam("status", "ARCHIVED").get("/workspaces/" + ws + "/projects")
                .then().statusCode(404).contentType(PROBLEM_JSON);
        Api.asPlatformAdmin().queryParam("status", "ARCHIVED").get("/workspaces/" + ws + "/projects")
                .then().statusCode(404).contentType(PROBLEM_JSON);
        RestAssured.given().queryParam("status", "ARCHIVED").get("/workspaces/" + ws + "/projects")
                .then().statusCode(401).contentType(PROBLEM_JSON);
    }

    @Test
    void anUnknownStatusABadLimitOrAForeignCursorIs400AndReadsNothing() {
        String ws = Api.createWorkspace("wst-bad", null);
        Api.createProject(ws, "a", "ACTIVE");
        Api.createProject(ws, "b", "ACTIVE");
        DynamoDbCallRecorder.reset();
        for (String status : List.of("active", "DONE", "ACTIVE#0")) {
            given().queryParam("status", status).get("/workspaces/" + ws + "/projects").then().statusCode(400)
                    .contentType(PROBLEM_JSON).body("errors.field", hasItem("status"));
        }
        for (String limit : List.of("0", "101", "x")) {
            given().queryParam("status", "ACTIVE").queryParam("limit", limit).get("/workspaces/" + ws + "/projects")
                    .then().statusCode(400).contentType(PROBLEM_JSON).body("errors.field", hasItem("limit"));
        }
        assertEquals(List.of(), DynamoDbCallRecorder.operations(), "refused at the edge, before any read");

        String active = given().queryParam("status", "ACTIVE").queryParam("limit", 1)
                .get("/workspaces/" + ws + "/projects").then().statusCode(200).extract().path("nextCursor");
        String unfiltered = given().queryParam("limit", 1).get("/workspaces/" + ws + "/projects").then()
                .statusCode(200).extract().path("nextCursor");
        DynamoDbCallRecorder.reset();
        given().queryParam("status", "PAUSED").queryParam("cursor", active).get("/workspaces/" + ws + "/projects")
                .then().statusCode(400).body("errors.field", hasItem("cursor"));
        given().queryParam("status", "ACTIVE").queryParam("cursor", unfiltered).get("/workspaces/" + ws + "/projects")
                .then().statusCode(400).body("errors.field", hasItem("cursor"));
        given().queryParam("cursor", active).get("/workspaces/" + ws + "/projects")
                .then().statusCode(400).body("errors.field", hasItem("cursor"));
        assertTrue(DynamoDbCallRecorder.operations().stream().noneMatch(op -> op.startsWith("Query")),
                DynamoDbCallRecorder.operations().toString());
    }
}
