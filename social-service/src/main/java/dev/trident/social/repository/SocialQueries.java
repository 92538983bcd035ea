package dev.trident.social.repository;

import static dev.trident.keys.TableSchema.PK;
import static dev.trident.keys.TableSchema.SK;
import static dev.trident.keys.entity.StandardAttributes.UPDATED_AT;
import static dev.trident.keys.entity.StandardAttributes.VERSION;

import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.cursor.InvalidCursorException;
import dev.trident.keys.expr.Conditions;
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
        return query.keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                .expressionAttributeNames(Map.of("#pk", PK, "#sk", SK))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition),
                        ":prefix", AttributeValue.fromS(prefix)));
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
        update.set(UPDATED_AT, now).add(VERSION, 1).condition(Conditions.ITEM_EXISTS);
        if (expectedVersion != null) {
            update.condition(Conditions.versionEquals(expectedVersion));
        }
        return update.build();
    }
}
