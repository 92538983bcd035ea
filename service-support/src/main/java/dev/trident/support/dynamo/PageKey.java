package dev.trident.support.dynamo;

import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Where a page of a Query ended: the key the next page starts after. The service layer passes it back to the
 * repository that gave it, and never looks inside.
 */
public record PageKey(Map<String, AttributeValue> key) {
}
