package dev.trident.workspace;

import dev.trident.testing.Tokens;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.config.ConfigProvider;

/** REST helpers shared by the workspace tests. */
final class Api {

    static final String PROBLEM_JSON = "application/problem+json";
    static final String OWNER_NAME = "Owner One";

    private static String owner;

    private Api() {
    }

    /** A request as the helpers' owner ({@link #owner()}), who owns every workspace the helpers create. */
    static RequestSpecification given() {
        return as(owner());
    }

    /** A request with a valid token for {@code userId} (no platform roles). */
    static RequestSpecification as(String userId) {
        return RestAssured.given().header("Authorization", Tokens.user(userId).bearer());
    }

    /** A request as a platform {@code admin}, who may list projects across workspaces. */
    static RequestSpecification asPlatformAdmin() {
        return asPlatformAdmin(uniqueId("platform"));
    }

    /** A request as {@code userId} holding the platform role {@code admin} (e.g. to create a sharded workspace). */
    static RequestSpecification asPlatformAdmin(String userId) {
        return RestAssured.given().header("Authorization", Tokens.user(userId).roles("admin").bearer());
    }

    static String uniqueId(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** Creates a user at the social-service this instance calls (the caller's own profile) and returns its id. */
    static String createUser(String displayName) {
        return as(uniqueId("u")).baseUri(socialServiceUrl()).contentType(ContentType.JSON)
                .body(Map.of("handle", uniqueId("h"), "displayName", displayName))
                .when().post("/users").then().statusCode(201).extract().path("userId");
    }

    /**
     * The social user who owns the helpers' workspaces and creates their projects (created once), {@link #OWNER_NAME}.
     */
    static synchronized String owner() {
        if (owner == null) {
            owner = createUser(OWNER_NAME);
        }
        return owner;
    }

    static String socialServiceUrl() {
        return ConfigProvider.getConfig().getValue("quarkus.rest-client.social-service.url", String.class);
    }

    static Map<String, Object> workspaceBody(String id, Integer shards) {
        return workspaceBody(id, shards, owner());
    }

    static Map<String, Object> workspaceBody(String id, Integer shards, String ownerId) {
        Map<String, Object> body = new HashMap<>(Map.of("workspaceId", id, "displayName", "Acme " + id, "region", "eu-west-1",
                "seatLimit", 25, "ownerId", ownerId));
        if (shards != null) {
            body.put("shards", shards);
        }
        return body;
    }

    /**
     * Creates a workspace owned by {@link #owner()} and returns its id; a sharded one with the owner's token carrying
     * the platform role {@code admin}, since only platform admins may create more than one shard.
     */
    static String createWorkspace(String prefix, Integer shards) {
        String id = uniqueId(prefix);
        RequestSpecification creator = shards != null && shards > 1 ? asPlatformAdmin(owner()) : given();
        creator.contentType(ContentType.JSON).body(workspaceBody(id, shards))
                .when().post("/workspaces").then().statusCode(201);
        return id;
    }

    /** Posts a project as {@link #owner()}. */
    static Response postProject(String wsId, String title, String status) {
        return postProject(wsId, title, status, owner());
    }

    /** Posts a project as {@code createdBy} (the caller; also sent as the body's createdBy). */
    static Response postProject(String wsId, String title, String status, String createdBy) {
        return postProject(wsId, title, status, createdBy, null);
    }

    /** Posts a project as {@code createdBy}, under {@code idempotencyKey} when it is not null. */
    static Response postProject(String wsId, String title, String status, String createdBy, String idempotencyKey) {
        Map<String, Object> body = new HashMap<>(Map.of("title", title, "createdBy", createdBy));
        if (status != null) {
            body.put("status", status);
        }
        RequestSpecification request = as(createdBy).contentType(ContentType.JSON).body(body);
        if (idempotencyKey != null) {
            request.header("Idempotency-Key", idempotencyKey);
        }
        return request.when().post("/workspaces/" + wsId + "/projects");
    }

    /** Creates a project and returns its id. */
    static String createProject(String wsId, String title, String status) {
        return postProject(wsId, title, status).then().statusCode(201).extract().path("projectId");
    }

    /** Pages through a list route to its end; each page's ids in order, asserting no page is empty while more. */
    static List<List<String>> allPages(String path, Map<String, Object> query, int limit) {
        List<List<String>> pages = new ArrayList<>();
        String cursor = null;
        do {
            var request = given().queryParams(query).queryParam("limit", limit);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            Response page = request.when().get(path).then().statusCode(200).extract().response();
            List<String> ids = page.path("items.collect { it.workspaceId + '/' + it.projectId }");
            cursor = page.path("nextCursor");
            if (cursor != null && ids.isEmpty()) {
                throw new AssertionError("an empty page with a next cursor at " + path);
            }
            pages.add(ids);
        } while (cursor != null);
        return pages;
    }
}
