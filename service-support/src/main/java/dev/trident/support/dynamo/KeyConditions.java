package dev.trident.support.dynamo;

import static dev.trident.keys.entity.StandardAttributes.UPDATED_AT;
import static dev.trident.keys.entity.StandardAttributes.VERSION;

import dev.trident.keys.TableSchema;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.keys.expr.UpdateExpressionBuilder.UpdateExpression;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The key conditions every service's Queries are built from, and the versioned change every update of an existing
 * item makes: written once here so that the repositories name only their partitions and prefixes.
 */
public final class KeyConditions {

    private static final String PK = "#pk";
    private static final String SK = "#sk";

    private KeyConditions() {
    }

    /** {@code <pkName> = :pk}: a whole partition of the table or of an index. */
    public static QueryRequest.Builder wholePartition(QueryRequest.Builder query, String pkName, String partition) {
        return query.keyConditionExpression(PK + " = :pk")
                .expressionAttributeNames(Map.of(PK, pkName))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition)));
    }

    /**
     * The first {@code limit} items left in a table partition, strongly consistent, projected to PK, SK and the named
     * attributes: what a deletion that empties a partition a page at a time reads (it deletes each page before it
     * reads the next, so every page starts at the partition's beginning).
     */
    public static QueryRequest.Builder partitionHead(QueryRequest.Builder query, String partition, int limit,
            String... attributes) {
        Map<String, String> names = new LinkedHashMap<>();
        names.put(PK, TableSchema.PK);
        names.put(SK, TableSchema.SK);
        for (int i = 0; i < attributes.length; i++) {
            names.put("#a" + i, attributes[i]);
        }
        return query.keyConditionExpression(PK + " = :pk")
                .expressionAttributeNames(names)
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition)))
                .projectionExpression(String.join(", ", names.keySet()))
                .consistentRead(true)
                .limit(limit);
    }

    /** {@code <pkName> = :pk AND begins_with(<skName>, :prefix)}: the items of a partition under a prefix. */
    public static QueryRequest.Builder underPrefix(QueryRequest.Builder query, String pkName, String partition,
            String skName, String prefix) {
        return query.keyConditionExpression(PK + " = :pk AND begins_with(" + SK + ", :prefix)")
                .expressionAttributeNames(Map.of(PK, pkName, SK, skName))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition),
                        ":prefix", AttributeValue.fromS(prefix)));
    }

    /** {@code <pkName> = :pk AND <skName> BETWEEN :from AND :to}. */
    public static QueryRequest.Builder between(QueryRequest.Builder query, String pkName, String partition,
            String skName, String from, String to) {
        return query.keyConditionExpression(PK + " = :pk AND " + SK + " BETWEEN :from AND :to")
                .expressionAttributeNames(Map.of(PK, pkName, SK, skName))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition),
                        ":from", AttributeValue.fromS(from), ":to", AttributeValue.fromS(to)));
    }

    /** {@code <pkName> = :pk AND <skName> >= :from}. */
    public static QueryRequest.Builder atLeast(QueryRequest.Builder query, String pkName, String partition,
            String skName, String from) {
        return query.keyConditionExpression(PK + " = :pk AND " + SK + " >= :from")
                .expressionAttributeNames(Map.of(PK, pkName, SK, skName))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition),
                        ":from", AttributeValue.fromS(from)));
    }

    /** {@code <pkName> = :pk AND <skName> <= :to}. */
    public static QueryRequest.Builder atMost(QueryRequest.Builder query, String pkName, String partition,
            String skName, String to) {
        return query.keyConditionExpression(PK + " = :pk AND " + SK + " <= :to")
                .expressionAttributeNames(Map.of(PK, pkName, SK, skName))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition),
                        ":to", AttributeValue.fromS(to)));
    }

    /**
     * A change to an existing, versioned item: bumps {@code version}, sets {@code updatedAt}, conditioned on the item
     * existing and, with If-Match, on {@code version = :expected}.
     */
    public static UpdateExpression versionedChange(UpdateExpressionBuilder update, Long expectedVersion, String now) {
        update.set(UPDATED_AT, now).add(VERSION, 1).condition(Conditions.ITEM_EXISTS);
        return (expectedVersion == null ? update : update.condition(Conditions.versionEquals(expectedVersion)))
                .build();
    }
}
