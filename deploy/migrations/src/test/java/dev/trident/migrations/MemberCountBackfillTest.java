package dev.trident.migrations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EntityType;
import dev.trident.keys.ProjectId;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkspaceKeys;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The seat-count backfill on a real DynamoDB Local: a fresh table per test, META items as stored before seats were
 * counted.
 */
class MemberCountBackfillTest extends LocalTableTest {

    /**
     * A workspace as workspace-service stored it before seats were counted (no {@code memberCount}; {@code counted}
     * adds it, as it is written now) with {@code members} member edges, the first one its owner.
     */
    private void workspace(String wsId, int members, boolean counted) {
        workspace(wsId, members, 1, counted, true);
    }

    /**
     * A workspace with {@code members} member edges, the first {@code owners} of them owners, its META with
     * {@code memberCount} if {@code membersCounted} and {@code ownerCount} if {@code ownersCounted}.
     */
    private void workspace(String wsId, int members, int owners, boolean membersCounted, boolean ownersCounted) {
        Map<String, AttributeValue> meta = new HashMap<>(WorkspaceKeys.workspace(wsId).toAttributes());
        meta.put(TableSchema.TYPE, s(EntityType.WORKSPACE.typeName()));
        meta.put("wsId", s(wsId));
        meta.put("displayName", s("Workspace " + wsId));
        meta.put("seatLimit", n(100));
        meta.put("shards", n(1));
        if (ownersCounted) {
            meta.put(StoredAttributes.OWNER_COUNT, n(owners));
        }
        meta.put(TableSchema.VERSION, n(1));
        if (membersCounted) {
            meta.put(StoredAttributes.MEMBER_COUNT, n(members));
        }
        dynamo.putItem(r -> r.tableName(table).item(meta));
        for (int i = 0; i < members; i++) {
            String userId = "u" + i;
            Map<String, AttributeValue> edge = new HashMap<>(WorkspaceKeys.member(wsId, userId).toAttributes());
            edge.putAll(WorkspaceKeys.memberIndex(userId, wsId).toAttributes());
            edge.put(TableSchema.TYPE, s(EntityType.MEMBER.typeName()));
            edge.put("wsId", s(wsId));
            edge.put("userId", s(userId));
            edge.put("role", s(i < owners ? "owner" : "member"));
            dynamo.putItem(r -> r.tableName(table).item(edge));
        }
    }

    /** A project in the workspace's partition: not a member edge, so not counted. */
    private void project(String wsId) {
        Map<String, AttributeValue> item = new HashMap<>(
                WorkspaceKeys.project(wsId, 1, new ProjectId(2026, 1)).toAttributes());
        item.put(TableSchema.TYPE, s(EntityType.PROJECT.typeName()));
        dynamo.putItem(r -> r.tableName(table).item(item));
    }

    private Long memberCount(String wsId) {
        return count(wsId, StoredAttributes.MEMBER_COUNT);
    }

    private Long count(String wsId, String attribute) {
        AttributeValue count = dynamo.getItem(r -> r.tableName(table).key(WorkspaceKeys.workspace(wsId).toAttributes())
                .consistentRead(true)).item().get(attribute);
        return count == null ? null : Long.parseLong(count.n());
    }

    private MemberCountBackfill backfill(DynamoDbClient client, int segments, int pageSize, String stateName) {
        return new MemberCountBackfill(client, table, segments, pageSize, dir.resolve(stateName));
    }

    @Test
    void workspacesStoredWithoutASeatCountAreCountedAndARerunChangesNothing() throws Exception {
        List<Integer> sizes = List.of(1, 3, 0, 7, 2, 5, 4, 1, 6);
        for (int i = 0; i < sizes.size(); i++) {
            workspace("old-" + i, sizes.get(i), false);
        }
        workspace("crowded", 250, false);
        workspace("counted", 3, true);
        project("old-1");
        assertNull(memberCount("old-3"));

        BackfillReport first = backfill(dynamo, 3, 4, "first.state").run(0);
        assertTrue(first.finished());
        assertEquals(11, first.read(), "META items only: edges and projects are not workspaces");
        assertEquals(10, first.written());
        assertEquals(1, first.alreadyDone());
        for (int i = 0; i < sizes.size(); i++) {
            assertEquals(sizes.get(i).longValue(), memberCount("old-" + i), "old-" + i);
        }
        assertEquals(250L, memberCount("crowded"));
        assertEquals(3L, memberCount("counted"));

        // A second run from scratch reads every workspace again and writes nothing: the table is exactly as it was.
        List<Map<String, AttributeValue>> before = everything();
        BackfillReport second = backfill(dynamo, 2, 5, "second.state").run(0);
        assertEquals(0, second.written());
        assertEquals(11, second.alreadyDone());
        assertEquals(before, everything());
    }

    @Test
    void workspacesStoredBeforeOwnersWereCountedGetTheirOwnerCountAndAKeptSeatCountStaysAsItIs() throws Exception {
        workspace("neither", 5, 2, false, false);
        workspace("seats-only", 4, 3, true, false);
        workspace("both", 3, 1, true, true);

        BackfillReport report = backfill(dynamo, 2, 3, "owners.state").run(0);
        assertTrue(report.finished());
        assertEquals(2, report.written());
        assertEquals(1, report.alreadyDone());
        assertEquals(5L, memberCount("neither"));
        assertEquals(2L, count("neither", StoredAttributes.OWNER_COUNT));
        assertEquals(4L, memberCount("seats-only"));
        assertEquals(3L, count("seats-only", StoredAttributes.OWNER_COUNT));
        assertEquals(1L, count("both", StoredAttributes.OWNER_COUNT));
    }

    @Test
    void anOwnerCountSetMeanwhileIsNotOverwritten() throws Exception {
        workspace("raced-owners", 3, 2, true, false);
        DynamoDbClient racing = racing("SET ownerCount = :n", "attribute_not_exists(ownerCount)", "raced-owners", 7);

        BackfillReport report = backfill(racing, 1, 10, "raced-owners.state").run(0);
        assertEquals(0, report.written());
        assertEquals(1, report.changedMeanwhile());
        assertEquals(7L, count("raced-owners", StoredAttributes.OWNER_COUNT), "the count set meanwhile stands");
        assertEquals(3L, memberCount("raced-owners"));
    }

    /** A client that, after the first Query, runs {@code update} on the workspace's META as another writer would. */
    private DynamoDbClient racing(String update, String condition, String wsId, long value) {
        AtomicBoolean raced = new AtomicBoolean();
        return (DynamoDbClient) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                    Object result;
                    try {
                        result = method.invoke(dynamo, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                    if (method.getName().equals("query") && raced.compareAndSet(false, true)) {
                        dynamo.updateItem(r -> r.tableName(table).key(WorkspaceKeys.workspace(wsId).toAttributes())
                                .updateExpression(update).conditionExpression(condition)
                                .expressionAttributeValues(Map.of(":n", n(value))));
                    }
                    return result;
                });
    }

    @Test
    void aCountSetMeanwhileIsNotOverwritten() throws Exception {
        workspace("raced", 4, false);
        // A replica of the previous version counts the workspace lazily between the backfill's count and its write
        // (and a member joins right after, as that version allows once the count is there): 5 must stay.
        DynamoDbClient racing = racing("SET memberCount = :n", "attribute_not_exists(memberCount)", "raced", 5);

        BackfillReport report = backfill(racing, 1, 10, "raced.state").run(0);
        assertEquals(0, report.written());
        assertEquals(1, report.changedMeanwhile());
        assertEquals(5L, memberCount("raced"), "the count set meanwhile stands");
    }

    @Test
    void aRunInterruptedAfterSomeWorkspacesResumesFromItsSavedPosition() throws Exception {
        List<String> ids = IntStream.range(0, 10).mapToObj(i -> String.format("w-%02d", i)).toList();
        ids.forEach(id -> workspace(id, 2, false));

        // It stops at the first page boundary after four workspaces (a page of two items may hold edges too).
        BackfillReport interrupted = backfill(dynamo, 1, 2, "run.state").run(4);
        assertFalse(interrupted.finished());
        long first = interrupted.read();
        assertTrue(first >= 4 && first <= 5, () -> first + " read");
        assertEquals(first, interrupted.written());
        assertEquals(first, ids.stream().filter(id -> memberCount(id) != null).count());
        assertTrue(Files.readString(dir.resolve("run.state")).contains("segment.0=PK="));

        BackfillReport resumed = backfill(dynamo, 1, 2, "run.state").run(0);
        assertTrue(resumed.finished());
        assertEquals(10 - first, resumed.read(), "goes on after the first ones, does not read them again");
        assertEquals(10 - first, resumed.written());
        ids.forEach(id -> assertEquals(2L, memberCount(id), id));
        assertEquals(0, backfill(dynamo, 1, 2, "run.state").run(0).read(), "a finished run does nothing");
    }
}
