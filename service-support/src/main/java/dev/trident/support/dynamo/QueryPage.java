package dev.trident.support.dynamo;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One page a Query read: its items (none for a {@link KeyQuery#countOnly} query), how many there were, and the key
 * the next page starts after (null: this was the last).
 */
public record QueryPage(List<Map<String, AttributeValue>> items, int count, PageKey next) {

    public boolean hasNext() {
        return next != null;
    }
}
