package dev.trident.social;

import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableDefinition;
import dev.trident.testing.IdempotencyContract;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/** POST /users/{userId}/posts/{postId}/comments under an Idempotency-Key. */
@QuarkusTest
class CommentCreateIdempotencyTest extends IdempotencyContract {

    @Inject
    DynamoDbAsyncClient dynamo;

    @Inject
    TableDefinition table;

    @Override
    protected Route freshRoute() {
        String callerId = SocialApi.createUser();
        String postId = SocialApi.createPost(callerId, "commented");
        return new SocialRoute(callerId, "/users/" + callerId + "/posts/" + postId + "/comments", "POST /users/{userId}/posts/{postId}/comments") {
            @Override
            public String body(String variant) {
                return "{\"body\":\"" + variant + "\"}";
            }

            @Override
            public long itemsCreated() {
                return SocialRoute.count(dynamo, table, SocialKeys.comment(postId, "x").pk(),
                        SocialKeys.commentsPrefix());
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
