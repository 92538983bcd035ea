package dev.trident.keys.expr;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A rendered expression with its placeholder maps. DynamoDB rejects empty maps, hence the {@code OrNull}
 * accessors for the request builders.
 */
public record Expression(String expression, Map<String, String> names, Map<String, AttributeValue> values) {
    public Map<String, String> namesOrNull() {
        return names.isEmpty() ? null : names;
    }

    public Map<String, AttributeValue> valuesOrNull() {
        return values.isEmpty() ? null : values;
    }
}
