package dev.trident.enrollment.repository;

import dev.trident.keys.cursor.CursorState;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/** The key conditions the enrollment Queries are built from: a whole partition, or the part under a prefix. */
final class EnrollmentQueries {

    private EnrollmentQueries() {
    }

    /** {@code <pk> = :pk}: every item of a partition of the table or of an index. */
    static QueryRequest.Builder partition(QueryRequest.Builder query, String pkAttribute, String partition) {
        return query.keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", pkAttribute))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition)));
    }

    /** {@code <pk> = :pk AND begins_with(<sk>, :prefix)}, resuming after {@code resume}'s key (null: from the start). */
    static QueryRequest.Builder underPrefix(QueryRequest.Builder query, String pkAttribute, String partition,
            String skAttribute, String prefix, CursorState resume) {
        return query.keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                .expressionAttributeNames(Map.of("#pk", pkAttribute, "#sk", skAttribute))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition),
                        ":prefix", AttributeValue.fromS(prefix)))
                .exclusiveStartKey(resume == null ? null : resume.singleKey());
    }
}
