package dev.trident.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ShardsTest {
    @Test
    void fnv1aMatchesReferenceVectors() {
        assertEquals(0x811c9dc5, Shards.fnv1a32(""));
        assertEquals(0xe40c292c, Shards.fnv1a32("a"));
        assertEquals(0xbf9cf968, Shards.fnv1a32("foobar"));
    }

    @Test
    void shardsAreFixedForever() {
        // Changing any of these would move stored items to another partition.
        assertEquals(0, Shards.of("2026-0042", 4));
        assertEquals(13, Shards.of("2026-0001", 16));
        assertEquals(1, Shards.of("w1#2026-0042", 4));
        assertEquals(3, Shards.of("user-123", 8));
        assertEquals(1, Shards.of("é", 16));
        assertEquals(0, Shards.of("anything", 1));
        assertEquals(1, WorkspaceKeys.projectStatusShard("w1", new ProjectId(2026, 42), 4));
        assertEquals(Shards.of("c1", 8), EnrollmentKeys.catalogueShard("c1", 8));
    }

    @Test
    void shardCountIsValidated() {
        assertThrows(InvalidKeyException.class, () -> Shards.of("a", 0));
        assertThrows(InvalidKeyException.class, () -> Shards.of("a", 17));
        assertEquals(Shards.of("a", 16), Shards.of("a", 16));
    }

    @Test
    void projectIdsSpreadOverShards() {
        for (int shards : new int[] {2, 4, 16}) {
            int[] counts = new int[shards];
            int total = 8000;
            for (int seq = 1; seq <= total; seq++) {
                counts[Shards.of(new ProjectId(2026, seq).toString(), shards)]++;
            }
            double expected = (double) total / shards;
            for (int c : counts) {
                assertTrue(Math.abs(c - expected) < expected * 0.25, () -> shards + " shards: " + c);
            }
        }
    }
}
