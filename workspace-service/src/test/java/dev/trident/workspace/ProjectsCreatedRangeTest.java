package dev.trident.workspace;

import static dev.trident.workspace.Api.PROBLEM_JSON;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.Timestamps;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import dev.trident.workspace.model.Project;
import dev.trident.workspace.repository.StoredItems;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * GET /projects?status=&createdFrom=&createdTo=: a creation-time range as a key condition on GSI2's sort key of each
 * status shard, merged newest first. The projects here are created in a year of their own, so that other tests'
 * projects (created now) never fall inside the ranges asked for.
 */
@QuarkusTest
class ProjectsCreatedRangeTest {

    /** A year no other test of this run creates projects in, one per test. */
    private static final AtomicInteger YEAR = new AtomicInteger(ThreadLocalRandom.current().nextInt(1100, 1800));

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    private Instant base;
    /** Workspace/project refs by creation minute offset from {@link #base}, one per minute, newest last. */
    private final List<String> refs = new ArrayList<>();

    @BeforeEach
    void loadProjectsOneMinuteApartInAYearOfTheirOwn() {
        base = Instant.parse(YEAR.getAndIncrement() + "-06-01T12:00:00Z");
        List<String> workspaces = List.of(Api.createWorkspace("rng-a", null), Api.createWorkspace("rng-b", 2));
        for (int minute = 0; minute < 24; minute++) {
            String ws = workspaces.get(minute % 2);
            int shards = minute % 2 == 0 ? 1 : 2;
            ProjectId id = new ProjectId(2026, minute + 1);
            ProjectStatus status = minute % 3 == 2 ? ProjectStatus.PAUSED : ProjectStatus.ARCHIVED;
            String createdAt = Timestamps.format(base.plusSeconds(60L * minute));
            Project project = new Project(ws, id, "p" + minute, status, "loader", "Loader", 1, createdAt, createdAt);
            dynamo.putItem(r -> r.tableName(table.tableName()).item(StoredItems.item(project, shards))).join();
            refs.add(status == ProjectStatus.ARCHIVED ? ws + "/" + id : null);
        }
    }

    private Instant minute(int m) {
        return base.plusSeconds(60L * m);
    }

    /** The ARCHIVED refs created in minutes from..to (inclusive), newest first. */
    private List<String> archivedBetween(int from, int to) {
        List<String> expected = new ArrayList<>();
        for (int m = to; m >= from; m--) {
            if (refs.get(m) != null) {
                expected.add(refs.get(m));
            }
        }
        return expected;
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
            all.addAll(ids);
        } while (cursor != null);
        return all;
    }

    private static Map<String, Object> range(Instant from, Instant to) {
        Map<String, Object> query = new HashMap<>(Map.of("status", "ARCHIVED"));
        if (from != null) {
            query.put("createdFrom", from.toString());
        }
        if (to != null) {
            query.put("createdTo", to.toString());
        }
        return query;
    }

    @Test
    void bothBoundsAreInclusiveAndTheListIsNewestFirstAcrossStatusShardsAndPages() {
        for (int limit : new int[] {1, 3, 100}) {
            assertEquals(archivedBetween(4, 19), listAll(range(minute(4), minute(19)), limit), "limit " + limit);
        }
        // A millisecond inside either bound leaves that minute's project out.
        assertEquals(archivedBetween(5, 18), listAll(range(minute(4).plusMillis(1), minute(19).minusMillis(1)), 5));
        assertEquals(archivedBetween(7, 7), listAll(range(minute(7), minute(7)), 5));
        assertEquals(List.of(), listAll(range(minute(7).plusNanos(1), minute(7).plusNanos(2)), 5));
    }

    @Test
    void eitherBoundAlone() {
        List<String> upTo = listAll(range(null, minute(5)), 100);
        assertEquals(archivedBetween(0, 5), upTo.subList(0, archivedBetween(0, 5).size()));
        assertTrue(upTo.stream().noneMatch(archivedBetween(6, 23)::contains));
        List<String> from = listAll(range(minute(20), null), 100);
        assertTrue(from.containsAll(archivedBetween(20, 23)));
        assertTrue(from.stream().noneMatch(archivedBetween(0, 19)::contains));
    }

    @Test
    void eachStatusShardIsQueriedOnceWithTheRangeAsItsKeyCondition() {
        Map<String, String> expectedConditions = Map.of(
                "both", "#pk = :pk AND #sk BETWEEN :from AND :to",
                "from", "#pk = :pk AND #sk >= :from",
                "to", "#pk = :pk AND #sk <= :to");
        Map<String, Map<String, Object>> queries = Map.of("both", range(minute(2), minute(9)),
                "from", range(minute(2), null), "to", range(null, minute(9)));
        String lower = WorkspaceKeys.projectStatusCreatedFrom("createdFrom", minute(2));
        String upper = WorkspaceKeys.projectStatusCreatedTo("createdTo", minute(9));
        queries.forEach((which, query) -> {
            DynamoDbCallRecorder.reset();
            Api.asPlatformAdmin().queryParams(query).queryParam("limit", 100).get("/projects").then().statusCode(200);
            assertEquals(Collections.nCopies(ProjectsByStatusTest.SHARDS, "Query(GSI2)"),
                    DynamoDbCallRecorder.operations(), which);
            List<String> partitions = new ArrayList<>();
            for (DynamoDbCallRecorder.Call call : DynamoDbCallRecorder.calls()) {
                if (call.request() instanceof QueryRequest q) {
                    assertEquals(expectedConditions.get(which), q.keyConditionExpression(), which);
                    assertEquals("GSI2SK", q.expressionAttributeNames().get("#sk"));
                    assertEquals(Boolean.FALSE, q.scanIndexForward());
                    assertEquals(null, q.filterExpression());
                    if (q.expressionAttributeValues().containsKey(":from")) {
                        assertEquals(lower, q.expressionAttributeValues().get(":from").s());
                    }
                    if (q.expressionAttributeValues().containsKey(":to")) {
                        assertEquals(upper, q.expressionAttributeValues().get(":to").s());
                    }
                    partitions.add(q.expressionAttributeValues().get(":pk").s());
                }
            }
            assertEquals(IntStream.range(0, ProjectsByStatusTest.SHARDS).mapToObj(n -> WorkspaceKeys
                    .projectStatusPartition(ProjectStatus.ARCHIVED, n, ProjectsByStatusTest.SHARDS)).toList(),
                    partitions.stream().sorted().toList(), which);
        });
        // Only what is inside the range is read: the Queries together read exactly the ARCHIVED projects of minutes
        // 2..9.
        DynamoDbCallRecorder.reset();
        Api.asPlatformAdmin().queryParams(range(minute(2), minute(9))).queryParam("limit", 100).get("/projects")
                .then().statusCode(200);
        int read = DynamoDbCallRecorder.calls().stream().mapToInt(c -> c.itemsRead() == null ? 0 : c.itemsRead()).sum();
        assertEquals(archivedBetween(2, 9).size(), read);
    }

    @Test
    void malformedReversedOrOutOfRangeBoundsUnknownStatusAndBadLimitsAre400NamingTheFieldAndReadNothing() {
        Map<String, Map<String, Object>> bad = new HashMap<>();
        bad.put("createdFrom", Map.of("status", "ARCHIVED", "createdFrom", "yesterday"));
        bad.put("createdTo", Map.of("status", "ARCHIVED", "createdTo", "2026-13-01T00:00:00Z"));
        DynamoDbCallRecorder.reset();
        bad.forEach((field, query) -> Api.asPlatformAdmin().queryParams(query).get("/projects").then().statusCode(400)
                .contentType(PROBLEM_JSON).body("errors.field", hasItem(field)));
        Api.asPlatformAdmin().queryParams(Map.of("status", "ARCHIVED", "createdTo", "2026-05-01"))
                .get("/projects").then().statusCode(400).body("errors.field", hasItem("createdTo"));
        Api.asPlatformAdmin().queryParams(range(minute(9), minute(2))).get("/projects").then().statusCode(400)
                .contentType(PROBLEM_JSON).body("errors.field", hasItem("createdFrom"));
        Api.asPlatformAdmin().queryParams(Map.of("status", "ARCHIVED", "createdTo", "+10000-01-01T00:00:00Z"))
                .get("/projects").then().statusCode(400).body("errors.field", hasItem("createdTo"));
        Api.asPlatformAdmin().queryParams(Map.of("status", "DONE", "createdFrom", minute(1).toString()))
                .get("/projects").then().statusCode(400).body("errors.field", hasItem("status"));
        for (String limit : List.of("0", "101", "ten")) {
            Api.asPlatformAdmin().queryParams(range(minute(1), minute(2))).queryParam("limit", limit).get("/projects")
                    .then().statusCode(400).body("errors.field", hasItem("limit"));
        }
        assertEquals(List.of(), DynamoDbCallRecorder.operations(), "nothing is read for a refused request");
    }

    @Test
    void aCursorResumesOnlyTheRangeItWasIssuedForAndOnlyAPlatformAdminLists() {
        String cursor = Api.asPlatformAdmin().queryParams(range(minute(0), minute(23))).queryParam("limit", 2)
                .get("/projects").then().statusCode(200).extract().path("nextCursor");
        Api.asPlatformAdmin().queryParams(range(minute(0), minute(23))).queryParam("cursor", cursor).queryParam("limit", 2)
                .get("/projects").then().statusCode(200);
        Api.asPlatformAdmin().queryParams(range(minute(0), null)).queryParam("cursor", cursor).get("/projects").then()
                .statusCode(400).body("errors.field", hasItem("cursor"));
        Api.asPlatformAdmin().queryParam("status", "ARCHIVED").queryParam("cursor", cursor).get("/projects").then()
                .statusCode(400).body("errors.field", hasItem("cursor"));
        Api.given().queryParams(range(minute(0), minute(23))).get("/projects").then().statusCode(403)
                .contentType(PROBLEM_JSON);
    }
}
