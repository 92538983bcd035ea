package dev.trident.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import dev.trident.workspace.model.Project;
import dev.trident.workspace.repository.WorkspaceRepository;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

@QuarkusTest
class ShardedListEquivalenceTest {

    private static final int SHARDS = 8;
    private static final int LIMIT = 37;

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

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
        // Each page: one GetItem (the caller's membership), then unsharded one Query; sharded one Query per shard
        // still open, never more than the shard count.
        assertEquals(flatPages.size(), flatOps.stream().filter("GetItem"::equals).count());
        assertEquals(shardedPages.size(), shardedOps.stream().filter("GetItem"::equals).count());
        flatOps = flatOps.stream().filter(op -> !op.equals("GetItem")).toList();
        shardedOps = shardedOps.stream().filter(op -> !op.equals("GetItem")).toList();
        assertEquals(flatPages.size(), flatOps.size());
        assertTrue(flatOps.stream().allMatch("Query"::equals));
        assertTrue(shardedOps.stream().allMatch("Query"::equals));
        assertTrue(shardedOps.size() <= SHARDS * shardedPages.size());
        assertTrue(shardedOps.size() > SHARDS * (shardedPages.size() - 2), "every open shard is read on each page");
    }

    private static List<String> idsOf(List<List<String>> pages) {
        return pages.stream().flatMap(List::stream).map(s -> s.substring(s.indexOf('/') + 1)).toList();
    }

    /** BatchWriteItem of 25 at a time, all in flight together, retrying unprocessed items. */
    private void load(String wsId, int shards, List<ProjectId> ids) {
        String createdAt = WorkspaceKeys.formatCreatedAt(Instant.parse("2026-01-01T00:00:00Z"));
        List<WriteRequest> writes = ids.stream()
                .map(id -> new Project(wsId, id, "Project " + id, ProjectStatus.ARCHIVED, "loader", "Loader", 1,
                        createdAt, createdAt))
                .map(p -> WriteRequest.builder().putRequest(PutRequest.builder()
                        .item(WorkspaceRepository.projectItem(p, shards)).build()).build())
                .toList();
        List<CompletableFuture<Void>> batches = new ArrayList<>();
        for (int from = 0; from < writes.size(); from += 25) {
            batches.add(write(writes.subList(from, Math.min(from + 25, writes.size()))));
        }
        batches.forEach(CompletableFuture::join);
    }

    private CompletableFuture<Void> write(List<WriteRequest> batch) {
        return dynamo.batchWriteItem(r -> r.requestItems(Map.of(table.tableName(), batch)))
                .thenCompose((BatchWriteItemResponse response) -> {
                    List<WriteRequest> left = response.unprocessedItems().getOrDefault(table.tableName(), List.of());
                    return left.isEmpty() ? CompletableFuture.completedFuture(null) : write(left);
                });
    }

}
