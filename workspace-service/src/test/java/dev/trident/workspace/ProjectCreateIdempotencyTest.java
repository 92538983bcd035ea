package dev.trident.workspace;

import dev.trident.keys.IdempotencyKeys;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.testing.IdempotencyContract;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** POST /workspaces/{wsId}/projects under an Idempotency-Key, in an unsharded workspace the caller owns. */
@QuarkusTest
class ProjectCreateIdempotencyTest extends IdempotencyContract {

    @Inject
    DynamoDbAsyncClient dynamo;

    @Inject
    TableDefinition table;

    @Override
    protected Route freshRoute() {
        String callerId = Api.createUser("Idem Creator");
        String wsId = Api.uniqueId("idemp");
        Api.as(callerId).contentType(ContentType.JSON).body(Api.workspaceBody(wsId, null, callerId))
                .when().post("/workspaces").then().statusCode(201);
        String path = "/workspaces/" + wsId + "/projects";
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
                return "{\"title\":\"Project " + variant + "\"}";
            }

            @Override
            public long itemsCreated() {
                return dynamo.query(r -> r.tableName(table.tableName()).consistentRead(true)
                        .keyConditionExpression("PK = :pk AND begins_with(SK, :prefix)")
                        .expressionAttributeValues(Map.of(
                                ":pk", AttributeValue.fromS(WorkspaceKeys.workspacePartition(wsId)),
                                ":prefix", AttributeValue.fromS(WorkspaceKeys.projectsPrefix()))))
                        .join().count();
            }

            @Override
            public Map<String, AttributeValue> recordKey(String idempotencyKey) {
                return IdempotencyKeys.record(callerId, "POST /workspaces/{wsId}/projects", idempotencyKey)
                        .toAttributes();
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
