package dev.trident.keys;

import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The key of an item in a secondary index (GSI1 or GSI2). */
public record IndexKey(String indexName, String pk, String sk) {
    public IndexKey {
        TableSchema.requireIndex(indexName);
        Objects.requireNonNull(pk, "pk");
        Objects.requireNonNull(sk, "sk");
    }

    public String pkAttribute() {
        return TableSchema.partitionKeyOf(indexName);
    }

    public String skAttribute() {
        return TableSchema.sortKeyOf(indexName);
    }

    /** The index key attributes to put on the item, e.g. GSI1PK/GSI1SK. */
    public Map<String, AttributeValue> toAttributes() {
        return Map.of(pkAttribute(), AttributeValue.fromS(pk), skAttribute(), AttributeValue.fromS(sk));
    }
}
