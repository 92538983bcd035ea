package dev.trident.workspace;

import static dev.trident.workspace.Api.PROBLEM_JSON;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** ownerId and createdBy checked against the real social-service (started once for the module). */
@QuarkusTest
class SocialReferencesTest {

    @Test
    void aWorkspaceOwnedByAnExistingUserIsCreated() {
        String owner = Api.createUser("Dana Owner");
        String id = Api.uniqueId("ref-ws");
        given().contentType(ContentType.JSON).body(Api.workspaceBody(id, null, owner)).post("/workspaces")
                .then().statusCode(201).body("ownerId", equalTo(owner));
        given().get("/workspaces/" + id).then().statusCode(200).body("ownerId", equalTo(owner));
    }

    @Test
    void anUnknownOwnerIs422NamingTheFieldAndIdAndWritesNothing() {
        String ghost = Api.uniqueId("ghost");
        String id = Api.uniqueId("ref-ws-ghost");
        DynamoDbCallRecorder.reset();
        given().contentType(ContentType.JSON).body(Api.workspaceBody(id, null, ghost)).post("/workspaces")
                .then().statusCode(422).contentType(PROBLEM_JSON)
                .body("status", equalTo(422)).body("errors.field", hasItem("ownerId"))
                .body("detail", containsString(ghost));
        assertEquals(List.of(), DynamoDbCallRecorder.operations(), "refused before any DynamoDB call");
        given().get("/workspaces/" + id).then().statusCode(404);
    }

    @Test
    void aProjectKeepsItsCreatorsDisplayNameAsItWasAtCreation() {
        String ws = Api.createWorkspace("ref-proj", 2);
        String erin = Api.createUser("Erin Example");
        String id = Api.postProject(ws, "Named", null, erin).then().statusCode(201)
                .body("createdBy", equalTo(erin)).body("createdByName", equalTo("Erin Example"))
                .extract().path("id");
        given().contentType(ContentType.JSON).body(Map.of("displayName", "Erin Renamed"))
                .patch(Api.socialServiceUrl() + "/users/" + erin).then().statusCode(200);
        given().get("/workspaces/" + ws + "/projects/" + id).then().statusCode(200)
                .body("createdByName", equalTo("Erin Example"));
        given().get("/workspaces/" + ws + "/projects").then().statusCode(200)
                .body("items.createdByName", hasItem("Erin Example"));
    }

    @Test
    void anUnknownCreatorIs422NamingTheFieldAndIdAndMovesNoCounter() {
        String ws = Api.createWorkspace("ref-proj-ghost", null);
        String ghost = Api.uniqueId("ghost");
        DynamoDbCallRecorder.reset();
        Api.postProject(ws, "Nobody's", null, ghost).then().statusCode(422).contentType(PROBLEM_JSON)
                .body("errors.field", hasItem("createdBy")).body("detail", containsString(ghost));
        assertEquals(List.of("GetItem"), DynamoDbCallRecorder.operations(), "only the workspace was read");
        given().get("/workspaces/" + ws + "/projects").then().statusCode(200).body("items.size()", equalTo(0));
        Api.postProject(ws, "First real", null).then().statusCode(201).body("id", endsWith("-0001"));
    }
}
