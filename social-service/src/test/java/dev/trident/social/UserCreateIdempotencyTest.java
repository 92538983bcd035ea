package dev.trident.social;

import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableDefinition;
import dev.trident.testing.IdempotencyContract;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/** POST /users under an Idempotency-Key. */
@QuarkusTest
class UserCreateIdempotencyTest extends IdempotencyContract {

    @Inject
    DynamoDbAsyncClient dynamo;

    @Inject
    TableDefinition table;

    @Override
    protected Route freshRoute() {
        String callerId = SocialApi.newUserId();
        String handle = SocialApi.uniqueHandle("idem");
        return new SocialRoute(callerId, "/users", "POST /users") {
            @Override
            public String body(String variant) {
                return "{\"handle\":\"" + handle + "-" + variant + "\",\"displayName\":\"Idem\"}";
            }

            @Override
            public long itemsCreated() {
                return SocialRoute.count(dynamo, table, SocialKeys.userPartition(callerId), SocialKeys.PROFILE);
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
