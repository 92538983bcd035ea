package dev.trident.migrations;

import dev.trident.keys.IndexKey;
import dev.trident.keys.TableSchema;
import java.util.HashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * Moves one item's keys on one index to where the services now write them: one UpdateItem that sets both keys,
 * conditioned on the item still holding the partition key it was read with (or still having none) and on the
 * attribute the new key was derived from being unchanged. An item the services wrote meanwhile carries their key
 * already, so a refused move is left alone: a rerun reads it as done.
 */
final class IndexKeyMove {

    private final DynamoDbClient dynamo;
    private final String table;

    IndexKeyMove(DynamoDbClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    /** True when {@code item} holds exactly {@code expected}'s keys. */
    static boolean holds(Map<String, AttributeValue> item, IndexKey expected) {
        return expected.pk().equals(text(item.get(expected.pkAttribute())))
                && expected.sk().equals(text(item.get(expected.skAttribute())));
    }

    /**
     * Moves {@code item} (as read) to {@code expected}, under its {@code _type}, its {@code derivedFrom} attribute and
     * its old partition key; records the outcome in {@code tally}.
     */
    void move(Map<String, AttributeValue> item, IndexKey expected, String derivedFrom, BackfillTally tally) {
        if (holds(item, expected)) {
            tally.alreadyDone();
            return;
        }
        Map<String, AttributeValue> key = Map.of(TableSchema.PK, item.get(TableSchema.PK),
                TableSchema.SK, item.get(TableSchema.SK));
        Map<String, String> names = new HashMap<>(Map.of("#type", TableSchema.TYPE, "#from", derivedFrom,
                "#ipk", expected.pkAttribute(), "#isk", expected.skAttribute()));
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":ipk", AttributeValue.fromS(expected.pk()),
                ":isk", AttributeValue.fromS(expected.sk()), ":type", item.get(TableSchema.TYPE),
                ":from", item.get(derivedFrom)));
        AttributeValue oldPk = item.get(expected.pkAttribute());
        String samePartition;
        if (oldPk == null) {
            samePartition = "attribute_not_exists(#ipk)";
        } else {
            samePartition = "#ipk = :oldpk";
            values.put(":oldpk", oldPk);
        }
        try {
            dynamo.updateItem(r -> r.tableName(table).key(key)
                    .updateExpression("SET #ipk = :ipk, #isk = :isk")
                    .conditionExpression("#type = :type AND #from = :from AND " + samePartition)
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(values));
            tally.written();
        } catch (ConditionalCheckFailedException e) {
            // Deleted, or changed since the Scan read it: the service wrote that change with its keys.
            tally.changedMeanwhile();
        }
    }

    private static String text(AttributeValue value) {
        return value == null ? null : value.s();
    }
}
