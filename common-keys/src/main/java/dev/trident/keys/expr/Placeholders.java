package dev.trident.keys.expr;

import dev.trident.keys.entity.Attribute;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Generates {@code #n}/{@code :v} placeholders, so attribute names never clash with DynamoDB reserved words. */
public final class Placeholders {
    private final Map<String, String> nameToPlaceholder = new LinkedHashMap<>();
    private final Map<String, String> names = new LinkedHashMap<>();
    private final Map<String, AttributeValue> values = new LinkedHashMap<>();

    /** The placeholder of a top-level attribute name; the same name always gets the same placeholder. */
    public String name(String attribute) {
        if (attribute == null || attribute.isEmpty()) {
            throw new IllegalArgumentException("attribute name required");
        }
        return nameToPlaceholder.computeIfAbsent(attribute, a -> {
            String p = "#n" + names.size();
            names.put(p, a);
            return p;
        });
    }

    public String value(AttributeValue value) {
        if (value == null) {
            throw new IllegalArgumentException("value required");
        }
        String p = ":v" + values.size();
        values.put(p, value);
        return p;
    }

    /**
     * The placeholder of a value in the form {@code attribute} stores it; a value stored as absent (null, empty text)
     * is no value to compare with.
     */
    public <T> String value(Attribute<T> attribute, T value) {
        AttributeValue stored = attribute.encode(value);
        if (stored == null) {
            throw new IllegalArgumentException(attribute.name() + ": a value stored as absent compares with nothing");
        }
        return value(stored);
    }

    public Map<String, String> names() {
        return Map.copyOf(names);
    }

    public Map<String, AttributeValue> values() {
        return Map.copyOf(values);
    }
}
