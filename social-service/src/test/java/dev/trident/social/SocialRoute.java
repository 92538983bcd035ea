package dev.trident.social;

import dev.trident.keys.IdempotencyKeys;
import dev.trident.keys.TableDefinition;
import dev.trident.testing.IdempotencyContract;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** A social create route for the idempotency contract; subclasses say what a body is and how to count items. */
abstract class SocialRoute implements IdempotencyContract.Route {

    private final String callerId;
    private final String path;
    private final String template;

    SocialRoute(String callerId, String path, String template) {
        this.callerId = callerId;
        this.path = path;
        this.template = template;
    }

    @Override
    public String callerId() {
        return callerId;
    }

    @Override
    public String path(String variant) {
        return path;
    }

    @Override
    public Map<String, AttributeValue> recordKey(String idempotencyKey) {
        return IdempotencyKeys.record(callerId, template, idempotencyKey).toAttributes();
    }

    /** Items of a partition whose SK begins with {@code prefix}: a strongly consistent Query. */
    static long count(DynamoDbAsyncClient dynamo, TableDefinition table, String pk, String prefix) {
        return dynamo.query(r -> r.tableName(table.tableName()).consistentRead(true)
                .keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(pk), ":prefix", AttributeValue.fromS(prefix))))
                .join().count();
    }
}
