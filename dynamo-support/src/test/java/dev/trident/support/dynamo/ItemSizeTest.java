package dev.trident.support.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Item sizes by DynamoDB's documented rules (attribute names count; numbers by significant digits). */
class ItemSizeTest {

    @Test
    void stringsCountTheirUtf8BytesAndTheNameOfTheirAttribute() {
        assertEquals(2 + 11, ItemSize.of(Map.of("PK", AttributeValue.fromS("STU#grace12"))));
        // "é" is two bytes in UTF-8.
        assertEquals(4 + 5, ItemSize.of(Map.of("name", AttributeValue.fromS("José"))));
    }

    @Test
    void numbersCountOneBytePerTwoSignificantDigitsPlusOne() {
        assertEquals(1 + 1, ItemSize.number("7"));
        assertEquals(1 + 1, ItemSize.number("12"));
        assertEquals(2 + 1, ItemSize.number("123"));
        // Leading and trailing zeros are trimmed.
        assertEquals(1 + 1, ItemSize.number("1000"));
        assertEquals(1 + 1, ItemSize.number("0.05"));
        assertEquals(4 + 1 + 1, ItemSize.of(Map.of("year", AttributeValue.fromN("2"))));
    }

    @Test
    void booleansNullsBinariesSetsListsAndMapsFollowTheirOwnRules() {
        assertEquals(1 + 1, ItemSize.of(Map.of("b", AttributeValue.fromBool(true))));
        assertEquals(1 + 1, ItemSize.of(Map.of("n", AttributeValue.fromNul(true))));
        assertEquals(1 + 3, ItemSize.of(Map.of("x", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[3])))));
        assertEquals(3 + 3 + 2, ItemSize.of(Map.of("ids", AttributeValue.fromSs(List.of("ann", "bo")))));
        // A list: 3 bytes, and per element 1 byte and its value.
        assertEquals(1 + 3 + (1 + 2) + (1 + 2), ItemSize.of(Map.of("l",
                AttributeValue.fromL(List.of(AttributeValue.fromS("ab"), AttributeValue.fromN("5"))))));
        // A map: 3 bytes, and per element 1 byte, its name and its value.
        assertEquals(1 + 3 + (1 + 1 + 2), ItemSize.of(Map.of("m", AttributeValue.fromM(Map.of("k",
                AttributeValue.fromS("vv"))))));
    }
}
