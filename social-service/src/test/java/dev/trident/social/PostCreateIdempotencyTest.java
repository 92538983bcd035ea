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

/** POST /users/{userId}/posts under an Idempotency-Key. */
@QuarkusTest
class PostCreateIdempotencyTest extends IdempotencyContract {

    @Inject
    DynamoDbAsyncClient dynamo;

    @Inject
    TableDefinition table;

    @Override
    protected Route freshRoute() {
        String callerId = Api.createUser();
        String path = "/users/" + callerId + "/posts";
        return new Route() {
            @Override
            public String callerId() {
                return callerId;
            }

            @Override
            public String path(String variant) {
                return path;
            }

            @Override
            public String body(String variant) {
                return "{\"title\":\"t\",\"body\":\"" + variant + "\"}";
            }

            @Override
            public long itemsCreated() {
                return dynamo.query(r -> r.tableName(table.tableName()).consistentRead(true)
                        .keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
                        .expressionAttributeValues(Map.of(
                                ":pk", AttributeValue.fromS(SocialKeys.userPartition(callerId)),
                                ":prefix", AttributeValue.fromS(SocialKeys.postsPrefix()))))
                        .join().count();
            }

            @Override
            public Map<String, AttributeValue> recordKey(String idempotencyKey) {
                return IdempotencyKeys.record(callerId, "POST /users/{userId}/posts", idempotencyKey).toAttributes();
            }
        };
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
