package dev.trident.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ErasureKeysTest {

    @Test
    void erasureRecordAndWorkTasksSpellAndParseBack() {
        assertEquals(new ItemKey("ERASURE#u1", "ERASURE"), ErasureKeys.record("u1"));
        assertEquals("u1", ErasureKeys.parseRecordPk("ERASURE#u1"));
        int shard = Shards.of("erase-user#u1", WorkKeys.WORK_SHARDS);
        assertEquals(new ItemKey("WORK#social#" + shard, "TASK#erase-user#u1"),
                WorkKeys.task("social", "erase-user", "u1"));
        assertEquals(new ItemKey("WORK#social", "TASK#erase-user#u1"),
                WorkKeys.legacyTask("social", "erase-user", "u1"));
        assertEquals("WORK#workspace#15", WorkKeys.workPartition("workspace", 15));
        assertEquals("social", WorkKeys.parseWorkPartition("WORK#social#3"));
        assertEquals(new WorkKeys.WorkPartition("social", OptionalInt.of(3)), WorkKeys.parsePartition("WORK#social#3"));
        assertEquals(new WorkKeys.WorkPartition("social", OptionalInt.empty()), WorkKeys.parsePartition("WORK#social"));
        assertEquals(new WorkKeys.Task("erase-user", "u.1-x"), WorkKeys.parseTaskSk("TASK#erase-user#u.1-x"));
        assertEquals(new IndexKey("GSI1", "USER#u1", "COMMENT#c1"), SocialKeys.commentByAuthor("u1", "c1"));
    }

    @Test
    void foreignOrMalformedPartsAreRefused() {
        assertEquals("userId", assertThrows(InvalidKeyException.class, () -> ErasureKeys.record("u#1")).field());
        assertEquals("service", assertThrows(InvalidKeyException.class,
                () -> WorkKeys.workPartition("Social", 0)).field());
        assertEquals("shard", assertThrows(InvalidKeyException.class,
                () -> WorkKeys.workPartition("social", WorkKeys.WORK_SHARDS)).field());
        assertEquals("shard", assertThrows(InvalidKeyException.class,
                () -> WorkKeys.parsePartition("WORK#social#16")).field());
        assertEquals("shard", assertThrows(InvalidKeyException.class,
                () -> WorkKeys.parsePartition("WORK#social#03")).field());
        assertEquals("kind", assertThrows(InvalidKeyException.class, () -> WorkKeys.task("social", "erase#x", "u")).field());
        assertEquals("taskId", assertThrows(InvalidKeyException.class,
                () -> WorkKeys.task("social", "erase", "u#1")).field());
        assertEquals("task", assertThrows(InvalidKeyException.class, () -> WorkKeys.parseTaskSk("TASK#erase")).field());
        assertEquals("task", assertThrows(InvalidKeyException.class,
                () -> WorkKeys.parseTaskSk("TASK#erase-user#u#1")).field());
    }

    @Test
    void tasksSpreadOverEveryWorkShardAndEachKeyIsInItsOwnShard() {
        Set<String> partitions = new HashSet<>();
        for (int i = 0; i < 400; i++) {
            ItemKey key = WorkKeys.task("social", i % 2 == 0 ? "delete-post" : "erase-user", "u" + i);
            partitions.add(key.pk());
            assertTrue(WorkKeys.inItsShard(key), key.toString());
        }
        assertEquals(new HashSet<>(WorkKeys.workPartitions("social")), partitions);
        assertEquals(16, WorkKeys.workPartitions("social").size());
        assertFalse(WorkKeys.inItsShard(WorkKeys.legacyTask("social", "erase-user", "u1")));
        int shard = WorkKeys.shardOf("erase-user", "u1");
        assertFalse(WorkKeys.inItsShard(new ItemKey(WorkKeys.workPartition("social", (shard + 1) % 16),
                "TASK#erase-user#u1")));
        assertEquals(List.of("service", "shard", "kind", "taskId"),
                List.copyOf(KeyDecoder.decode(WorkKeys.task("social", "erase-user", "u1")).parts().keySet()));
    }
}
