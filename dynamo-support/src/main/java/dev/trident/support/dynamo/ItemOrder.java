package dev.trident.support.dynamo;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.TableSchema;
import java.util.Comparator;
import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The order of a list merged from several partitions ({@link MergedQuery}), declared as data: the string attribute
 * every item carries (a sort key, an index sort key) and the direction. The keys it names are fixed-width or
 * otherwise ordered as strings, as DynamoDB orders them within a partition.
 */
public final class ItemOrder {

    private final String attribute;
    private final boolean descending;

    private ItemOrder(String attribute, boolean descending) {
        this.attribute = Objects.requireNonNull(attribute, "attribute");
        this.descending = descending;
    }

    /** Highest value of {@code attribute} first, as a Query with newest-first pattern reads a partition. */
    public static ItemOrder descending(String attribute) {
        return new ItemOrder(attribute, true);
    }

    /** Lowest value of {@code attribute} first, as a Query reads a partition by default. */
    public static ItemOrder ascending(String attribute) {
        return new ItemOrder(attribute, false);
    }

    /** The order a pattern's Query reads a partition in: by the sort key of its table or index, in its direction. */
    public static ItemOrder of(AccessPattern pattern) {
        String sortKey = pattern.index() == null ? TableSchema.SK : TableSchema.sortKeyOf(pattern.index());
        return new ItemOrder(sortKey, pattern.isNewestFirst());
    }

    public String attribute() {
        return attribute;
    }

    public boolean isDescending() {
        return descending;
    }

    /** The order of stored items; an item without the attribute is a programming error. */
    Comparator<Map<String, AttributeValue>> items() {
        Comparator<Map<String, AttributeValue>> ascending = Comparator.comparing(item -> item.get(attribute).s());
        return descending ? ascending.reversed() : ascending;
    }

    @Override
    public String toString() {
        return attribute + (descending ? " descending" : " ascending");
    }
}
