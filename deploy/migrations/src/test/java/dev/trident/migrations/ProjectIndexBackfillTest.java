package dev.trident.migrations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EntityType;
import dev.trident.keys.IndexKey;
import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.TableSchema;
import dev.trident.keys.Timestamps;
import dev.trident.keys.WorkspaceKeys;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
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
 * The per-workspace status index backfill on a real DynamoDB Local: a fresh table per test, projects as stored before
 * that index (their GSI2 status key, no GSI1 keys).
 */
class ProjectIndexBackfillTest extends LocalTableTest {

    private static final Instant CREATED = Instant.parse("2025-03-05T10:00:00Z");

    private void workspace(String wsId, int shards) {
        Map<String, AttributeValue> meta = new HashMap<>(WorkspaceKeys.workspace(wsId).toAttributes());
        meta.put(TableSchema.TYPE, s(EntityType.WORKSPACE.typeName()));
        meta.put("wsId", s(wsId));
        meta.put("shards", n(shards));
        meta.put("memberCount", n(1));
        dynamo.putItem(r -> r.tableName(table).item(meta));
    }

    /** A project as stored before the per-workspace status index ({@code indexed}: as written now). */
    private void project(String wsId, int shards, ProjectId id, ProjectStatus status, boolean indexed) {
        Map<String, AttributeValue> item = new HashMap<>(WorkspaceKeys.project(wsId, shards, id).toAttributes());
        item.putAll(WorkspaceKeys.projectStatusIndex(status, WorkspaceKeys.DEFAULT_PROJECT_STATUS_SHARDS, CREATED, wsId, id)
                .toAttributes());
        if (indexed) {
            item.putAll(WorkspaceKeys.projectWorkspaceStatusIndex(wsId, shards, status, id).toAttributes());
        }
        item.put(TableSchema.TYPE, s(EntityType.PROJECT.typeName()));
        item.put("wsId", s(wsId));
        item.put("projectId", s(id.toString()));
        item.put("title", s("Project " + id));
        item.put(StoredAttributes.STATUS, s(status.name()));
        item.put(TableSchema.VERSION, n(3));
        item.put("createdAt", s(Timestamps.format(CREATED)));
        item.put("updatedAt", s(Timestamps.format(CREATED)));
        dynamo.putItem(r -> r.tableName(table).item(item));
    }

    private Map<String, AttributeValue> stored(String wsId, int shards, ProjectId id) {
        return dynamo.getItem(r -> r.tableName(table).key(WorkspaceKeys.project(wsId, shards, id).toAttributes())
                .consistentRead(true)).item();
    }

    /**
     * One workspace's projects of one status as workspace-service lists them: one Query on GSI1 per shard
     * {@code GSI1PK = WS#<id>#STATUS#<status>#<shard>}; the project ids, in id order.
     */
    private List<String> listed(String wsId, int shards, ProjectStatus status) {
        List<String> ids = new ArrayList<>();
        for (int shard = 0; shard < shards; shard++) {
            String partition = WorkspaceKeys.workspaceStatusPartition(wsId, status, shard, shards);
            dynamo.queryPaginator(r -> r.tableName(table).indexName(TableSchema.GSI1)
                            .keyConditionExpression("#pk = :pk")
                            .expressionAttributeNames(Map.of("#pk", TableSchema.GSI1PK))
                            .expressionAttributeValues(Map.of(":pk", s(partition))))
                    .items().forEach(item -> ids.add(WorkspaceKeys.parseProjectSk(item.get(TableSchema.GSI1SK).s())
                            .toString()));
        }
        return ids.stream().sorted().toList();
    }

    private ProjectIndexBackfill backfill(DynamoDbClient client, int segments, int pageSize, String stateName) {
        return new ProjectIndexBackfill(client, table, segments, pageSize, dir.resolve(stateName));
    }

    private static List<ProjectId> ids(int count) {
        return IntStream.rangeClosed(1, count).mapToObj(n -> new ProjectId(2025, n)).toList();
    }

    private static List<String> names(List<ProjectId> ids) {
        return ids.stream().map(ProjectId::toString).sorted().toList();
    }

    @Test
    void projectsStoredWithoutTheWorkspaceStatusKeysGetThemAndARerunChangesNothing() throws Exception {
        workspace("flat", 1);
        workspace("wide", 4);
        List<ProjectId> flat = ids(7);
        List<ProjectId> wide = ids(12);
        flat.forEach(id -> project("flat", 1, id, ProjectStatus.ACTIVE, false));
        wide.forEach(id -> project("wide", 4, id, id.seq() % 2 == 0 ? ProjectStatus.PAUSED : ProjectStatus.ACTIVE,
                false));
        ProjectId current = new ProjectId(2026, 1);
        project("flat", 1, current, ProjectStatus.ARCHIVED, true);
        // A project whose workspace is gone, and one with a status outside the statuses: reported, left alone.
        project("gone", 1, new ProjectId(2025, 1), ProjectStatus.ACTIVE, false);
        project("flat", 1, new ProjectId(2024, 9), ProjectStatus.ACTIVE, false);
        dynamo.updateItem(r -> r.tableName(table).key(WorkspaceKeys.project("flat", 1, new ProjectId(2024, 9))
                .toAttributes()).updateExpression("SET #s = :s")
                .expressionAttributeNames(Map.of("#s", StoredAttributes.STATUS))
                .expressionAttributeValues(Map.of(":s", s("DONE"))));
        assertEquals(List.of(), listed("flat", 1, ProjectStatus.ACTIVE));

        BackfillReport first = backfill(dynamo, 3, 4, "first.state").run(0);
        assertTrue(first.finished());
        assertEquals(22, first.read());
        assertEquals(19, first.written());
        assertEquals(1, first.alreadyDone());
        assertEquals(2, first.left().size(), first.left()::toString);

        assertEquals(names(flat), listed("flat", 1, ProjectStatus.ACTIVE));
        assertEquals(List.of(current.toString()), listed("flat", 1, ProjectStatus.ARCHIVED));
        assertEquals(names(wide.stream().filter(id -> id.seq() % 2 == 0).toList()),
                listed("wide", 4, ProjectStatus.PAUSED));
        assertEquals(names(wide.stream().filter(id -> id.seq() % 2 != 0).toList()),
                listed("wide", 4, ProjectStatus.ACTIVE));
        // Exactly the keys workspace-service writes, on the project's shard; content and version untouched.
        ProjectId sample = wide.get(4);
        Map<String, AttributeValue> item = stored("wide", 4, sample);
        IndexKey expected = WorkspaceKeys.projectWorkspaceStatusIndex("wide", 4, ProjectStatus.ACTIVE, sample);
        assertEquals(expected.pk(), item.get(TableSchema.GSI1PK).s());
        assertEquals(expected.sk(), item.get(TableSchema.GSI1SK).s());
        assertEquals("3", item.get(TableSchema.VERSION).n());
        assertNull(stored("gone", 1, new ProjectId(2025, 1)).get(TableSchema.GSI1PK));
        assertNull(stored("flat", 1, new ProjectId(2024, 9)).get(TableSchema.GSI1PK));

        // A second run from scratch reads every project again and writes nothing: the table is exactly as it was.
        List<Map<String, AttributeValue>> before = everything();
        BackfillReport second = backfill(dynamo, 2, 5, "second.state").run(0);
        assertEquals(0, second.written());
        assertEquals(20, second.alreadyDone());
        assertEquals(before, everything());
    }

    /**
     * A client that, the first time the backfill reads the workspace's META (after reading the project, before
     * writing it), lets {@code change} run against the real table.
     */
    private DynamoDbClient changingOnFirstMetaRead(AtomicBoolean changed, Runnable change) {
        return (DynamoDbClient) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                    Object result;
                    try {
                        result = method.invoke(dynamo, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    if (method.getName().equals("getItem") && changed.compareAndSet(false, true)) {
                        change.run();
                    }
                    return result;
                });
    }

    @Test
    void aProjectRenamedMeanwhileKeepsItsNewTitleAndIsIndexedFromWhatItIsNow() throws Exception {
        workspace("w", 2);
        ProjectId id = new ProjectId(2025, 1);
        project("w", 2, id, ProjectStatus.ACTIVE, false);
        // A title change as every version of the service makes it: version moved, no GSI1 keys written.
        AtomicBoolean changed = new AtomicBoolean();
        DynamoDbClient client = changingOnFirstMetaRead(changed, () -> dynamo.updateItem(r -> r.tableName(table)
                .key(WorkspaceKeys.project("w", 2, id).toAttributes())
                .updateExpression("SET title = :t, #v = #v + :one")
                .expressionAttributeNames(Map.of("#v", TableSchema.VERSION))
                .expressionAttributeValues(Map.of(":t", s("renamed"), ":one", n(1)))));

        BackfillReport report = backfill(client, 1, 10, "renamed.state").run(0);
        assertTrue(changed.get());
        assertEquals(1, report.written(), "refused at the version it read, then written at the one it read again");
        Map<String, AttributeValue> item = stored("w", 2, id);
        assertEquals("renamed", item.get("title").s());
        assertEquals("4", item.get(TableSchema.VERSION).n());
        assertEquals(List.of(id.toString()), listed("w", 2, ProjectStatus.ACTIVE));
    }

    @Test
    void aStatusChangeMadeMeanwhileIsNotOverwritten() throws Exception {
        workspace("w", 1);
        ProjectId id = new ProjectId(2025, 1);
        project("w", 1, id, ProjectStatus.ACTIVE, false);
        // A replica of the previous version moves the project to PAUSED, writing both GSI1 keys of that status.
        IndexKey paused = WorkspaceKeys.projectWorkspaceStatusIndex("w", 1, ProjectStatus.PAUSED, id);
        AtomicBoolean changed = new AtomicBoolean();
        DynamoDbClient client = changingOnFirstMetaRead(changed, () -> dynamo.updateItem(r -> r.tableName(table)
                .key(WorkspaceKeys.project("w", 1, id).toAttributes())
                .updateExpression("SET #s = :s, GSI1PK = :pk, GSI1SK = :sk, #v = #v + :one")
                .expressionAttributeNames(Map.of("#s", StoredAttributes.STATUS, "#v", TableSchema.VERSION))
                .expressionAttributeValues(Map.of(":s", s("PAUSED"), ":pk", s(paused.pk()), ":sk", s(paused.sk()),
                        ":one", n(1)))));

        BackfillReport report = backfill(client, 1, 10, "moved.state").run(0);
        assertTrue(changed.get());
        assertEquals(0, report.written());
        assertEquals(1, report.changedMeanwhile());
        assertEquals(List.of(), listed("w", 1, ProjectStatus.ACTIVE), "not put back under the status it was read with");
        assertEquals(List.of(id.toString()), listed("w", 1, ProjectStatus.PAUSED));
    }

    @Test
    void aRunInterruptedAfterSomeProjectsResumesFromItsSavedPosition() throws Exception {
        workspace("w", 1);
        List<ProjectId> all = ids(15);
        all.forEach(id -> project("w", 1, id, ProjectStatus.ACTIVE, false));

        // It stops at the first page boundary after six projects (a page of three items may hold the META too).
        BackfillReport interrupted = backfill(dynamo, 1, 3, "run.state").run(6);
        assertFalse(interrupted.finished());
        long first = interrupted.read();
        assertTrue(first >= 6 && first <= 8, () -> first + " read");
        assertEquals(first, interrupted.written());
        assertEquals(first, listed("w", 1, ProjectStatus.ACTIVE).size());
        assertTrue(Files.readString(dir.resolve("run.state")).contains("segment.0=PK="));

        BackfillReport resumed = backfill(dynamo, 1, 3, "run.state").run(0);
        assertTrue(resumed.finished());
        assertEquals(15 - first, resumed.read(), "goes on after the first ones, does not read them again");
        assertEquals(15 - first, resumed.written());
        assertEquals(names(all), listed("w", 1, ProjectStatus.ACTIVE));
    }
}
