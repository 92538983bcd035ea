package dev.trident.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.IndexKey;
import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * GET /projects?status= with {@code trident.workspace.project-status.shards=3}: projects are written to, and read
 * from, three status shards, merged newest first, ranges included.
 */
@QuarkusTest
@TestProfile(ProjectsByStatusShardCountTest.ThreeShards.class)
class ProjectsByStatusShardCountTest {

    static final int SHARDS = 3;

    public static class ThreeShards implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("trident.workspace.project-status.shards", Integer.toString(SHARDS));
        }
    }

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    /** A created project: its ref and its GSI2 key as the service must have written it. */
    private record Created(String ref, IndexKey statusKey) {
    }

    @Test
    void threeStatusShardsHoldEveryProjectAndListItOnceNewestFirstInAnyRange() {
        Instant start = Instant.now().minusSeconds(1);
        List<String> workspaces = List.of(Api.createWorkspace("s3-a", null), Api.createWorkspace("s3-b", 2));
        List<Created> created = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String ws = workspaces.get(i % 2);
            int shards = i % 2 == 0 ? 1 : 2;
            String id = Api.createProject(ws, "paused " + i, "PAUSED");
            Map<String, AttributeValue> item = dynamo.getItem(r -> r.tableName(table.tableName())
                    .key(WorkspaceKeys.project(ws, shards, ProjectId.parse(id)).toAttributes()).consistentRead(true))
                    .join().item();
            IndexKey expected = WorkspaceKeys.projectStatusIndex(ProjectStatus.PAUSED, SHARDS,
                    Instant.parse(item.get("createdAt").s()), ws, ProjectId.parse(id));
            assertEquals(expected.pk(), item.get("GSI2PK").s(), "written to its shard of three");
            assertEquals(expected.sk(), item.get("GSI2SK").s());
            created.add(new Created(ws + "/" + id, expected));
        }
        assertTrue(created.stream().map(c -> c.statusKey().pk()).distinct().count() > 1, "spread over the shards");
        List<Created> newestFirst = created.stream()
                .sorted(Comparator.comparing((Created c) -> c.statusKey().sk()).reversed()).toList();

        DynamoDbCallRecorder.reset();
        Api.asPlatformAdmin().queryParams(range(start, null)).queryParam("limit", 5).get("/projects").then()
                .statusCode(200);
        List<String> firstRound = DynamoDbCallRecorder.calls().stream().map(DynamoDbCallRecorder.Call::request)
                .filter(QueryRequest.class::isInstance).map(q -> ((QueryRequest) q).expressionAttributeValues()
                        .get(":pk").s()).limit(SHARDS).sorted().toList();
        assertEquals(IntStream.range(0, SHARDS).mapToObj(n -> "PROJSTATUS#PAUSED#" + n).toList(), firstRound);

        for (int limit : new int[] {1, 4, 12}) {
            assertEquals(newestFirst.stream().map(Created::ref).toList(), listAll(range(start, null), limit),
                    "limit " + limit);
        }
        // A range inside: from the 4th oldest to the 9th oldest creation, both inclusive, as the keys compare.
        List<Created> oldestFirst = created.stream().sorted(Comparator.comparing((Created c) -> c.statusKey().sk()))
                .toList();
        String fromKey = oldestFirst.get(3).statusKey().sk();
        String toKey = oldestFirst.get(8).statusKey().sk();
        Instant from = WorkspaceKeys.parseProjectStatusSk(fromKey).createdAt();
        Instant to = WorkspaceKeys.parseProjectStatusSk(toKey).createdAt();
        String lower = WorkspaceKeys.projectStatusCreatedFrom("createdFrom", from);
        String upper = WorkspaceKeys.projectStatusCreatedTo("createdTo", to);
        List<String> inside = newestFirst.stream()
                .filter(c -> c.statusKey().sk().compareTo(lower) >= 0 && c.statusKey().sk().compareTo(upper) <= 0)
                .map(Created::ref).toList();
        assertTrue(inside.size() >= 6, inside::toString);
        assertEquals(inside, listAll(range(from, to), 2));
    }

    private static Map<String, Object> range(Instant from, Instant to) {
        Map<String, Object> query = new HashMap<>(Map.of("status", "PAUSED"));
        if (from != null) {
            query.put("createdFrom", from.toString());
        }
        if (to != null) {
            query.put("createdTo", to.toString());
        }
        return query;
    }

    private static List<String> listAll(Map<String, Object> query, int limit) {
        List<String> all = new ArrayList<>();
        String cursor = null;
        do {
            var request = Api.asPlatformAdmin().queryParams(query).queryParam("limit", limit);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            Response page = request.get("/projects").then().statusCode(200).extract().response();
            List<String> ids = page.path("items.collect { it.workspaceId + '/' + it.projectId }");
            cursor = page.path("nextCursor");
            assertFalse(cursor != null && ids.isEmpty(), "no empty page while a cursor is issued");
            assertTrue(ids.size() <= limit);
            all.addAll(ids);
        } while (cursor != null);
        return all;
    }
}
