package dev.trident.keys.cursor;

import dev.trident.keys.TableSchema;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What a cursor carries: ordered position label ("" for one partition, a shard number, a month...) to the key
 * attributes to resume after. Only key attribute names with string values are allowed, so a cursor never
 * smuggles item data; an empty position means "from the start" of that partition.
 */
public record CursorState(Map<String, Map<String, String>> positions) {
    public static final String SINGLE = "";
    public static final int MAX_POSITIONS = 64;

    public CursorState {
        if (positions == null || positions.isEmpty() || positions.size() > MAX_POSITIONS) {
            throw new IllegalArgumentException("a cursor needs 1.." + MAX_POSITIONS + " positions");
        }
        Map<String, Map<String, String>> copy = new LinkedHashMap<>();
        positions.forEach((label, key) -> {
            if (label == null || key == null) {
                throw new IllegalArgumentException("null position");
            }
            Map<String, String> k = new LinkedHashMap<>();
            key.forEach((name, value) -> {
                if (!TableSchema.KEY_ATTRIBUTES.contains(name) || value == null) {
                    throw new IllegalArgumentException("not a key attribute: " + name);
                }
                k.put(name, value);
            });
            copy.put(label, Collections.unmodifiableMap(k));
        });
        positions = Collections.unmodifiableMap(copy);
    }

    /** A cursor for one partition from a Query's LastEvaluatedKey, trimmed to key attributes. */
    public static CursorState single(Map<String, AttributeValue> lastEvaluatedKey) {
        if (lastEvaluatedKey == null || lastEvaluatedKey.isEmpty()) {
            throw new IllegalArgumentException("no LastEvaluatedKey: there is no next page");
        }
        return new CursorState(Map.of(SINGLE, keyStrings(lastEvaluatedKey)));
    }

    /** The ExclusiveStartKey of a single-partition cursor. */
    public Map<String, AttributeValue> singleKey() {
        Map<String, String> key = positions.get(SINGLE);
        if (positions.size() != 1 || key == null || key.isEmpty()) {
            throw new InvalidCursorException("cursor does not fit this listing");
        }
        return keyAttributes(key);
    }

    /** Key attributes only, as strings; a non-string key attribute is a programming error. */
    public static Map<String, String> keyStrings(Map<String, AttributeValue> item) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String name : TableSchema.KEY_ATTRIBUTES) {
            AttributeValue v = item.get(name);
            if (v != null) {
                if (v.s() == null) {
                    throw new IllegalArgumentException("key attribute " + name + " is not a string");
                }
                out.put(name, v.s());
            }
        }
        return out;
    }

    /** The inverse of {@link #keyStrings}: an ExclusiveStartKey. */
    public static Map<String, AttributeValue> keyAttributes(Map<String, String> key) {
        Map<String, AttributeValue> out = new LinkedHashMap<>();
        key.forEach((k, v) -> out.put(k, AttributeValue.fromS(v)));
        return out;
    }
}
