package dev.trident.social;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.response.ValidatableResponse;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/** Test data through the public API, with ids unique per test so test classes never depend on each other. */
final class SocialApi {

    static final String PROBLEM_JSON = "application/problem+json";

    private SocialApi() {
    }

    static String uniqueHandle(String prefix) {
        return prefix + "-" + Long.toString(ThreadLocalRandom.current().nextLong(Long.MAX_VALUE), 36);
    }

    static Response postJson(String path, Object body) {
        return given().contentType(ContentType.JSON).body(body).when().post(path);
    }

    static Response patchJson(String path, String ifMatch, Object body) {
        var request = given().contentType(ContentType.JSON).body(body);
        if (ifMatch != null) {
            request.header("If-Match", ifMatch);
        }
        return request.when().patch(path);
    }

    /** Creates a user and returns its id. */
    static String createUser(String handle) {
        return postJson("/users", Map.of("handle", handle, "displayName", "Name of " + handle))
                .then().statusCode(201).extract().path("userId");
    }

    static String createUser() {
        return createUser(uniqueHandle("u"));
    }

    static String createPost(String userId, String body) {
        return postJson("/users/" + userId + "/posts", Map.of("title", "t", "body", body))
                .then().statusCode(201).extract().path("postId");
    }

    static String comment(String userId, String postId, String authorId, String body) {
        return postJson("/users/" + userId + "/posts/" + postId + "/comments", Map.of("authorId", authorId, "body", body))
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
