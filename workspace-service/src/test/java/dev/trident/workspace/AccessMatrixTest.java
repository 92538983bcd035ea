package dev.trident.workspace;

import static dev.trident.workspace.Api.PROBLEM_JSON;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ItemKey;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.testing.Tokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Every mutating route against every kind of bad token (401), a valid token of someone without the right (404 for a
 * non-member, 403 for a member without the role), with nothing written in any refused case; and tenant isolation:
 * a non-member cannot read a workspace, its projects or members, nor tell it from one that does not exist.
 */
@QuarkusTest
class AccessMatrixTest {

    private static String reader;

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    /** A plain member (no right to change anything) of the workspaces below; created once. */
    private static synchronized String reader() {
        if (reader == null) {
            reader = Api.createUser("Rita Reader");
        }
        return reader;
    }

    /** Authorization header values that must all be refused with 401; null = no header at all. */
    private static Map<String, String> brokenTokens(String user) {
        Map<String, String> tokens = new LinkedHashMap<>();
        tokens.put("no token", null);
        tokens.put("garbage", "Bearer " + Tokens.garbage());
        tokens.put("not bearer", "Basic dXNlcjpwYXNz");
        tokens.put("wrong signature", Tokens.user(user).signedByAnotherKey().bearer());
        tokens.put("alg none", Tokens.user(user).algNone().bearer());
        tokens.put("expired", Tokens.user(user).expired().bearer());
        tokens.put("not yet valid", Tokens.user(user).notYetValid().bearer());
        tokens.put("wrong issuer", Tokens.user(user).issuer("https://issuer.example.com").bearer());
        return tokens;
    }

    private static RequestSpecification with(String authorization) {
        RequestSpecification request = RestAssured.given();
        return authorization == null ? request : request.header("Authorization", authorization);
    }

    private Map<String, AttributeValue> stored(ItemKey key) {
        return dynamo.getItem(r -> r.tableName(table.tableName()).key(key.toAttributes()).consistentRead(true))
                .join().item();
    }

    /** The route with every broken token: 401 problem with WWW-Authenticate, then {@code unchanged} still holds. */
    private static void assertEveryBrokenTokenIs401(String user, Function<RequestSpecification, Response> route,
            Runnable unchanged) {
        brokenTokens(user).forEach((what, authorization) -> {
            Response response = route.apply(with(authorization));
            assertEquals(401, response.statusCode(), what + ": " + response.asString());
            response.then().contentType(PROBLEM_JSON).header("WWW-Authenticate", startsWith("Bearer"));
            unchanged.run();
        });
    }

    private String workspaceWithReader(String prefix) {
        String ws = Api.createWorkspace(prefix, null);
        MemberRoutesTest.putMember(Api.owner(), ws, reader(), "member").then().statusCode(201);
        return ws;
    }

    @Test
    void createWorkspaceNeedsAValidTokenAndCannotNameAnotherOwner() {
        String id = Api.uniqueId("mx-create");
        Runnable nothing = () -> assertTrue(stored(WorkspaceKeys.workspace(id)).isEmpty(), "nothing written");
        assertEveryBrokenTokenIs401(Api.owner(), r -> r.contentType(ContentType.JSON)
                .body(Api.workspaceBody(id, null)).post("/workspaces"), nothing);
        Api.as(reader()).contentType(ContentType.JSON).body(Api.workspaceBody(id, null, Api.owner()))
                .post("/workspaces").then().statusCode(403).contentType(PROBLEM_JSON);
        nothing.run();
        assertTrue(stored(WorkspaceKeys.member(id, reader())).isEmpty());

        Map<String, Object> withoutOwner = Api.workspaceBody(id, null);
        withoutOwner.remove("ownerId");
        Api.as(reader()).contentType(ContentType.JSON).body(withoutOwner).post("/workspaces").then().statusCode(201)
                .body("ownerId", equalTo(reader()));
        assertEquals("owner", stored(WorkspaceKeys.member(id, reader())).get("role").s());
    }

    @Test
    void changingSettingsNeedsAnOwner() {
        String ws = workspaceWithReader("mx-settings");
        String path = "/workspaces/" + ws;
        Function<RequestSpecification, Response> patch = r -> r.contentType(ContentType.JSON)
                .body(Map.of("seatLimit", 7)).patch(path);
        Runnable unchanged = () -> assertEquals("1", stored(WorkspaceKeys.workspace(ws)).get("version").n());
        assertEveryBrokenTokenIs401(Api.owner(), patch, unchanged);
        assertEquals(404, patch.apply(Api.as(Api.uniqueId("outsider"))).statusCode());
        assertEquals(403, patch.apply(Api.as(reader())).statusCode());
        MemberRoutesTest.putMember(Api.owner(), ws, reader(), "admin").then().statusCode(200);
        assertEquals(403, patch.apply(Api.as(reader())).statusCode(), "admins do not change settings");
        unchanged.run();
        patch.apply(Api.given()).then().statusCode(200).body("seatLimit", equalTo(7));
    }

    @Test
    void creatingAProjectNeedsAnOwnerOrAdminAndCannotNameAnotherCreator() {
        String ws = workspaceWithReader("mx-proj");
        String path = "/workspaces/" + ws + "/projects";
        Function<RequestSpecification, Response> post = r -> r.contentType(ContentType.JSON)
                .body(Map.of("title", "t")).post(path);
        Runnable nothing = () -> Api.given().get(path).then().statusCode(200).body("items.size()", equalTo(0));
        assertEveryBrokenTokenIs401(Api.owner(), post, nothing);
        assertEquals(404, post.apply(Api.as(Api.uniqueId("outsider"))).statusCode());
        assertEquals(403, post.apply(Api.as(reader())).statusCode());
        Api.given().contentType(ContentType.JSON).body(Map.of("title", "t", "createdBy", reader())).post(path)
                .then().statusCode(403).contentType(PROBLEM_JSON);
        nothing.run();
        // No project number was used by any refused request.
        post.apply(Api.given()).then().statusCode(201).body("projectId", org.hamcrest.Matchers.endsWith("-0001"))
                .body("createdBy", equalTo(Api.owner()));
    }

    @Test
    void changingOrDeletingAProjectNeedsAnOwnerOrAdmin() {
        String ws = workspaceWithReader("mx-projchg");
        String pid = Api.createProject(ws, "kept", null);
        String path = "/workspaces/" + ws + "/projects/" + pid;
        Function<RequestSpecification, Response> patch = r -> r.contentType(ContentType.JSON)
                .body(Map.of("title", "changed")).patch(path);
        Function<RequestSpecification, Response> delete = r -> r.delete(path);
        Runnable unchanged = () -> Api.given().get(path).then().statusCode(200).body("title", equalTo("kept"))
                .body("version", equalTo(1));
        for (Function<RequestSpecification, Response> route : List.of(patch, delete)) {
            assertEveryBrokenTokenIs401(Api.owner(), route, unchanged);
            assertEquals(404, route.apply(Api.as(Api.uniqueId("outsider"))).statusCode());
            assertEquals(403, route.apply(Api.as(reader())).statusCode());
            unchanged.run();
        }
        MemberRoutesTest.putMember(Api.owner(), ws, reader(), "admin").then().statusCode(200);
        patch.apply(Api.as(reader())).then().statusCode(200).body("title", equalTo("changed"));
        delete.apply(Api.as(reader())).then().statusCode(204);
    }

    @Test
    void changingMembersNeedsAnOwnerOrAdmin() {
        String ws = workspaceWithReader("mx-members");
        String edgePath = "/workspaces/" + ws + "/members/" + reader();
        Function<RequestSpecification, Response> put = r -> r.contentType(ContentType.JSON)
                .body(Map.of("role", "admin")).put(edgePath);
        // Another's edge: removing one's own is leaving, which any member may do (WorkspaceSeatsTest).
        Function<RequestSpecification, Response> delete = r -> r.delete("/workspaces/" + ws + "/members/" + Api.owner());
        Runnable unchanged = () -> {
            assertEquals("member", stored(WorkspaceKeys.member(ws, reader())).get("role").s());
            assertEquals("owner", stored(WorkspaceKeys.member(ws, Api.owner())).get("role").s());
        };
        for (Function<RequestSpecification, Response> route : List.of(put, delete)) {
            assertEveryBrokenTokenIs401(Api.owner(), route, unchanged);
            assertEquals(404, route.apply(Api.as(Api.uniqueId("outsider"))).statusCode());
            assertEquals(403, route.apply(Api.as(reader())).statusCode(), "a member cannot promote or remove");
            unchanged.run();
        }
    }

    @Test
    void aNonMemberCannotTellAnExistingWorkspaceFromAMissingOne() {
        String ws = workspaceWithReader("mx-iso");
        String pid = Api.createProject(ws, "secret", null);
        String missing = Api.uniqueId("mx-none");
        String outsider = Api.uniqueId("outsider");
        for (String suffix : List.of("", "?include=projects", "/projects", "/projects/" + pid, "/members")) {
            Response hidden = Api.as(outsider).get("/workspaces/" + ws + suffix);
            Response absent = Api.as(outsider).get("/workspaces/" + missing + suffix);
            assertEquals(404, hidden.statusCode(), suffix);
            assertEquals(404, absent.statusCode(), suffix);
            hidden.then().contentType(PROBLEM_JSON);
            assertEquals(absent.<String>path("title"), hidden.<String>path("title"), suffix);
            assertEquals(absent.<String>path("detail").replace(missing, ws), hidden.<String>path("detail"), suffix);
            Api.as(reader()).get("/workspaces/" + ws + suffix).then().statusCode(200);
        }
        Api.as(outsider).queryParam("member", Api.owner()).get("/workspaces").then().statusCode(403);
    }

    @Test
    void projectsByStatusSpanTenantsAndNeedThePlatformAdmin() {
        Api.given().queryParam("status", "ACTIVE").get("/projects").then().statusCode(403)
                .contentType(PROBLEM_JSON);
        RestAssured.given().queryParam("status", "ACTIVE").get("/projects").then().statusCode(401);
        Api.asPlatformAdmin().queryParam("status", "ACTIVE").get("/projects").then().statusCode(200);
    }

    @Test
    void theOpenApiDocumentDeclaresTheBearerScheme() {
        RestAssured.given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .body("components.securitySchemes.bearer.scheme", equalTo("bearer"))
                .body("paths.'/workspaces/{wsId}'.get.security[0].bearer", equalTo(List.of()));
        RestAssured.given().get("/q/health/ready").then().statusCode(200);
    }
}
