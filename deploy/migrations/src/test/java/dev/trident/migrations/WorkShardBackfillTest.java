package dev.trident.migrations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EntityType;
import dev.trident.keys.ItemKey;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkKeys;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The move of pending work into its shards on a real DynamoDB Local: a fresh table per test. */
class WorkShardBackfillTest extends LocalTableTest {

    private static final String REQUESTED = "2026-11-01T10:00:00Z";

    /** A task as a service wrote it before the work was sharded. */
    private void legacyTask(String service, String kind, String id, Map<String, AttributeValue> extra) {
        put(WorkKeys.legacyTask(service, kind, id), service, kind, id, extra);
    }

    private void put(ItemKey key, String service, String kind, String id, Map<String, AttributeValue> extra) {
        Map<String, AttributeValue> item = new HashMap<>(key.toAttributes());
        item.put(TableSchema.TYPE, s(EntityType.WORK_ITEM.typeName()));
        item.put("service", s(service));
        item.put("kind", s(kind));
        item.put("taskId", s(id));
        item.put("createdAt", s(REQUESTED));
        item.putAll(extra);
        dynamo.putItem(r -> r.tableName(table).item(item));
    }

    private Map<String, AttributeValue> get(ItemKey key) {
        return dynamo.getItem(r -> r.tableName(table).key(key.toAttributes()).consistentRead(true)).item();
    }

    private long legacyLeft() {
        return everything().stream().filter(item -> EntityType.WORK_ITEM.typeName().equals(item.get("_type").s()))
                .filter(item -> WorkKeys.parsePartition(item.get(TableSchema.PK).s()).legacy()).count();
    }

    private WorkShardBackfill backfill(int segments, int pageSize, String stateName) {
        return new WorkShardBackfill(dynamo, table, segments, pageSize, dir.resolve(stateName));
    }

    @Test
    void legacyTasksMoveToTheirShardWithTheirLeaseAndARerunChangesNothing() throws Exception {
        long leaseUntil = 4_102_444_800_000L;
        legacyTask("social", "delete-post", "ada", Map.of("leaseOwner", s("old-replica/7"),
                "leaseUntil", AttributeValue.fromN(Long.toString(leaseUntil)), "attempts", AttributeValue.fromN("2")));
        legacyTask("enrollment", "erase-user", "bob", Map.of("scope", s("ALL")));
        legacyTask("workspace", "delete-workspace", "w1", Map.of());

        BackfillReport first = backfill(2, 10, "first.state").run(0);
        assertTrue(first.finished());
        assertEquals(3, first.written());
        assertEquals(0, legacyLeft());
        Map<String, AttributeValue> moved = get(WorkKeys.task("social", "delete-post", "ada"));
        assertEquals("old-replica/7", moved.get("leaseOwner").s(), "the lease goes with the task");
        assertEquals(Long.toString(leaseUntil), moved.get("leaseUntil").n());
        assertEquals("2", moved.get("attempts").n());
        assertEquals(REQUESTED, moved.get("createdAt").s(), "its age goes with it too");
        assertEquals("ALL", get(WorkKeys.task("enrollment", "erase-user", "bob")).get("scope").s());
        assertTrue(get(WorkKeys.task("workspace", "delete-workspace", "w1")).containsKey("taskId"));
        assertTrue(get(WorkKeys.legacyTask("social", "delete-post", "ada")).isEmpty());

        List<Map<String, AttributeValue>> before = everything();
        BackfillReport second = backfill(3, 7, "second.state").run(0);
        assertEquals(0, second.written());
        assertEquals(3, second.alreadyDone());
        assertEquals(before, everything());
    }

    @Test
    void aLegacyTaskANewerTaskInItsShardSupersedesIsDeleted() throws Exception {
        legacyTask("enrollment", "delete-course", "c1", Map.of("attempts", AttributeValue.fromN("4")));
        put(WorkKeys.task("enrollment", "delete-course", "c1"), "enrollment", "delete-course", "c1", Map.of());

        BackfillReport report = backfill(1, 10, "superseded.state").run(0);
        assertEquals(0, report.written());
        assertEquals(0, legacyLeft());
        assertFalse(get(WorkKeys.task("enrollment", "delete-course", "c1")).containsKey("attempts"),
                "the newer task stands as it was");
    }

    @Test
    void aRunInterruptedPartWayResumesFromItsSavedPosition() throws Exception {
        List<String> ids = IntStream.range(0, 25).mapToObj(i -> String.format("u%02d", i)).toList();
        ids.forEach(id -> legacyTask("social", "erase-user", id, Map.of()));

        BackfillReport interrupted = backfill(1, 5, "run.state").run(10);
        assertFalse(interrupted.finished());
        assertTrue(interrupted.written() > 0 && interrupted.written() <= 10, interrupted.toString());
        assertEquals(25 - interrupted.written(), legacyLeft());

        BackfillReport resumed = backfill(1, 5, "run.state").run(0);
        assertTrue(resumed.finished());
        assertEquals(25, interrupted.written() + resumed.written(), "each task moved once over the two runs");
        assertEquals(0, legacyLeft());
        for (String id : ids) {
            assertTrue(WorkKeys.inItsShard(ItemKey.of(get(WorkKeys.task("social", "erase-user", id)))), id);
        }
        assertEquals(0, backfill(1, 5, "run.state").run(0).read(), "a finished run does nothing more");
    }
}
