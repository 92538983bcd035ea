package dev.trident.workspace;

import static dev.trident.workspace.Api.PROBLEM_JSON;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkspaceKeys;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * A workspace's id is {@code workspaceId} and a project's {@code projectId}; their former name {@code id} is still
 * read on create and still sent in every answer (the same value), marked deprecated in the OpenAPI document, so that
 * clients written against it keep working.
 */
@QuarkusTest
class DeprecatedIdNamesTest {

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    private static Map<String, Object> bodyWithOnlyTheDeprecatedId(String id) {
        Map<String, Object> body = Api.workspaceBody(id, null);
        body.remove("workspaceId");
        body.put("id", id);
        return body;
    }

    @Test
    void aWorkspaceCreatedUnderTheDeprecatedIdIsAnsweredUnderBothNames() {
        String ws = Api.uniqueId("old-name");
        Api.given().contentType(ContentType.JSON).body(bodyWithOnlyTheDeprecatedId(ws)).post("/workspaces")
                .then().statusCode(201).header("Location", endsWith("/workspaces/" + ws))
                .body("workspaceId", equalTo(ws)).body("id", equalTo(ws));
        Api.given().get("/workspaces/" + ws).then().statusCode(200)
                .body("workspaceId", equalTo(ws)).body("id", equalTo(ws));
        Api.given().queryParam("include", "projects").get("/workspaces/" + ws).then().statusCode(200)
                .body("workspace.workspaceId", equalTo(ws)).body("workspace.id", equalTo(ws));
    }

    @Test
    void bothNamesWithTheSameIdAreOneId() {
        String ws = Api.uniqueId("both-names");
        Map<String, Object> body = Api.workspaceBody(ws, null);
        body.put("id", ws);
        Api.given().contentType(ContentType.JSON).body(body).post("/workspaces").then().statusCode(201)
                .body("workspaceId", equalTo(ws));
    }

    @Test
    void bothNamesWithDifferentIdsAre400AndWriteNothing() {
        String ws = Api.uniqueId("two-ids");
        String other = Api.uniqueId("two-ids");
        Map<String, Object> body = Api.workspaceBody(ws, null);
        body.put("id", other);
        Api.given().contentType(ContentType.JSON).body(body).post("/workspaces").then().statusCode(400)
                .contentType(PROBLEM_JSON).body("errors.field", hasItem("id"));
        for (String id : new String[] { ws, other }) {
            assertTrue(dynamo.getItem(r -> r.tableName(table.tableName())
                    .key(WorkspaceKeys.workspace(id).toAttributes()).consistentRead(true)).join().item().isEmpty());
        }
    }

    @Test
    void aProjectIsAnsweredUnderProjectIdAndTheDeprecatedIdWherever() {
        String ws = Api.createWorkspace("old-name-proj", null);
        String projectId = Api.postProject(ws, "Named twice", null).then().statusCode(201)
                .body("workspaceId", equalTo(ws)).extract().path("projectId");
        Api.given().get("/workspaces/" + ws + "/projects/" + projectId).then().statusCode(200)
                .body("projectId", equalTo(projectId)).body("id", equalTo(projectId));
        Api.given().get("/workspaces/" + ws + "/projects").then().statusCode(200)
                .body("items[0].projectId", equalTo(projectId)).body("items[0].id", equalTo(projectId));
        Api.given().queryParam("include", "projects").get("/workspaces/" + ws).then().statusCode(200)
                .body("items[0].projectId", equalTo(projectId)).body("items[0].id", equalTo(projectId));
    }

    @Test
    void theOpenApiDocumentMarksTheFormerNamesDeprecated() {
        var doc = RestAssured.given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .extract().jsonPath();
        assertEquals(Boolean.TRUE, doc.get("components.schemas.CreateWorkspaceRequest.properties.id.deprecated"));
        assertEquals(Boolean.TRUE, doc.get("components.schemas.WorkspaceResponse.properties.id.deprecated"));
        assertEquals(Boolean.TRUE, doc.get("components.schemas.ProjectResponse.properties.id.deprecated"));
        assertNull(doc.get("components.schemas.WorkspaceResponse.properties.workspaceId.deprecated"));
        assertNull(doc.get("components.schemas.ProjectResponse.properties.projectId.deprecated"));
    }
}
