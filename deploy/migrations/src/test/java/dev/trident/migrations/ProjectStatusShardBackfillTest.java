package dev.trident.migrations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EntityType;
import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.TableSchema;
import dev.trident.keys.Timestamps;
import dev.trident.keys.WorkspaceKeys;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The status shard backfill on a real DynamoDB Local: a fresh table per test, projects as stored when each status had
 * four fixed shards on GSI2.
 */
class ProjectStatusShardBackfillTest extends LocalTableTest {

    private static final Instant CREATED = Instant.parse("2025-03-05T10:00:00Z");
    private static final int OLD_SHARDS = 4;
    private static final int SHARDS = WorkspaceKeys.DEFAULT_PROJECT_STATUS_SHARDS;

    /** A project with its GSI2 status key under {@code statusShards}. */
    private void project(String wsId, ProjectId id, ProjectStatus status, int statusShards) {
        Map<String, AttributeValue> item = new HashMap<>(WorkspaceKeys.project(wsId, 1, id).toAttributes());
        item.putAll(WorkspaceKeys.projectStatusIndex(status, statusShards, CREATED.plusSeconds(id.seq()), wsId, id)
                .toAttributes());
        item.putAll(WorkspaceKeys.projectWorkspaceStatusIndex(wsId, 1, status, id).toAttributes());
        item.put(TableSchema.TYPE, s(EntityType.PROJECT.typeName()));
        item.put("wsId", s(wsId));
        item.put("projectId", s(id.toString()));
        item.put(StoredAttributes.STATUS, s(status.name()));
        item.put(TableSchema.VERSION, n(1));
        item.put("createdAt", s(Timestamps.format(CREATED.plusSeconds(id.seq()))));
        dynamo.putItem(r -> r.tableName(table).item(item));
    }

    /** The projects of one status as workspace-service lists them with {@code shards}: every shard's partition. */
    private List<String> byStatus(ProjectStatus status, int shards) {
        List<String> refs = new ArrayList<>();
        for (int n = 0; n < shards; n++) {
            String partition = WorkspaceKeys.projectStatusPartition(status, n, shards);
            dynamo.queryPaginator(r -> r.tableName(table).indexName(TableSchema.GSI2)
                            .keyConditionExpression("#pk = :pk")
                            .expressionAttributeNames(Map.of("#pk", TableSchema.GSI2PK))
                            .expressionAttributeValues(Map.of(":pk", s(partition))))
                    .items().forEach(item -> refs.add(item.get("wsId").s() + "/" + item.get("projectId").s()));
        }
        return refs.stream().sorted().toList();
    }

    private ProjectStatusShardBackfill backfill(DynamoDbClient client, String stateName) {
        return new ProjectStatusShardBackfill(client, table, 2, 9, dir.resolve(stateName), SHARDS);
    }

    @Test
    void projectsOnTheFourOldShardsMoveToTheirShardOfEightAndARerunWritesNothing() throws Exception {
        List<ProjectId> ids = IntStream.rangeClosed(1, 30).mapToObj(i -> new ProjectId(2025, i)).toList();
        ids.forEach(id -> project("w", id, id.seq() % 3 == 0 ? ProjectStatus.PAUSED : ProjectStatus.ACTIVE,
                OLD_SHARDS));
        List<String> active = byStatus(ProjectStatus.ACTIVE, OLD_SHARDS);
        List<String> paused = byStatus(ProjectStatus.PAUSED, OLD_SHARDS);
        assertEquals(30, active.size() + paused.size());
        // Raising the count is safe for reads: every old shard is one of the new ones. Lowering it is not.
        assertEquals(active, byStatus(ProjectStatus.ACTIVE, SHARDS));
        assertTrue(byStatus(ProjectStatus.ACTIVE, 2).size() < active.size(), "shards 2 and 3 are not read");

        BackfillReport first = backfill(dynamo, "first.state").run(0);
        assertEquals(30, first.read());
        assertTrue(first.written() > 0 && first.written() < 30, "only projects whose shard moved are written");
        assertEquals(30, first.written() + first.alreadyDone());
        assertEquals(active, byStatus(ProjectStatus.ACTIVE, SHARDS));
        assertEquals(paused, byStatus(ProjectStatus.PAUSED, SHARDS));
        for (Map<String, AttributeValue> item : everything()) {
            ProjectId id = ProjectId.parse(item.get("projectId").s());
            assertEquals(WorkspaceKeys.projectStatusPartition(ProjectStatus.valueOf(item.get("status").s()),
                    WorkspaceKeys.projectStatusShard("w", id, SHARDS), SHARDS), item.get(TableSchema.GSI2PK).s(),
                    "each project on its own shard of eight");
        }

        List<Map<String, AttributeValue>> before = everything();
        BackfillReport second = backfill(dynamo, "second.state").run(0);
        assertEquals(0, second.written());
        assertEquals(30, second.alreadyDone());
        assertEquals(before, everything());
    }

    @Test
    void aProjectWhoseStatusChangedAfterTheScanReadItIsLeftAsTheServiceWroteIt() throws Exception {
        // A project whose shard differs between four and eight shards, so the backfill has to move it.
        ProjectId id = IntStream.rangeClosed(1, 100).mapToObj(i -> new ProjectId(2025, i))
                .filter(p -> WorkspaceKeys.projectStatusShard("w", p, OLD_SHARDS)
                        != WorkspaceKeys.projectStatusShard("w", p, SHARDS)).findFirst().orElseThrow();
        project("w", id, ProjectStatus.ACTIVE, OLD_SHARDS);
        String archivedKey = WorkspaceKeys.projectStatusIndex(ProjectStatus.ARCHIVED, SHARDS,
                CREATED.plusSeconds(id.seq()), "w", id).pk();
        AtomicBoolean changed = new AtomicBoolean();
        DynamoDbClient client = (DynamoDbClient) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                    if (method.getName().equals("updateItem") && changed.compareAndSet(false, true)) {
                        // The service archives it meanwhile, writing its own key.
                        dynamo.updateItem(r -> r.tableName(table).key(WorkspaceKeys.project("w", 1, id).toAttributes())
                                .updateExpression("SET #status = :status, GSI2PK = :pk")
                                .expressionAttributeNames(Map.of("#status", StoredAttributes.STATUS))
                                .expressionAttributeValues(Map.of(":status", s("ARCHIVED"), ":pk", s(archivedKey))));
                    }
                    try {
                        return method.invoke(dynamo, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        BackfillReport report = backfill(client, "raced.state").run(0);
        assertEquals(0, report.written());
        assertEquals(1, report.changedMeanwhile());
        assertEquals(List.of("w/" + id), byStatus(ProjectStatus.ARCHIVED, SHARDS));
        assertEquals(List.of(), byStatus(ProjectStatus.ACTIVE, SHARDS));
    }
}
