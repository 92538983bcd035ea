package dev.trident.social;

import dev.trident.keys.IdempotencyKeys;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableDefinition;
import dev.trident.testing.IdempotencyContract;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** POST /users under an Idempotency-Key. */
@QuarkusTest
class UserCreateIdempotencyTest extends IdempotencyContract {

    @Inject
    DynamoDbAsyncClient dynamo;

    @Inject
    TableDefinition table;

    @Override
    protected Route freshRoute() {
        String callerId = Api.newUserId();
        String handle = Api.uniqueId("idem");
        return new Route() {
            @Override
            public String callerId() {
                return callerId;
            }

            @Override
            public String path(String variant) {
                return "/users";
            }

            @Override
            public String body(String variant) {
                return "{\"handle\":\"" + handle + "-" + variant + "\",\"displayName\":\"Idem\"}";
            }

            @Override
            public long itemsCreated() {
                return dynamo.query(r -> r.tableName(table.tableName()).consistentRead(true)
                        .keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
                        .expressionAttributeValues(Map.of(
                                ":pk", AttributeValue.fromS(SocialKeys.userPartition(callerId)),
                                ":prefix", AttributeValue.fromS(SocialKeys.PROFILE))))
                        .join().count();
            }

            @Override
            public Map<String, AttributeValue> recordKey(String idempotencyKey) {
                return IdempotencyKeys.record(callerId, "POST /users", idempotencyKey).toAttributes();
            }
        };
    }

    @Override
    protected boolean oneItemPerCaller() {
        return true;
    }

    @Override
    protected DynamoDbAsyncClient dynamo() {
        return dynamo;
    }

    @Override
    protected String tableName() {
        return table.tableName();
    }
}
