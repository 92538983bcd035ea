package dev.trident.support.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.entity.GuardedAttribute;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A stored item read as it is: names in order, each value's DynamoDB type and plain value, and its size. */
class StoredItemTest {

    private static final StoredItem ITEM = StoredItem.of(Map.of(
            "PK", AttributeValue.fromS("STU#ada"),
            "year", AttributeValue.fromN("2"),
            "active", AttributeValue.fromBool(true),
            "gone", AttributeValue.fromNul(true),
            "ids", AttributeValue.fromSs(List.of("a", "b")),
            "tags", AttributeValue.fromL(List.of(AttributeValue.fromS("x"))),
            "extra", AttributeValue.fromM(Map.of("k", AttributeValue.fromS("v"), "l", AttributeValue.fromN("1"))),
            "blob", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[2]))));

    @Test
    void eachValueIsReadWithItsDynamoDbTypeAndItsPlainValue() {
        assertEquals("S", ITEM.value("PK").type());
        assertEquals("STU#ada", ITEM.value("PK").text());
        assertEquals("N", ITEM.value("year").type());
        assertEquals("2", ITEM.value("year").text());
        assertEquals("BOOL", ITEM.value("active").type());
        assertEquals(Boolean.TRUE, ITEM.value("active").bool());
        assertEquals("NULL", ITEM.value("gone").type());
        assertEquals("SS", ITEM.value("ids").type());
        assertEquals(List.of("a", "b"), ITEM.value("ids").elements());
        assertEquals("L", ITEM.value("tags").type());
        assertEquals(1, ITEM.value("tags").count());
        assertEquals("M", ITEM.value("extra").type());
        assertEquals(2, ITEM.value("extra").count());
        assertEquals("B", ITEM.value("blob").type());
        assertNull(ITEM.value("blob").text());
    }

    @Test
    void namesComeInNameOrderAndOnlyAStringReadsAsText() {
        assertEquals(List.of("PK", "active", "blob", "extra", "gone", "ids", "tags", "year"), List.copyOf(ITEM.names()));
        assertTrue(ITEM.has("year"));
        assertFalse(ITEM.has("title"));
        assertNull(ITEM.value("title"));
        assertEquals("STU#ada", ITEM.text("PK"));
        assertNull(ITEM.text("year"));
        assertNull(ITEM.text("title"));
    }

    @Test
    void aWithheldAttributeAndWhatMovesWithItAreNotShownNorCounted() {
        StoredItem edge = StoredItem.of(Map.of("PK", AttributeValue.fromS("STU#ada"),
                "SK", AttributeValue.fromS("ENROLL#CRS#cs101"), "grade", AttributeValue.fromS("A"),
                "version", AttributeValue.fromN("3")));
        StoredItem shown = edge.withheld(GuardedAttribute.GRADE);
        assertFalse(shown.has("grade"));
        assertFalse(shown.has("version"));
        assertEquals(edge.size() - ("grade".length() + 1) - ("version".length() + 2), shown.size());
    }
}
