package dev.trident.enrollment.repository;

import dev.trident.support.dynamo.KeyConditions;

import dev.trident.keys.cursor.CursorState;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/** The key conditions the enrollment Queries are built from: a whole partition, or the part under a prefix. */
final class EnrollmentQueries {

    private EnrollmentQueries() {
    }

    /** {@code <pk> = :pk}: every item of a partition of the table or of an index. */
    static QueryRequest.Builder partition(QueryRequest.Builder query, String pkAttribute, String partition) {
        return KeyConditions.wholePartition(query, pkAttribute, partition);
    }

    /** {@code <pk> = :pk AND begins_with(<sk>, :prefix)}, resuming after {@code resume}'s key (null: from the start). */
    static QueryRequest.Builder underPrefix(QueryRequest.Builder query, String pkAttribute, String partition,
            String skAttribute, String prefix, CursorState resume) {
        return KeyConditions.underPrefix(query, pkAttribute, partition, skAttribute, prefix)
                .exclusiveStartKey(resume == null ? null : resume.singleKey());
    }
}
