package dev.trident.keys.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EntityType;
import dev.trident.keys.ItemKey;
import dev.trident.keys.TableSchema;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class EntitySchemaTest {

    record Thing(String id, String title, Long count, List<String> tags, String group) {
    }

    static final Attribute<String> ID = Attribute.string("thingId");
    static final Attribute<String> TITLE = Attribute.string("title");
    static final Attribute<Long> COUNT = Attribute.number("count");
    static final Attribute<List<String>> TAGS = Attribute.strings("tags");

    static final EntitySchema<Thing> THING = EntitySchema.of(EntityType.WORKSPACE, (Thing t) -> new ItemKey("T#" + t.id(), "META"))
            .attribute(ID, Thing::id)
            .attribute(TITLE, Thing::title)
            .attribute(COUNT, Thing::count)
            .attribute(TAGS, Thing::tags)
            .reads(item -> new Thing(ID.read(item), TITLE.read(item), COUNT.read(item, 0L), TAGS.read(item, List.of()),
                    null));

    @Test
    void anItemCarriesKeysTypeAndAttributesAndReadsBackTheSameValue() {
        Thing thing = new Thing("a1", "Title", 3L, List.of("x", "y"), "g");
        Map<String, AttributeValue> item = THING.toItem(thing);
        assertEquals("T#a1", item.get(TableSchema.PK).s());
        assertEquals("META", item.get(TableSchema.SK).s());
        assertEquals("Workspace", item.get(TableSchema.TYPE).s());
        assertEquals("3", item.get("count").n());
        assertEquals(new Thing("a1", "Title", 3L, List.of("x", "y"), null), THING.fromItem(item));
        assertTrue(THING.holds(item));
    }

    static final KeyInput<Integer> SHARDS = KeyInput.named("shards");

    /** One declaration whose primary key takes a shard count that is not the value's own. */
    static final EntitySchema<Thing> SHARDED_THING = EntitySchema
            .of(EntityType.PROJECT,
                    (Thing t, KeyInputs in) -> new ItemKey("T#" + t.id() + "#" + in.get(SHARDS), "META"))
            .attribute(ID, Thing::id)
            .reads(item -> new Thing(ID.read(item), null, 0L, List.of(), null));

    @Test
    void oneDeclarationWritesEveryLayoutItsKeyInputsAreBoundTo() {
        Thing thing = new Thing("a3", null, null, List.of(), "g");
        Map<String, AttributeValue> onTwo = SHARDED_THING.with(KeyInputs.of(SHARDS, 2)).toItem(thing);
        Map<String, AttributeValue> onNine = SHARDED_THING.with(KeyInputs.of(SHARDS, 9)).toItem(thing);
        assertEquals("T#a3#2", onTwo.get(TableSchema.PK).s());
        assertEquals("T#a3#9", onNine.get(TableSchema.PK).s());
        assertEquals(new ItemKey("T#a3#9", "META"), SHARDED_THING.with(KeyInputs.of(SHARDS, 9)).key(thing));
        assertEquals(SHARDED_THING.fromItem(onTwo), SHARDED_THING.fromItem(onNine),
                "an item reads back without the inputs it was written with");
    }

    @Test
    void writingWithAKeyInputNotBoundNamesTheInput() {
        IllegalStateException unbound = assertThrows(IllegalStateException.class,
                () -> SHARDED_THING.toItem(new Thing("a4", null, null, List.of(), "g")));
        assertTrue(unbound.getMessage().contains("shards"), unbound.getMessage());
    }

    @Test
    void absentValuesAreNotStored() {
        Map<String, AttributeValue> item = THING.toItem(new Thing("a2", "", null, List.of(), null));
        assertFalse(item.containsKey("title"), "an empty string is stored as absent");
        assertFalse(item.containsKey("count"));
        assertFalse(item.containsKey("tags"));
        assertEquals(new Thing("a2", null, 0L, List.of(), null), THING.fromItem(item));
    }

    @Test
    void noItemReadsAsNull() {
        assertNull(THING.fromItem(Map.of()));
        assertNull(THING.fromItem(null));
    }

    @Test
    void aStringSetIsStoredAsASetReadBackInOrderAndAnEmptyOneIsAbsent() {
        Attribute<Set<String>> members = Attribute.stringSet("members");
        AttributeValue stored = members.encode(new LinkedHashSet<>(List.of("b", "a")));
        assertEquals(List.of("b", "a"), stored.ss());
        assertEquals(List.of("a", "b"), List.copyOf(members.read(Map.of("members", stored))));
        assertNull(members.encode(Set.of()));
        assertEquals(Set.of(), members.read(Map.of(), Set.of()));
    }

    @Test
    void aTypedUpdateRemovesWhatWouldBeStoredAsAbsentAndLeavesWhatIsNotGiven() {
        var update = new UpdateExpressionBuilder().set(TITLE, "").setIfGiven(TAGS, null).add(COUNT, 2).build();
        assertEquals("ADD #n1 :v0 REMOVE #n0", update.updateExpression());
        assertEquals(Map.of("#n0", "title", "#n1", "count"), update.names());
    }

    @Test
    void theFirstItemOfAnEntityInAMixedCollectionReadsBackAndNoneReadsAsNull() {
        Map<String, AttributeValue> other = Map.of(TableSchema.PK, AttributeValue.fromS("T#a1"),
                TableSchema.SK, AttributeValue.fromS("MEMBER#u1"), TableSchema.TYPE, AttributeValue.fromS("Member"),
                "thingId", AttributeValue.fromS("not-a-thing"));
        Thing thing = new Thing("a1", "Title", 3L, List.of(), null);
        assertEquals(thing, THING.firstIn(List.of(other, THING.toItem(thing))));
        assertNull(THING.firstIn(List.of(other)));
        assertNull(THING.firstIn(List.of()));
    }
}
