package dev.trident.support.dynamo;

import dev.trident.keys.TableSchema;
import dev.trident.keys.cursor.CursorState;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where a page of a Query ended, or where a list resumes after one item: the key the next page starts after. The
 * service layer passes it back to the repository that gave it, and never looks inside; a cursor carries it as a
 * position ({@link #cursorPosition()}).
 */
public record PageKey(Map<String, AttributeValue> key) {

    /** The key a Query on the table or on {@code indexName} resumes after, from the item it ended on. */
    public static PageKey of(Map<String, AttributeValue> item, String indexName) {
        Map<String, AttributeValue> key = new LinkedHashMap<>();
        key.put(TableSchema.PK, item.get(TableSchema.PK));
        key.put(TableSchema.SK, item.get(TableSchema.SK));
        if (indexName != null) {
            String pk = TableSchema.partitionKeyOf(indexName);
            String sk = TableSchema.sortKeyOf(indexName);
            key.put(pk, item.get(pk));
            key.put(sk, item.get(sk));
        }
        return new PageKey(key);
    }

    /** The key as a cursor's position holds it (key attribute name to string). */
    public Map<String, String> cursorPosition() {
        return CursorState.keyStrings(key);
    }

    /** The key a cursor's position names; it came from a client, so a query checks its partition before using it. */
    public static PageKey fromCursorPosition(Map<String, String> position) {
        return new PageKey(CursorState.keyAttributes(position));
    }
}
