package dev.trident.keys;

import java.util.Map;
import java.util.Objects;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The primary key (PK, SK) of one item. */
public record ItemKey(String pk, String sk) {
    public ItemKey {
        Objects.requireNonNull(pk, "pk");
        Objects.requireNonNull(sk, "sk");
    }

    /** The key of an item read from the table (any projection that holds PK and SK). */
    public static ItemKey of(Map<String, AttributeValue> item) {
        return new ItemKey(item.get(TableSchema.PK).s(), item.get(TableSchema.SK).s());
    }

    public Map<String, AttributeValue> toAttributes() {
        return Map.of(TableSchema.PK, AttributeValue.fromS(pk), TableSchema.SK, AttributeValue.fromS(sk));
    }
}
