package dev.trident.workspace;

import static dev.trident.workspace.Api.PROBLEM_JSON;
import static dev.trident.workspace.Api.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.keys.TableDefinition;
import dev.trident.testing.DynamoDbCallRecorder;
import dev.trident.workspace.model.Member;
import dev.trident.workspace.model.MemberRole;
import dev.trident.workspace.repository.StoredItems;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/** ownerId and createdBy checked against the real social-service (started once for the module). */
@QuarkusTest
class SocialReferencesTest {

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    @Test
    void aWorkspaceOwnedByAnExistingUserIsCreated() {
        String owner = Api.createUser("Dana Owner");
        String id = Api.uniqueId("ref-ws");
        Api.as(owner).contentType(ContentType.JSON).body(Api.workspaceBody(id, null, owner)).post("/workspaces")
                .then().statusCode(201).body("ownerId", equalTo(owner));
        Api.as(owner).get("/workspaces/" + id).then().statusCode(200).body("ownerId", equalTo(owner));
    }

    @Test
    void anUnknownOwnerIs422NamingTheFieldAndIdAndWritesNothing() {
        String ghost = Api.uniqueId("ghost");
        String id = Api.uniqueId("ref-ws-ghost");
        DynamoDbCallRecorder.reset();
        Api.as(ghost).contentType(ContentType.JSON).body(Api.workspaceBody(id, null, ghost)).post("/workspaces")
                .then().statusCode(422).contentType(PROBLEM_JSON)
                .body("status", equalTo(422)).body("errors.field", hasItem("ownerId"))
                .body("detail", containsString(ghost));
        assertEquals(List.of(), DynamoDbCallRecorder.operations(), "refused before any DynamoDB call");
        Api.as(ghost).get("/workspaces/" + id).then().statusCode(404);
    }

    @Test
    void aProjectKeepsItsCreatorsDisplayNameAsItWasAtCreation() {
        String erin = Api.createUser("Erin Example");
        String ws = Api.uniqueId("ref-proj");
        Api.asPlatformAdmin(erin).contentType(ContentType.JSON).body(Api.workspaceBody(ws, 2, erin)).post("/workspaces")
                .then().statusCode(201);
        String id = Api.postProject(ws, "Named", null, erin).then().statusCode(201)
                .body("createdBy", equalTo(erin)).body("createdByName", equalTo("Erin Example"))
                .extract().path("projectId");
        Api.as(erin).contentType(ContentType.JSON).body(Map.of("displayName", "Erin Renamed"))
                .patch(Api.socialServiceUrl() + "/users/" + erin).then().statusCode(200);
        Api.as(erin).get("/workspaces/" + ws + "/projects/" + id).then().statusCode(200)
                .body("createdByName", equalTo("Erin Example"));
        Api.as(erin).get("/workspaces/" + ws + "/projects").then().statusCode(200)
                .body("items.createdByName", hasItem("Erin Example"));
    }

    @Test
    void anUnknownCreatorIs422NamingTheFieldAndIdAndMovesNoCounter() {
        String ws = Api.createWorkspace("ref-proj-ghost", null);
        // An admin whose social profile is gone (edges are only ever added for existing users).
        String ghost = Api.uniqueId("ghost");
        String now = Instant.now().toString();
        dynamo.putItem(r -> r.tableName(table.tableName()).item(StoredItems.item(
                new Member(ws, ghost, MemberRole.ADMIN, 1, now, now)))).join();
        DynamoDbCallRecorder.reset();
        Api.postProject(ws, "Nobody's", null, ghost).then().statusCode(422).contentType(PROBLEM_JSON)
                .body("errors.field", hasItem("createdBy")).body("detail", containsString(ghost));
        assertEquals(List.of("BatchGetItem"), DynamoDbCallRecorder.operations(),
                "only the caller's membership and META were read: nothing written");
        given().get("/workspaces/" + ws + "/projects").then().statusCode(200).body("items.size()", equalTo(0));
        Api.postProject(ws, "First real", null).then().statusCode(201).body("projectId", endsWith("-0001"));
    }
}
