package dev.trident.support.dynamo;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One page a Query read: its items (none for a {@link KeyQuery#countOnly} query), how many there were, the key the
 * next page starts after (null: this was the last), and the read capacity it consumed (null where the table does
 * not say).
 */
public record QueryPage(List<Map<String, AttributeValue>> items, int count, PageKey next, Double capacityUnits) {

    public boolean hasNext() {
        return next != null;
    }
}
