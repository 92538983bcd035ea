package dev.trident.keys.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trident.keys.TableSchema;
import dev.trident.keys.entity.Attribute;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class UpdateExpressionBuilderTest {
    @Test
    void buildsSetAddRemoveWithCondition() {
        UpdateExpressionBuilder.UpdateExpression u = new UpdateExpressionBuilder()
                .set("title", AttributeValue.fromS("New"))
                .setIfNotExists("createdAt", AttributeValue.fromS("2026-05-01T00:00:00Z"))
                .add("version", 1)
                .remove("bio")
                .condition(Conditions.ITEM_EXISTS)
                .condition(Conditions.versionEquals(3))
                .build();
        assertEquals("SET #n0 = :v0, #n1 = if_not_exists(#n1, :v1) ADD #n2 :v2 REMOVE #n3", u.updateExpression());
        assertEquals("(attribute_exists(#n4)) AND (#n2 = :v3)", u.conditionExpression());
        assertEquals(Map.of("#n0", "title", "#n1", "createdAt", "#n2", "version", "#n3", "bio", "#n4", "PK"),
                u.names());
        assertEquals(Map.of(":v0", AttributeValue.fromS("New"), ":v1", AttributeValue.fromS("2026-05-01T00:00:00Z"),
                ":v2", AttributeValue.fromN("1"), ":v3", AttributeValue.fromN("3")), u.values());
    }

    @Test
    void aTypedSetIfNotExistsWritesTheEncodedValueAndNothingForAnAbsentOne() {
        Attribute<String> owner = Attribute.string("ownerId");
        Attribute<Long> count = Attribute.number("count");
        UpdateExpressionBuilder.UpdateExpression u = new UpdateExpressionBuilder()
                .setIfNotExists(owner, "u1")
                .setIfNotExists(Attribute.string("note"), "")
                .add(count, 1)
                .build();
        assertEquals("SET #n0 = if_not_exists(#n0, :v0) ADD #n1 :v1", u.updateExpression());
        assertEquals(Map.of("#n0", "ownerId", "#n1", "count"), u.names());
        assertEquals(AttributeValue.fromS("u1"), u.values().get(":v0"));
    }

    @Test
    void removeOnlyHasNoValues() {
        UpdateExpressionBuilder.UpdateExpression u = new UpdateExpressionBuilder().remove("grade").build();
        assertEquals("REMOVE #n0", u.updateExpression());
        assertNull(u.conditionExpression());
        assertNull(u.valuesOrNull());
    }

    @Test
    void rejectsOverlapsAndEmptyUpdates() {
        assertThrows(IllegalArgumentException.class,
                () -> new UpdateExpressionBuilder().set("a", AttributeValue.fromS("x")).remove("a"));
        assertThrows(IllegalStateException.class, () -> new UpdateExpressionBuilder().build());
    }

    @Test
    void standaloneConditions() {
        Expression e = Conditions.render(Conditions.ITEM_NOT_EXISTS);
        assertEquals("attribute_not_exists(#n0)", e.expression());
        assertEquals(Map.of("#n0", "PK"), e.names());
        assertNull(e.valuesOrNull());

        Expression cap = Conditions.render(Conditions.and(Conditions.attributeExists("PK"),
                Conditions.or(Conditions.attributeNotExists("capacity"),
                        Conditions.lessThanAttribute("enrolledCount", "capacity"))));
        assertEquals("(attribute_exists(#n0)) AND ((attribute_not_exists(#n1)) OR (#n2 < #n1))", cap.expression());
        assertEquals(Map.of("#n0", "PK", "#n1", "capacity", "#n2", "enrolledCount"), cap.names());

        Expression lt = Conditions.render(Conditions.lessThan("n", AttributeValue.fromN("5")));
        assertEquals("#n0 < :v0", lt.expression());
    }

    @Test
    void typedConditionsCompareWithTheValueInTheFormItsAttributeStoresIt() {
        Attribute<String> createdAt = Attribute.string("createdAt");
        Attribute<Long> count = Attribute.number("enrolledCount");
        Attribute<Integer> shards = Attribute.integer("shards");
        Attribute<Set<String>> instructors = Attribute.stringSet("instructorIds");
        Attribute<String> role = Attribute.string("role");
        Expression e = Conditions.render(Conditions.and(Conditions.equalTo(createdAt, "2026-05-01T00:00:00Z"),
                Conditions.lessThan(shards, 4), Conditions.atMost(count, 30L), Conditions.greaterThan(count, 0L),
                Conditions.contains(instructors, "i1"), Conditions.in(role, List.of("owner", "admin"))));
        assertEquals("(((((#n0 = :v0) AND (#n1 < :v1)) AND (#n2 <= :v2)) AND (#n2 > :v3)) AND (contains(#n3, :v4)))"
                + " AND (#n4 IN (:v5, :v6))", e.expression());
        assertEquals(Map.of("#n0", "createdAt", "#n1", "shards", "#n2", "enrolledCount", "#n3", "instructorIds",
                "#n4", "role"), e.names());
        assertEquals(Map.of(":v0", AttributeValue.fromS("2026-05-01T00:00:00Z"), ":v1", AttributeValue.fromN("4"),
                ":v2", AttributeValue.fromN("30"), ":v3", AttributeValue.fromN("0"), ":v4", AttributeValue.fromS("i1"),
                ":v5", AttributeValue.fromS("owner"), ":v6", AttributeValue.fromS("admin")), e.values());
    }

    @Test
    void aTypedConditionRefusesAValueStoredAsAbsent() {
        Attribute<String> title = Attribute.string("title");
        assertThrows(IllegalArgumentException.class, () -> Conditions.render(Conditions.equalTo(title, "")));
        assertThrows(IllegalArgumentException.class, () -> Conditions.render(Conditions.lessThan(title, null)));
        assertThrows(IllegalArgumentException.class, () -> Conditions.in(title, List.of()));
        assertThrows(IllegalArgumentException.class, () -> Conditions.contains(Attribute.stringSet("s"), ""));
    }

    @Test
    void setIndexPartitionMovesOnlyTheIndexPartitionKey() {
        UpdateExpressionBuilder.UpdateExpression u = new UpdateExpressionBuilder()
                .setIndexPartition(TableSchema.GSI2, "PROJSTATUS#ACTIVE#3")
                .build();
        assertEquals("SET #n0 = :v0", u.updateExpression());
        assertEquals(Map.of("#n0", "GSI2PK"), u.names());
        assertEquals(Map.of(":v0", AttributeValue.fromS("PROJSTATUS#ACTIVE#3")), u.values());
        assertThrows(IllegalArgumentException.class, () -> new UpdateExpressionBuilder().setIndexPartition("GSI9", "x"));
        assertThrows(IllegalArgumentException.class,
                () -> new UpdateExpressionBuilder().setIndexPartition(TableSchema.GSI1, ""));
    }
}
