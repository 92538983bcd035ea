package dev.trident.support.dynamo;

import dev.trident.keys.entity.GuardedAttribute;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A stored item as it is, whatever entity it holds, for a reader that shows items rather than entities (the
 * explorer): its attribute names, each value's DynamoDB type and plain value ({@link StoredValue}), and its size as
 * DynamoDB counts it. Read-only.
 */
public final class StoredItem {

    private final Map<String, AttributeValue> item;

    private StoredItem(Map<String, AttributeValue> item) {
        this.item = Map.copyOf(item);
    }

    /** The view of an item as a read returned it. */
    public static StoredItem of(Map<String, AttributeValue> item) {
        return new StoredItem(item);
    }

    /** The names of its attributes, in name order. */
    public Set<String> names() {
        return new TreeSet<>(item.keySet());
    }

    public boolean has(String name) {
        return item.containsKey(name);
    }

    /** The value of one attribute; null when the item lacks it. */
    public StoredValue value(String name) {
        AttributeValue value = item.get(name);
        return value == null ? null : new StoredValue(value);
    }

    /** A string attribute ({@code S}), such as a key; null when the item lacks it or it is of another type. */
    public String text(String name) {
        AttributeValue value = item.get(name);
        return value == null ? null : value.s();
    }

    /** Its size as DynamoDB counts it for capacity and its 400 KB limit ({@link ItemSize}). */
    public int size() {
        return ItemSize.of(item);
    }

    /** The item as a caller who may not read {@code guarded} sees it ({@link GuardedAttribute#withheld}). */
    public StoredItem withheld(GuardedAttribute guarded) {
        return new StoredItem(guarded.withheld(item));
    }

    @Override
    public String toString() {
        return item.toString();
    }
}
