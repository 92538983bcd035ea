package dev.trident.social;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.trident.testing.Tokens;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Test data through the public API, with ids unique per test so test classes never depend on each other. Every
 * request carries a valid bearer token: {@link #as(String, String...)} for the user acting, {@link #anyone()} for
 * reads.
 */
final class Api {

    static final String PROBLEM_JSON = "application/problem+json";
    /** Reads are open to any authenticated caller; this one has no profile. */
    static final String READER = "reader";

    private Api() {
    }

    static String uniqueId(String prefix) {
        return prefix + "-" + Long.toString(ThreadLocalRandom.current().nextLong(Long.MAX_VALUE), 36);
    }

    /** A request by this user, holding these platform roles ({@code groups}): a valid token, {@code sub = userId}. */
    static RequestSpecification as(String userId, String... roles) {
        return given().header("Authorization", Tokens.user(userId).roles(roles).bearer());
    }

    /** A request by an authenticated caller that owns nothing: enough for every read. */
    static RequestSpecification anyone() {
        return as(READER);
    }

    /** A fresh user id; a profile gets it when its owner creates it with a token for that id. */
    static String newUserId() {
        return uniqueId("u");
    }

    static Response postJson(String caller, String path, Object body) {
        return as(caller).contentType(ContentType.JSON).body(body).when().post(path);
    }

    /** A create sent under an Idempotency-Key (docs/api.md "Retrying a create"). */
    static Response postJson(String caller, String path, Object body, String idempotencyKey) {
        return as(caller).header("Idempotency-Key", idempotencyKey).contentType(ContentType.JSON).body(body).when()
                .post(path);
    }

    static Response patchJson(String caller, String path, String ifMatch, Object body) {
        var request = as(caller).contentType(ContentType.JSON).body(body);
        if (ifMatch != null) {
            request.header("If-Match", ifMatch);
        }
        return request.when().patch(path);
    }

    /** Creates a user (as that user) and returns its id. */
    static String createUser(String handle) {
        String userId = newUserId();
        postJson(userId, "/users", Map.of("handle", handle, "displayName", "Name of " + handle))
                .then().statusCode(201).body("userId", equalTo(userId));
        return userId;
    }

    static String createUser() {
        return createUser(uniqueId("u"));
    }

    static String createPost(String userId, String body) {
        return postJson(userId, "/users/" + userId + "/posts", Map.of("title", "t", "body", body))
                .then().statusCode(201).extract().path("postId");
    }

    /** {@code authorId} comments (as the caller) on {@code userId}'s post. */
    static String comment(String userId, String postId, String authorId, String body) {
        return postJson(authorId, "/users/" + userId + "/posts/" + postId + "/comments", Map.of("body", body))
                .then().statusCode(201).extract().path("commentId");
    }

    static Map<String, Object> body(Object... keyValues) {
        Map<String, Object> map = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            map.put((String) keyValues[i], keyValues[i + 1]);
        }
        return map;
    }

    /** A 4xx problem+json naming {@code field} in its errors. */
    static ValidatableResponse assertProblem(Response response, int status, String field) {
        ValidatableResponse then = response.then().statusCode(status).contentType(PROBLEM_JSON)
                .body("status", equalTo(status));
        if (field != null) {
            then.body("errors.field", org.hamcrest.Matchers.hasItem(field));
        }
        return then;
    }
}
