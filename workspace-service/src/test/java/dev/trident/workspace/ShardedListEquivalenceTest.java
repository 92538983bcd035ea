package dev.trident.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

@QuarkusTest
class ShardedListEquivalenceTest {

    private static final int SHARDS = 8;
    private static final int LIMIT = 37;
    private static final int MAX_SHARDS = 16;
    private static final int WIDE_LIMIT = 100;

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    @Test
    void threeHundredProjectsOverSixteenShardsPageNewestFirstReadingAboutOnePageEach() {
        String sharded = Api.createWorkspace("eq-wide", MAX_SHARDS);
        String unsharded = Api.createWorkspace("eq-wide-flat", null);
        List<ProjectId> ids = ProjectLoader.ids(2026, 300);
        load(sharded, MAX_SHARDS, ids);
        load(unsharded, 1, ids);
        List<String> expected = ids.stream().sorted(Comparator.reverseOrder()).map(ProjectId::toString).toList();

        List<String> listed = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            DynamoDbCallRecorder.reset();
            var request = Api.given().queryParam("limit", WIDE_LIMIT);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            Response page = request.get("/workspaces/" + sharded + "/projects").then().statusCode(200)
                    .extract().response();
            List<String> items = page.path("items.projectId");
            cursor = page.path("nextCursor");
            pages++;
            listed.addAll(items);

            List<DynamoDbCallRecorder.Call> queries = DynamoDbCallRecorder.calls().stream()
                    .filter(c -> c.operation().equals("Query")).toList();
            int asked = queries.stream().mapToInt(DynamoDbCallRecorder.Call::queryLimit).sum();
            int read = queries.stream().mapToInt(DynamoDbCallRecorder.Call::itemsRead).sum();
            String where = "page " + pages + ": " + queries.size() + " Queries, Limits " + queries.stream()
                    .map(DynamoDbCallRecorder.Call::queryLimit).toList() + ", " + read + " items read";
            // Each shard asks for its share of the page (100 / 16 plus two standard deviations: 12), not for the
            // whole page (101 each, 1,616 in all); a shard that runs out is read again for what is missing.
            if (pages == 1) {
                assertTrue(queries.stream().limit(MAX_SHARDS).allMatch(q -> q.queryLimit() == 12), where);
            }
            assertTrue(queries.size() <= MAX_SHARDS + 8, where);
            assertTrue(asked <= 5 * WIDE_LIMIT / 2, where);
            assertTrue(read <= 5 * WIDE_LIMIT / 2, where);
            assertTrue(items.size() == WIDE_LIMIT || cursor == null, where);
        } while (cursor != null);

        assertEquals(expected, listed, "every project exactly once, newest first");
        assertEquals(3, pages);
        List<String> flat = idsOf(Api.allPages("/workspaces/" + unsharded + "/projects", Map.of(), WIDE_LIMIT));
        assertEquals(flat, listed, "the same pages as the same projects unsharded");
    }

    @Test
    void fiveHundredProjectsOverEightShardsPageLikeTheSameProjectsUnsharded() {
        String sharded = Api.createWorkspace("eq-sharded", SHARDS);
        String unsharded = Api.createWorkspace("eq-flat", null);
        // Two years, and numbers past 9,999: key order must still be numeric order.
        List<ProjectId> ids = new ArrayList<>();
        for (int seq = 1; seq <= 100; seq++) {
            ids.add(new ProjectId(2025, seq));
        }
        for (int i = 1; i <= 400; i++) {
            ids.add(new ProjectId(2026, i * 30));
        }
        load(sharded, SHARDS, ids);
        load(unsharded, 1, ids);
        assertEquals(SHARDS, ids.stream().map(id -> WorkspaceKeys.projectShard(id, SHARDS)).distinct().count());

        List<String> expected = ids.stream().sorted(Comparator.reverseOrder()).map(ProjectId::toString).toList();
        DynamoDbCallRecorder.reset();
        List<List<String>> shardedPages = Api.allPages("/workspaces/" + sharded + "/projects", Map.of(), LIMIT);
        List<String> shardedOps = DynamoDbCallRecorder.operations();
        int shardedLimits = DynamoDbCallRecorder.calls().stream().filter(c -> c.operation().equals("Query"))
                .mapToInt(DynamoDbCallRecorder.Call::queryLimit).sum();
        DynamoDbCallRecorder.reset();
        List<List<String>> flatPages = Api.allPages("/workspaces/" + unsharded + "/projects", Map.of(), LIMIT);
        List<String> flatOps = DynamoDbCallRecorder.operations();

        List<String> shardedIds = idsOf(shardedPages);
        assertEquals(expected, shardedIds, "sharded order: newest first, nothing missing");
        assertEquals(expected, idsOf(flatPages), "unsharded order");
        assertEquals(shardedIds.size(), new HashSet<>(shardedIds).size(), "no duplicate");
        assertEquals(shardedPages.stream().map(List::size).toList(), flatPages.stream().map(List::size).toList(),
                "same page sizes");
        assertEquals((500 + LIMIT - 1) / LIMIT, shardedPages.size());
        assertTrue(shardedPages.subList(0, shardedPages.size() - 1).stream().allMatch(p -> p.size() == LIMIT));
        // Each page: one BatchGetItem (the caller's membership and META), then unsharded one Query; sharded one Query
        // per shard
        // still open, and one more of a shard that ran out of read items before the page was full.
        assertEquals(flatPages.size(), flatOps.stream().filter("BatchGetItem"::equals).count());
        assertEquals(shardedPages.size(), shardedOps.stream().filter("BatchGetItem"::equals).count());
        flatOps = flatOps.stream().filter(op -> !op.equals("BatchGetItem")).toList();
        shardedOps = shardedOps.stream().filter(op -> !op.equals("BatchGetItem")).toList();
        assertEquals(flatPages.size(), flatOps.size());
        assertTrue(flatOps.stream().allMatch("Query"::equals));
        assertTrue(shardedOps.stream().allMatch("Query"::equals));
        // Changed with the contract: a shard may be read twice for one page (it ran out before the page was full),
        // so no longer at most SHARDS Queries per page; instead each first read asks for the shard's share of the
        // page (37 / 8 plus two standard deviations: 9), not for the whole page (38 from each, 4,256 in all).
        assertTrue(shardedOps.size() <= (SHARDS + 1) * shardedPages.size(), shardedOps.size() + " Queries");
        assertTrue(shardedLimits <= 5 * 500 / 2, shardedLimits + " items asked for");
        assertTrue(shardedOps.size() > SHARDS * (shardedPages.size() - 2), "every open shard is read on each page");
    }

    private static List<String> idsOf(List<List<String>> pages) {
        return pages.stream().flatMap(List::stream).map(s -> s.substring(s.indexOf('/') + 1)).toList();
    }

    private void load(String wsId, int shards, List<ProjectId> ids) {
        new ProjectLoader(dynamo, table.tableName()).load(wsId, shards, ids, ProjectStatus.ARCHIVED);
    }

}
