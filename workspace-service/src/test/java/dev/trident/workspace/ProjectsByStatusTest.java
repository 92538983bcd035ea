package dev.trident.workspace;

import static dev.trident.workspace.Api.PROBLEM_JSON;
import static dev.trident.workspace.Api.given;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

@QuarkusTest
class ProjectsByStatusTest {

    /** The status shard count of the default configuration. */
    static final int SHARDS = 8;

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    /** One listed project as the GSI2 sort key orders it. */
    private record Entry(String statusKey, String ref) {
    }

    @Test
    void listsOneStatusAcrossWorkspacesMergedNewestFirstFromEveryStatusShard() {
        List<String> workspaces = List.of(Api.createWorkspace("st-a", null), Api.createWorkspace("st-b", 3),
                Api.createWorkspace("st-c", null));
        Set<String> ours = new HashSet<>();
        for (int i = 0; i < 5; i++) {
            for (String ws : workspaces) {
                ours.add(ws + "/" + Api.createProject(ws, "paused " + i, "PAUSED"));
            }
            Api.createProject(workspaces.get(0), "active " + i, "ACTIVE");
        }
        assertTrue(ours.stream().map(ref -> WorkspaceKeys.projectStatusShard(ref.substring(0, ref.indexOf('/')),
                ProjectId.parse(ref.substring(ref.indexOf('/') + 1)), SHARDS)).distinct().count() > 1,
                "the projects spread over several status shards");

        DynamoDbCallRecorder.reset();
        Api.asPlatformAdmin().queryParam("status", "PAUSED").queryParam("limit", 4).get("/projects").then().statusCode(200);
        assertEquals(Collections.nCopies(SHARDS, "Query(GSI2)"), DynamoDbCallRecorder.operations());

        List<Entry> listed = listAll(ProjectStatus.PAUSED, 7);
        assertEquals(listed.size(), new HashSet<>(listed).size(), "no duplicate");
        List<Entry> sorted = new ArrayList<>(listed);
        sorted.sort(Comparator.comparing(Entry::statusKey).reversed());
        assertEquals(sorted, listed, "newest first across all status shards");
        assertEquals(ours, new HashSet<>(listed.stream().map(Entry::ref).filter(ours::contains).toList()),
                "every paused project of ours is listed");
        assertTrue(listed.stream().noneMatch(e -> e.ref().startsWith(workspaces.get(0) + "/")
                && !ours.contains(e.ref())), "no ACTIVE project is listed as PAUSED");
    }

    @Test
    void aPageReadsItsShareFromEachStatusShardNotAWholePageFromEach() {
        String ws = Api.createWorkspace("st-many", null);
        new ProjectLoader(dynamo, table.tableName()).load(ws, 1, ProjectLoader.ids(2026, 300), ProjectStatus.ACTIVE);
        String cursor = null;
        List<String> keys = new ArrayList<>();
        for (int page = 1; page <= 3; page++) {
            DynamoDbCallRecorder.reset();
            var request = Api.asPlatformAdmin().queryParam("status", "ACTIVE").queryParam("limit", 100);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            Response response = request.get("/projects").then().statusCode(200).extract().response();
            cursor = response.path("nextCursor");
            List<Map<String, Object>> items = response.path("items");
            for (Map<String, Object> item : items) {
                keys.add(WorkspaceKeys.projectStatusIndex(ProjectStatus.ACTIVE, SHARDS,
                        Instant.parse((String) item.get("createdAt")), (String) item.get("workspaceId"),
                        ProjectId.parse((String) item.get("projectId"))).sk());
            }
            List<DynamoDbCallRecorder.Call> queries = DynamoDbCallRecorder.calls().stream()
                    .filter(c -> c.operation().equals("Query")).toList();
            String where = "page " + page + ": Limits " + queries.stream().map(DynamoDbCallRecorder.Call::queryLimit)
                    .toList() + ", items read " + queries.stream().map(DynamoDbCallRecorder.Call::itemsRead).toList();
            assertEquals(100, items.size(), where);
            // 100 / 8 status shards = 12.5 each plus two standard deviations (7.1): 20, not 101 from each.
            assertTrue(queries.stream().limit(SHARDS).allMatch(q -> "GSI2".equals(q.indexName())
                    && q.queryLimit() == 20), where);
            assertTrue(queries.stream().limit(SHARDS).map(q -> ((QueryRequest) q.request()).expressionAttributeValues()
                    .get(":pk").s()).distinct().count() == SHARDS,
                    where);
            assertTrue(queries.stream().mapToInt(DynamoDbCallRecorder.Call::queryLimit).sum() <= 250, where);
            assertTrue(queries.stream().mapToInt(DynamoDbCallRecorder.Call::itemsRead).sum() <= 250, where);
        }
        List<String> newestFirst = new ArrayList<>(keys);
        newestFirst.sort(Comparator.reverseOrder());
        assertEquals(newestFirst, keys, "newest first across the status shards and the pages");
        assertEquals(keys.size(), new HashSet<>(keys).size(), "no project twice");
    }

    @Test
    void aStatusChangeMovesTheProjectBetweenStatusPartitions() {
        String ws = Api.createWorkspace("st-move", 2);
        String id = Api.createProject(ws, "mover", "ACTIVE");
        String ref = ws + "/" + id;
        assertTrue(refs(ProjectStatus.ACTIVE).contains(ref));
        assertFalse(refs(ProjectStatus.ARCHIVED).contains(ref));

        given().contentType(ContentType.JSON).body(Map.of("status", "ARCHIVED"))
                .patch("/workspaces/" + ws + "/projects/" + id).then().statusCode(200);
        assertFalse(refs(ProjectStatus.ACTIVE).contains(ref));
        assertTrue(refs(ProjectStatus.ARCHIVED).contains(ref));

        given().delete("/workspaces/" + ws + "/projects/" + id).then().statusCode(204);
        assertFalse(refs(ProjectStatus.ARCHIVED).contains(ref));
    }

    @Test
    void badStatusLimitOrCursorIs400() {
        Api.asPlatformAdmin().get("/projects").then().statusCode(400).contentType(PROBLEM_JSON).body("errors.field", hasItem("status"));
        Api.asPlatformAdmin().queryParam("status", "paused").get("/projects").then().statusCode(400)
                .body("errors.field", hasItem("status"));
        Api.asPlatformAdmin().queryParam("status", "ACTIVE").queryParam("limit", 0).get("/projects").then().statusCode(400)
                .body("errors.field", hasItem("limit"));
        String ws = Api.createWorkspace("st-cursor", null);
        Api.createProject(ws, "a", "PAUSED");
        Api.createProject(ws, "b", "PAUSED");
        String cursor = Api.asPlatformAdmin().queryParam("status", "PAUSED").queryParam("limit", 1).get("/projects")
                .then().statusCode(200).extract().path("nextCursor");
        Api.asPlatformAdmin().queryParam("status", "ACTIVE").queryParam("cursor", cursor).get("/projects").then().statusCode(400)
                .contentType(PROBLEM_JSON).body("errors.field", hasItem("cursor"));
        given().queryParam("cursor", cursor).get("/workspaces/" + ws + "/projects").then().statusCode(400)
                .body("errors.field", hasItem("cursor"));
    }

    private static Set<String> refs(ProjectStatus status) {
        return new HashSet<>(listAll(status, 100).stream().map(Entry::ref).toList());
    }

    private static List<Entry> listAll(ProjectStatus status, int limit) {
        List<Entry> all = new ArrayList<>();
        String cursor = null;
        do {
            var request = Api.asPlatformAdmin().queryParam("status", status.name()).queryParam("limit", limit);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            Response page = request.get("/projects").then().statusCode(200).extract().response();
            List<Map<String, Object>> items = page.path("items");
            cursor = page.path("nextCursor");
            assertFalse(cursor != null && items.isEmpty(), "no empty page while a cursor is issued");
            for (Map<String, Object> item : items) {
                assertEquals(status.name(), item.get("status"));
                String ws = (String) item.get("workspaceId");
                ProjectId id = ProjectId.parse((String) item.get("projectId"));
                String key = WorkspaceKeys.projectStatusIndex(status, SHARDS, Instant.parse((String) item.get("createdAt")), ws, id)
                        .sk();
                all.add(new Entry(key, ws + "/" + id));
            }
        } while (cursor != null);
        return all;
    }
}
