package dev.trident.workspace.repository;

import static dev.trident.keys.entity.StandardAttributes.UPDATED_AT;
import static dev.trident.keys.entity.StandardAttributes.VERSION;

import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.keys.expr.UpdateExpressionBuilder.UpdateExpression;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/** The key conditions and the versioned change the workspace repositories build their requests from. */
final class WorkspaceQueries {

    private static final String PK = "#pk";
    private static final String SK = "#sk";

    private WorkspaceQueries() {
    }

    /** {@code <pkName> = :pk}: a whole partition of the table or an index. */
    static QueryRequest.Builder wholePartition(QueryRequest.Builder query, String pkName, String partition) {
        return query.keyConditionExpression(PK + " = :pk")
                .expressionAttributeNames(Map.of(PK, pkName))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition)));
    }

    /** {@code <pkName> = :pk AND begins_with(<skName>, :prefix)}: the items of a partition under a prefix. */
    static QueryRequest.Builder underPrefix(QueryRequest.Builder query, String pkName, String partition,
            String skName, String prefix) {
        return query.keyConditionExpression(PK + " = :pk AND begins_with(" + SK + ", :prefix)")
                .expressionAttributeNames(Map.of(PK, pkName, SK, skName))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition),
                        ":prefix", AttributeValue.fromS(prefix)));
    }

    /** {@code <pkName> = :pk AND <skName> BETWEEN :from AND :to}. */
    static QueryRequest.Builder between(QueryRequest.Builder query, String pkName, String partition, String skName,
            String from, String to) {
        return query.keyConditionExpression(PK + " = :pk AND " + SK + " BETWEEN :from AND :to")
                .expressionAttributeNames(Map.of(PK, pkName, SK, skName))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition),
                        ":from", AttributeValue.fromS(from), ":to", AttributeValue.fromS(to)));
    }

    /** The ExclusiveStartKey of a single-partition list, or null for its first page (a cursor of several: 400). */
    static Map<String, AttributeValue> startKey(CursorState resume) {
        return resume == null ? null : resume.singleKey();
    }

    /**
     * A change to an existing, versioned item: bumps {@code version}, sets {@code updatedAt}, conditioned on the item
     * existing and, with If-Match, on {@code version = :expected}.
     */
    static UpdateExpression versionedChange(UpdateExpressionBuilder update, Long expectedVersion, String now) {
        update.set(UPDATED_AT, now).add(VERSION, 1).condition(Conditions.ITEM_EXISTS);
        return (expectedVersion == null ? update : update.condition(Conditions.versionEquals(expectedVersion)))
                .build();
    }
}
