package dev.trident.social;

import static dev.trident.social.Api.anyone;
import static dev.trident.social.Api.assertProblem;
import static dev.trident.social.Api.body;
import static dev.trident.social.Api.createPost;
import static dev.trident.social.Api.createUser;
import static dev.trident.social.Api.newUserId;
import static dev.trident.social.Api.patchJson;
import static dev.trident.social.Api.postJson;
import static dev.trident.social.Api.uniqueId;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.List;
import org.junit.jupiter.api.Test;

@QuarkusTest
class UserApiTest {

    @Test
    void createMakesTheCallersProfileAnswering201WithLocationETagInOneTransaction() {
        String handle = uniqueId("Ann");
        String userId = newUserId();
        DynamoDbCallRecorder.reset();
        Response created = postJson(userId, "/users", body("handle", handle, "displayName", "Ann", "bio", "hello"));
        created.then().statusCode(201)
                .header("ETag", "\"1\"")
                .body("userId", equalTo(userId))
                .body("handle", equalTo(handle))
                .body("displayName", equalTo("Ann"))
                .body("bio", equalTo("hello"))
                .body("version", equalTo(1));
        assertEquals(List.of("TransactWriteItems"), DynamoDbCallRecorder.operations());
        assertTrue(created.header("Location").endsWith("/users/" + userId));

        DynamoDbCallRecorder.reset();
        anyone().get("/users/" + userId).then().statusCode(200).header("ETag", "\"1\"")
                .body("userId", equalTo(userId)).body("handle", equalTo(handle));
        assertEquals(List.of("GetItem"), DynamoDbCallRecorder.operations());
    }

    @Test
    void aHandleDifferingOnlyInCaseIsTaken() {
        String handle = uniqueId("Bob");
        createUser(handle);
        assertProblem(postJson(newUserId(), "/users", body("handle", handle.toLowerCase(), "displayName", "other")), 409, null)
                .body("detail", equalTo("the handle is taken"));
        assertProblem(postJson(newUserId(), "/users", body("handle", handle.toUpperCase(), "displayName", "other")), 409, null);
    }

    @Test
    void findByHandleIsCaseInsensitiveAndReadsGsi1() {
        String handle = uniqueId("Cleo");
        String userId = createUser(handle);
        DynamoDbCallRecorder.reset();
        // No ETag: an index read is eventually consistent, so its version is no precondition to send back.
        anyone().get("/users/by-handle/" + handle.toUpperCase()).then().statusCode(200)
                .header("ETag", nullValue()).body("userId", equalTo(userId)).body("handle", equalTo(handle));
        assertEquals(List.of("Query(GSI1)"), DynamoDbCallRecorder.operations());

        assertProblem(anyone().get("/users/by-handle/" + uniqueId("nobody")), 404, null);
        assertProblem(anyone().get("/users/by-handle/bad%20handle"), 400, "handle");
    }

    @Test
    void invalidCreateBodiesAre400NamingTheFieldAndWriteNothing() {
        String handle = uniqueId("v");
        assertProblem(postJson(newUserId(), "/users", body("displayName", "x")), 400, "handle");
        assertProblem(postJson(newUserId(), "/users", body("handle", "bad handle!", "displayName", "x")), 400, "handle");
        assertProblem(postJson(newUserId(), "/users", body("handle", handle, "displayName", " ")), 400, "displayName");
        assertProblem(postJson(newUserId(), "/users", body("handle", handle, "displayName", "x".repeat(101))), 400, "displayName");
        assertProblem(postJson(newUserId(), "/users", body("handle", handle, "displayName", "x", "bio", "b".repeat(1001))), 400, "bio");
        assertProblem(postJson(newUserId(), "/users", body("handle", handle, "displayName", 42, "bio", List.of())), 400, null);
        assertProblem(anyone().contentType("application/json").post("/users"), 400, null);
        assertProblem(anyone().contentType("application/json").body("{not json").post("/users"), 400, null);
        // Nothing was written: the handle is still free.
        assertProblem(anyone().get("/users/by-handle/" + handle), 404, null);
        createUser(handle);
    }

    @Test
    void getUnknownOrInvalidIds() {
        assertProblem(anyone().get("/users/" + uniqueId("ghost")), 404, null);
        assertProblem(anyone().get("/users/a%23b"), 400, "userId");
        assertProblem(anyone().get("/users/" + "x".repeat(65)), 400, "userId");
    }

    @Test
    void patchChangesDisplayNameAndBioAndBumpsTheETag() {
        String userId = createUser();
        DynamoDbCallRecorder.reset();
        patchJson(userId, "/users/" + userId, "\"1\"", body("displayName", "New", "bio", "about me")).then().statusCode(200)
                .header("ETag", "\"2\"").body("displayName", equalTo("New")).body("bio", equalTo("about me"))
                .body("version", equalTo(2));
        assertEquals(List.of("UpdateItem"), DynamoDbCallRecorder.operations());

        // Without If-Match the update is unconditional on the version; an empty bio removes it.
        patchJson(userId, "/users/" + userId, null, body("bio", "")).then().statusCode(200)
                .header("ETag", "\"3\"").body("bio", nullValue()).body("displayName", equalTo("New"));
    }

    @Test
    void patchWithAStaleETagIs412AndChangesNothing() {
        String userId = createUser();
        patchJson(userId, "/users/" + userId, "\"1\"", body("displayName", "first")).then().statusCode(200);
        assertProblem(patchJson(userId, "/users/" + userId, "\"1\"", body("displayName", "second")), 412, null);
        anyone().get("/users/" + userId).then().body("displayName", equalTo("first")).header("ETag", "\"2\"");
        assertProblem(patchJson(userId, "/users/" + userId, "not-an-etag", body("displayName", "x")), 400, "If-Match");
    }

    @Test
    void patchErrors() {
        String userId = createUser();
        // The caller's own profile, not created yet.
        String ghost = newUserId();
        assertProblem(patchJson(ghost, "/users/" + ghost, null, body("displayName", "x")), 404, null);
        assertProblem(patchJson(ghost, "/users/" + ghost, "\"1\"", body("displayName", "x")), 404, null);
        assertProblem(patchJson(userId, "/users/" + userId, null, body("handle", "new-handle")), 400, "handle");
        assertProblem(patchJson(userId, "/users/" + userId, null, body()), 400, "displayName");
        assertProblem(patchJson(userId, "/users/" + userId, null, body("displayName", "  ")), 400, "displayName");
        assertProblem(patchJson(userId, "/users/" + userId, null, body("bio", "b".repeat(1001))), 400, "bio");
        anyone().get("/users/" + userId).then().header("ETag", "\"1\"");
    }

    @Test
    void includePostsReadsTheProfileAndNewestPostsInOneQueryWithoutStats() {
        String userId = createUser();
        String first = createPost(userId, "one");
        String second = createPost(userId, "two");
        String third = createPost(userId, "three");
        DynamoDbCallRecorder.reset();
        Response page = anyone().queryParam("include", "posts").queryParam("limit", 2).get("/users/" + userId);
        page.then().statusCode(200).header("ETag", "\"1\"")
                .body("profile.userId", equalTo(userId))
                .body("posts.items.postId", equalTo(List.of(third, second)))
                .body("posts.nextCursor", notNullValue());
        assertEquals(List.of("Query"), DynamoDbCallRecorder.operations());

        // The cursor continues at the posts listing.
        anyone().queryParam("cursor", (String) page.path("posts.nextCursor")).get("/users/" + userId + "/posts")
                .then().statusCode(200).body("items.postId", equalTo(List.of(first))).body("nextCursor", nullValue());

        // A STATS# item exists (posts were counted) but never shows up as a post.
        anyone().queryParam("include", "posts").get("/users/" + userId).then().statusCode(200)
                .body("posts.items", hasSize(3)).body("posts.nextCursor", nullValue());
    }

    @Test
    void includeErrors() {
        String userId = createUser();
        assertProblem(anyone().queryParam("include", "friends").get("/users/" + userId), 400, "include");
        assertProblem(anyone().queryParam("include", "posts").queryParam("limit", "abc").get("/users/" + userId), 400,
                "limit");
        assertProblem(anyone().queryParam("include", "posts").queryParam("limit", 101).get("/users/" + userId), 400,
                "limit");
        assertProblem(anyone().queryParam("include", "posts").get("/users/" + uniqueId("ghost")), 404, null);
        anyone().queryParam("include", "posts").get("/users/" + userId).then().statusCode(200)
                .body("posts.items", hasSize(0)).body("profile.handle", notNullValue());
    }

    @Test
    void locationPointsAtTheNewProfile() {
        Response created = postJson(newUserId(), "/users", body("handle", uniqueId("loc"), "displayName", "L"));
        String location = created.header("Location");
        anyone().get(location).then().statusCode(200).body("userId", equalTo(created.path("userId")))
                .body("createdAt", endsWith("Z"));
    }
}
