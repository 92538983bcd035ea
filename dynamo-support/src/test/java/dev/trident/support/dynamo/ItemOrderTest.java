package dev.trident.support.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.WorkspaceKeys;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class ItemOrderTest {

    private static Map<String, AttributeValue> item(String sk) {
        return Map.of("SK", AttributeValue.fromS(sk), "GSI2SK", AttributeValue.fromS("z" + sk));
    }

    private static List<String> sorted(ItemOrder order, String... sortKeys) {
        List<Map<String, AttributeValue>> items = new ArrayList<>();
        for (String sk : sortKeys) {
            items.add(item(sk));
        }
        items.sort(order.items());
        return items.stream().map(i -> i.get("SK").s()).toList();
    }

    @Test
    void aDescendingOrderPutsTheHighestValueOfItsAttributeFirst() {
        assertEquals(List.of("PROJ#2026-000003", "PROJ#2026-000002", "PROJ#2025-000009"),
                sorted(ItemOrder.descending("SK"), "PROJ#2026-000002", "PROJ#2025-000009", "PROJ#2026-000003"));
    }

    @Test
    void anAscendingOrderPutsTheLowestValueOfItsAttributeFirst() {
        assertEquals(List.of("a", "b", "c"), sorted(ItemOrder.ascending("GSI2SK"), "c", "a", "b"));
    }

    @Test
    void aPatternsOrderIsTheSortKeyOfWhatItReadsInItsDirection() {
        AccessPattern table = AccessPattern.reads("projects", WorkspaceKeys.WORKSPACE_COLLECTION).newestFirst();
        AccessPattern index = AccessPattern.reads("catalogue", EnrollmentKeys.COURSES_BY_TERM_COLLECTION);

        assertEquals("SK descending", ItemOrder.of(table).toString());
        assertEquals("GSI2SK ascending", ItemOrder.of(index).toString());
    }
}
