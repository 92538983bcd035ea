package dev.trident.workspace;

import dev.trident.keys.IdempotencyKeys;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.testing.IdempotencyContract;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** POST /workspaces under an Idempotency-Key: each variant of the body names its own workspace id. */
@QuarkusTest
class WorkspaceCreateIdempotencyTest extends IdempotencyContract {

    /** The body variants the contract sends. */
    private static final List<String> VARIANTS = List.of("one", "two");

    @Inject
    DynamoDbAsyncClient dynamo;

    @Inject
    TableDefinition table;

    @Override
    protected Route freshRoute() {
        // The caller owns the workspace, so they must be a user of the social-service this instance calls.
        String callerId = Api.createUser("Idem Owner");
        String baseId = Api.uniqueId("idem");
        return new Route() {
            @Override
            public String callerId() {
                return callerId;
            }

            @Override
            public String path(String variant) {
                return "/workspaces";
            }

            @Override
            public String body(String variant) {
                return "{\"workspaceId\":\"" + baseId + "-" + variant + "\",\"displayName\":\"Idem\","
                        + "\"region\":\"eu-west-1\",\"seatLimit\":5}";
            }

            @Override
            public long itemsCreated() {
                // Strongly consistent GetItem of each variant's settings item.
                return VARIANTS.stream().filter(variant -> !dynamo.getItem(r -> r.tableName(table.tableName())
                        .consistentRead(true).key(WorkspaceKeys.workspace(baseId + "-" + variant).toAttributes()))
                        .join().item().isEmpty()).count();
            }

            @Override
            public Map<String, AttributeValue> recordKey(String idempotencyKey) {
                return IdempotencyKeys.record(callerId, "POST /workspaces", idempotencyKey).toAttributes();
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
