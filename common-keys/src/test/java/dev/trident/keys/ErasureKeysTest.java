package dev.trident.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ErasureKeysTest {

    @Test
    void erasureRecordAndWorkTasksSpellAndParseBack() {
        assertEquals(new ItemKey("ERASURE#u1", "ERASURE"), ErasureKeys.record("u1"));
        assertEquals("u1", ErasureKeys.parseRecordPk("ERASURE#u1"));
        assertEquals(new ItemKey("WORK#social", "TASK#erase-user#u1"), WorkKeys.task("social", "erase-user", "u1"));
        assertEquals("WORK#workspace", WorkKeys.workPartition("workspace"));
        assertEquals("social", WorkKeys.parseWorkPartition("WORK#social"));
        assertEquals(new WorkKeys.Task("erase-user", "u.1-x"), WorkKeys.parseTaskSk("TASK#erase-user#u.1-x"));
        assertEquals(new IndexKey("GSI1", "USER#u1", "COMMENT#c1"), SocialKeys.commentByAuthor("u1", "c1"));
    }

    @Test
    void foreignOrMalformedPartsAreRefused() {
        assertEquals("userId", assertThrows(InvalidKeyException.class, () -> ErasureKeys.record("u#1")).field());
        assertEquals("service", assertThrows(InvalidKeyException.class, () -> WorkKeys.workPartition("Social")).field());
        assertEquals("kind", assertThrows(InvalidKeyException.class, () -> WorkKeys.task("social", "erase#x", "u")).field());
        assertEquals("id", assertThrows(InvalidKeyException.class, () -> WorkKeys.task("social", "erase", "u#1")).field());
        assertEquals("task", assertThrows(InvalidKeyException.class, () -> WorkKeys.parseTaskSk("TASK#erase")).field());
        assertEquals("id", assertThrows(InvalidKeyException.class,
                () -> WorkKeys.parseTaskSk("TASK#erase-user#u#1")).field());
    }
}
