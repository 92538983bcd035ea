package dev.trident.support.dynamo;

import dev.trident.keys.entity.Attribute;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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

    /**
     * One attribute of every item, in order, for a query that projects it (a keys-only read of an index); an item
     * without it is left out.
     */
    public <A> List<A> values(Attribute<A> attribute) {
        return items.stream().map(attribute::read).filter(Objects::nonNull).toList();
    }
}
