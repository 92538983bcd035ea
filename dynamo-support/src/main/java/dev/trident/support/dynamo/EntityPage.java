package dev.trident.support.dynamo;

import java.util.List;

/**
 * One page a Query read, each item read back as an entity (a {@link DynamoTable} query given the entity's schema):
 * its entries in the order read, the key the next page starts after (null: this was the last), and the read capacity
 * it consumed (null where the table does not say).
 *
 * @param <T> the entity read
 */
public record EntityPage<T>(List<Entry<T>> entries, PageKey next, Double capacityUnits) {

    /**
     * One item read: its value and its key in the table or index read, where a list that ends with it resumes (a
     * cursor's position).
     */
    public record Entry<T>(T value, PageKey key) {
    }

    public boolean hasNext() {
        return next != null;
    }

    /** The values read, in order. */
    public List<T> values() {
        return entries.stream().map(Entry::value).toList();
    }
}
