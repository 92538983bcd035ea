package dev.trident.workspace;

import static dev.trident.workspace.Api.PROBLEM_JSON;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ItemKey;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * Every shard is one more Query on each project list, so more than one shard (the default maximum for callers
 * without the platform role {@code admin}) needs that role: 403 problem+json otherwise, with nothing written.
 */
@QuarkusTest
class ShardQuotaTest {

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    @Test
    void aCallerWithoutThePlatformAdminRoleCannotCreateAShardedWorkspaceAndNothingIsWritten() {
        for (int shards : List.of(2, 16)) {
            String id = Api.uniqueId("quota");
            DynamoDbCallRecorder.reset();
            Api.given().contentType(ContentType.JSON).body(Api.workspaceBody(id, shards)).post("/workspaces")
                    .then().statusCode(403).contentType(PROBLEM_JSON)
                    .body("status", equalTo(403))
                    .body("detail", containsString("platform role admin"))
                    .body("detail", containsString("at most 1"));
            assertEquals(List.of(), DynamoDbCallRecorder.operations(), "refused before any DynamoDB call");
            assertTrue(absent(WorkspaceKeys.workspace(id)), "no META");
            assertTrue(absent(WorkspaceKeys.member(id, Api.owner())), "no owner edge");
        }
        // One shard (sent or not) is anyone's.
        String id = Api.uniqueId("quota-one");
        Api.given().contentType(ContentType.JSON).body(Api.workspaceBody(id, 1)).post("/workspaces")
                .then().statusCode(201).body("shards", equalTo(1));
    }

    @Test
    void aPlatformAdminCreatesASixteenShardWorkspaceAndOwnsIt() {
        String id = Api.uniqueId("quota-admin");
        Api.asPlatformAdmin(Api.owner()).contentType(ContentType.JSON).body(Api.workspaceBody(id, 16))
                .post("/workspaces").then().statusCode(201).body("shards", equalTo(16))
                .body("ownerId", equalTo(Api.owner()));
        // The owner needs no platform role to use it afterwards.
        String project = Api.createProject(id, "wide", null);
        Api.given().get("/workspaces/" + id + "/projects").then().statusCode(200)
                .body("items.projectId", equalTo(List.of(project)));
    }

    @Test
    void anOutOfRangeShardCountIsStill400ForEveryone() {
        Api.asPlatformAdmin(Api.owner()).contentType(ContentType.JSON)
                .body(Api.workspaceBody(Api.uniqueId("quota-17"), 17)).post("/workspaces")
                .then().statusCode(400).contentType(PROBLEM_JSON).body("errors[0].field", equalTo("shards"));
    }

    private boolean absent(ItemKey key) {
        return dynamo.getItem(r -> r.tableName(table.tableName()).key(key.toAttributes()).consistentRead(true))
                .join().item().isEmpty();
    }
}
