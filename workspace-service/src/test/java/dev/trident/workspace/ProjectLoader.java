package dev.trident.workspace;

import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.Timestamps;
import dev.trident.workspace.model.Project;
import dev.trident.workspace.repository.StoredItems;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/** Writes many projects straight into the table, item for item as the repository stores them (BatchWriteItem). */
final class ProjectLoader {

    private static final int BATCHES_IN_FLIGHT = 4;

    private static final Instant CREATED = Instant.parse("2026-01-01T00:00:00Z");

    private final DynamoDbAsyncClient dynamo;
    private final String table;

    ProjectLoader(DynamoDbAsyncClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    /** Projects {@code year-0001 .. year-<count>}. */
    static List<ProjectId> ids(int year, int count) {
        return IntStream.rangeClosed(1, count).mapToObj(seq -> new ProjectId(year, seq)).toList();
    }

    /** The projects of {@code ids}, all with one status, created one second apart in id order. */
    void load(String wsId, int shards, List<ProjectId> ids, ProjectStatus status) {
        List<WriteRequest> writes = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            ProjectId id = ids.get(i);
            String createdAt = Timestamps.format(CREATED.plusSeconds(i));
            Project project = new Project(wsId, id, "Project " + id, status, "loader", "Loader", 1, createdAt,
                    createdAt);
            writes.add(WriteRequest.builder().putRequest(PutRequest.builder()
                    .item(StoredItems.item(project, shards)).build()).build());
        }
        // 25 at a time (the BatchWriteItem maximum), a few batches in flight: DynamoDB Local applies them one after
        // another, so dozens at once would leave the last ones queued past the client's call timeout.
        for (int wave = 0; wave < writes.size(); wave += 25 * BATCHES_IN_FLIGHT) {
            List<CompletableFuture<Void>> batches = new ArrayList<>();
            for (int from = wave; from < Math.min(writes.size(), wave + 25 * BATCHES_IN_FLIGHT); from += 25) {
                batches.add(write(writes.subList(from, Math.min(from + 25, writes.size()))));
            }
            batches.forEach(CompletableFuture::join);
        }
    }

    private CompletableFuture<Void> write(List<WriteRequest> batch) {
        return dynamo.batchWriteItem(r -> r.requestItems(Map.of(table, batch)))
                .thenCompose((BatchWriteItemResponse response) -> {
                    List<WriteRequest> left = response.unprocessedItems().getOrDefault(table, List.of());
                    return left.isEmpty() ? CompletableFuture.completedFuture(null) : write(left);
                });
    }
}
