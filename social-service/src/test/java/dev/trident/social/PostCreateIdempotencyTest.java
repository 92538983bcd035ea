package dev.trident.social;

import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableDefinition;
import dev.trident.testing.IdempotencyContract;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/** POST /users/{userId}/posts under an Idempotency-Key. */
@QuarkusTest
class PostCreateIdempotencyTest extends IdempotencyContract {

    @Inject
    DynamoDbAsyncClient dynamo;

    @Inject
    TableDefinition table;

    @Override
    protected Route freshRoute() {
        String callerId = SocialApi.createUser();
        return new SocialRoute(callerId, "/users/" + callerId + "/posts", "POST /users/{userId}/posts") {
            @Override
            public String body(String variant) {
                return "{\"title\":\"t\",\"body\":\"" + variant + "\"}";
            }

            @Override
            public long itemsCreated() {
                return SocialRoute.count(dynamo, table, SocialKeys.userPartition(callerId), SocialKeys.postsPrefix());
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
