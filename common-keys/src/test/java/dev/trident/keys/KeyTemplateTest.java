package dev.trident.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class KeyTemplateTest {
    private static final KeyPart<String> ID = KeyPart.id("id");
    private static final KeyPart<Integer> SHARD = KeyPart.shard("shard");
    private static final KeyTemplate SHARDED = KeyTemplate.of("BOX", ID).optionally(SHARD);

    @Test
    void aTemplateBuildsTheKeyItReadsBack() {
        KeyTemplate edge = KeyTemplate.of("ENROLL", KeyTemplate.of("CRS", ID));
        assertEquals("ENROLL#CRS#c1", edge.build("c1"));
        assertEquals("c1", edge.read("id", "ENROLL#CRS#c1").get(ID));
        assertEquals("ENROLL#CRS#", edge.prefix());
        assertEquals("ENROLL#CRS#<id>", edge.toString());
        assertEquals("PROFILE", KeyTemplate.of("PROFILE").build());
        assertEquals("PROFILE", KeyTemplate.of("PROFILE").prefix());
    }

    @Test
    void anOptionalTailIsWrittenWhenGivenAndReadWhenPresent() {
        assertEquals("BOX#b1#3", SHARDED.build("b1", 3));
        assertEquals("BOX#b1", SHARDED.build("b1", null));
        assertEquals("BOX#b1", SHARDED.build("b1"));
        assertEquals(Optional.of(3), SHARDED.read("id", "BOX#b1#3").find(SHARD));
        assertEquals(Optional.empty(), SHARDED.read("id", "BOX#b1").find(SHARD));
        assertEquals("BOX#<id>[#<shard>]", SHARDED.toString());
        assertThrows(IllegalStateException.class, () -> SHARDED.then("MORE"));
    }

    @Test
    void aForeignKeyDoesNotMatchAndMatchingNeverThrows() {
        for (String foreign : new String[] {null, "", "BOX", "BOX#", "BOX#b1#03", "BOX#b1#16", "BOX#b1#x", "BOX#b#1#2",
                "BOXES#b1", "box#b1", "BOX#b 1"}) {
            assertFalse(SHARDED.matches(foreign), String.valueOf(foreign));
        }
        assertTrue(SHARDED.matches("BOX#b1#15"));
        KeyTemplate months = KeyTemplate.of("TIMELINE", "MONTHS");
        assertTrue(months.matches("TIMELINE#MONTHS"));
        for (String foreign : new String[] {"TIMELINE#MONTHSX", "TIMELINE#MONTH", "TIMELINE#MONTHS#1"}) {
            assertFalse(months.matches(foreign), foreign);
        }
        KeyTemplate edge = KeyTemplate.of("ENROLL", "CRS", ID);
        assertFalse(edge.matches("ENROLL#CRSX#c1"));
        assertFalse(edge.matches("ENROLL#CR#c1"));
    }

    @Test
    void readingAForeignKeyNamesThePartThatIsWrong() {
        assertEquals("shard", assertThrows(InvalidKeyException.class, () -> SHARDED.read("box", "BOX#b1#03")).field());
        assertEquals("id", assertThrows(InvalidKeyException.class, () -> SHARDED.read("box", "BOX#-b#1")).field());
        assertEquals("box", assertThrows(InvalidKeyException.class, () -> SHARDED.read("box", "CRATE#b1")).field());
        assertEquals("box", assertThrows(InvalidKeyException.class, () -> SHARDED.read("box", "BOX#b#1#2")).field());
    }

    @Test
    void buildingRefusesAValueOutsideItsPartNamingThePart() {
        assertEquals("id", assertThrows(InvalidKeyException.class, () -> SHARDED.build("b#1", 0)).field());
        assertEquals("shard", assertThrows(InvalidKeyException.class, () -> SHARDED.build("b1", 16)).field());
        assertThrows(IllegalArgumentException.class, () -> SHARDED.build("b1", 1, 2));
        assertThrows(IllegalArgumentException.class, () -> KeyTemplate.of("A#B"));
    }

    @Test
    void aDecodedKeyShowsEachPartAsAReaderKnowsIt() {
        KeyTemplate entry = KeyTemplate.of(KeyParts.CREATED_AT, KeyParts.WORKSPACE_ID, KeyParts.PROJECT_ID);
        Instant createdAt = Instant.parse("2026-05-01T10:15:30.120Z");
        String key = entry.build(createdAt, "w1", new ProjectId(2026, 42));
        assertEquals("2026-05-01T10:15:30.120Z#w1#2026-0042", key);
        Map<String, String> shown = new LinkedHashMap<>();
        shown.put("createdAt", "2026-05-01T10:15:30.120Z");
        shown.put("wsId", "w1");
        shown.put("projectId", "2026-0042");
        assertEquals(shown, entry.read("entry", key).shown());
        assertEquals("PROJ#2026-000042", KeyTemplate.of("PROJ", KeyParts.SORTED_PROJECT_ID).build(
                new ProjectId(2026, 42)));
        assertEquals(Map.of("projectId", "2026-0042"), KeyTemplate.of("PROJ", KeyParts.SORTED_PROJECT_ID)
                .read("projectId", "PROJ#2026-000042").shown());
    }

    /** The templates of one index's collections spell disjoint keys: classifying a key never depends on order. */
    @Test
    void noTwoCollectionsOfOneIndexSpellTheSameKey() {
        List<String> samples = List.of("USER#u1", "HANDLE#ann", "POST#p1", "TIMELINE#MONTHS", "TIMELINE#2026-05",
                "TIMELINE#2026-05#3", "STU#s1", "CRS#c1", "TERM#2026-fall#3", "STU#s1#TERM#2026-fall", "WS#w1",
                "WS#w1#3", "WS#w1#STATUS#ACTIVE#3", "PROJSTATUS#ACTIVE#3",
                "IDEM#" + "a".repeat(64), "ERASURE#u1", "WORK#social", "WORK#social#3");
        for (String key : samples) {
            for (String index : new String[] {null, TableSchema.GSI1, TableSchema.GSI2}) {
                long matching = ItemCollection.values().stream()
                        .filter(c -> java.util.Objects.equals(c.indexName(), index))
                        .filter(c -> c.partitionKey().matches(key)).count();
                assertTrue(matching <= 1, key + " in " + index);
            }
        }
    }
}
