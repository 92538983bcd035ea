package dev.trident.workspace.repository;

import dev.trident.support.dynamo.KeyConditions;


import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.keys.expr.UpdateExpressionBuilder.UpdateExpression;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/** The key conditions and the versioned change the workspace repositories build their requests from. */
final class WorkspaceQueries {

    private WorkspaceQueries() {
    }

    /** {@code <pkName> = :pk}: a whole partition of the table or an index. */
    static QueryRequest.Builder wholePartition(QueryRequest.Builder query, String pkName, String partition) {
        return KeyConditions.wholePartition(query, pkName, partition);
    }

    /** {@code <pkName> = :pk AND begins_with(<skName>, :prefix)}: the items of a partition under a prefix. */
    static QueryRequest.Builder underPrefix(QueryRequest.Builder query, String pkName, String partition,
            String skName, String prefix) {
        return KeyConditions.underPrefix(query, pkName, partition, skName, prefix);
    }

    /** {@code <pkName> = :pk AND <skName> BETWEEN :from AND :to}. */
    static QueryRequest.Builder between(QueryRequest.Builder query, String pkName, String partition, String skName,
            String from, String to) {
        return KeyConditions.between(query, pkName, partition, skName, from, to);
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
        return KeyConditions.versionedChange(update, expectedVersion, now);
    }
}
