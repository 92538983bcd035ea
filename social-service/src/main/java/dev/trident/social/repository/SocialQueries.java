package dev.trident.social.repository;

import dev.trident.support.dynamo.KeyConditions;

import static dev.trident.keys.TableSchema.PK;
import static dev.trident.keys.TableSchema.SK;

import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.cursor.InvalidCursorException;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.keys.expr.UpdateExpressionBuilder.UpdateExpression;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/** The pieces several social repositories build requests from. */
final class SocialQueries {

    private SocialQueries() {
    }

    /** Key condition {@code PK = :pk AND begins_with(SK, :prefix)}. */
    static QueryRequest.Builder beginsWith(QueryRequest.Builder query, String partition, String prefix) {
        return KeyConditions.underPrefix(query, PK, partition, SK, prefix);
    }

    /**
     * The ExclusiveStartKey of a single-partition list, or null for the first page. A signed cursor is already bound
     * to its scope; this also refuses one whose key left the partition ({@code keyAttribute} = {@code partition}).
     */
    static Map<String, AttributeValue> startKeyIn(CursorState resume, String keyAttribute, String partition) {
        return resume == null ? null : requireIn(resume.singleKey(), keyAttribute, partition);
    }

    static Map<String, AttributeValue> requireIn(Map<String, AttributeValue> startKey, String keyAttribute,
            String partition) {
        AttributeValue value = startKey.get(keyAttribute);
        if (partition == null || value == null || !partition.equals(value.s())) {
            throw new InvalidCursorException("cursor does not fit this listing");
        }
        return startKey;
    }

    /**
     * A change to an existing, versioned item: bumps {@code version} and {@code updatedAt}, conditioned on the item
     * existing and, with If-Match, on {@code version = :expected}.
     */
    static UpdateExpression versionedChange(UpdateExpressionBuilder update, Long expectedVersion, String now) {
        return KeyConditions.versionedChange(update, expectedVersion, now);
    }
}
