package dev.trident.social;

import static dev.trident.social.Api.PROBLEM_JSON;
import static dev.trident.social.Api.anyone;
import static dev.trident.social.Api.as;
import static dev.trident.social.Api.assertProblem;
import static dev.trident.social.Api.body;
import static dev.trident.social.Api.createPost;
import static dev.trident.social.Api.createUser;
import static dev.trident.social.Api.newUserId;
import static dev.trident.social.Api.patchJson;
import static dev.trident.social.Api.postJson;
import static dev.trident.social.Api.uniqueId;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.testing.DynamoDbCallRecorder;
import dev.trident.testing.Tokens;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Who may do what (DESIGN.md): every mutating route against every way a token can fail (401), a valid token
 * of the wrong user (403), and proof by reading back that a refused request wrote nothing.
 */
@QuarkusTest
class AccessRulesTest {

    /** Each way a request can fail authentication; the token names the right user, so only the token is wrong. */
    enum BadToken {
        NONE(userId -> null),
        GARBAGE(userId -> "Bearer " + Tokens.garbage()),
        WRONG_SIGNATURE(userId -> Tokens.user(userId).signedByAnotherKey().bearer()),
        ALG_NONE(userId -> Tokens.user(userId).algNone().bearer()),
        EXPIRED(userId -> Tokens.user(userId).expired().bearer()),
        NOT_YET_VALID(userId -> Tokens.user(userId).notYetValid().bearer()),
        WRONG_ISSUER(userId -> Tokens.user(userId).issuer("https://issuer.example/not-trusted").bearer());

        private final Function<String, String> authorization;

        BadToken(Function<String, String> authorization) {
            this.authorization = authorization;
        }

        RequestSpecification request(String userId) {
            String header = authorization.apply(userId);
            RequestSpecification request = given().contentType(ContentType.JSON);
            return header == null ? request : request.header("Authorization", header);
        }
    }

    @ParameterizedTest
    @EnumSource(BadToken.class)
    void everyMutatingRouteAnswers401ToABadTokenAndWritesNothing(BadToken token) {
        String owner = createUser();
        String postId = createPost(owner, "original");
        String post = "/users/" + owner + "/posts/" + postId;
        String newcomer = newUserId();
        String newHandle = uniqueId("newcomer");

        DynamoDbCallRecorder.reset();
        assertUnauthenticated(token.request(newcomer).body(body("handle", newHandle, "displayName", "N"))
                .post("/users"));
        assertUnauthenticated(token.request(owner).body(body("displayName", "changed")).patch("/users/" + owner));
        assertUnauthenticated(token.request(owner).body(body("body", "another")).post("/users/" + owner + "/posts"));
        assertUnauthenticated(token.request(owner).body(body("body", "changed")).patch(post));
        assertUnauthenticated(token.request(owner).delete(post));
        assertUnauthenticated(token.request(owner).body(body("body", "hi")).post(post + "/comments"));
        assertEquals(List.of(), DynamoDbCallRecorder.operations().stream().filter(op -> !op.equals("DescribeTable"))
                .toList(), "refused before any DynamoDB call");

        assertProblem(anyone().get("/users/" + newcomer), 404, null);
        assertProblem(anyone().get("/users/by-handle/" + newHandle), 404, null);
        assertUnchanged(owner, postId, "original");
    }

    @Test
    void readsNeedAValidTokenOfAnyCallerAndOperationsRoutesStayOpen() {
        String owner = createUser();
        String postId = createPost(owner, "public");
        List<String> reads = List.of("/users/" + owner, "/users/" + owner + "?include=posts", "/users/" + owner
                + "/posts", "/users/" + owner + "/posts/" + postId, "/users/" + owner + "/posts/" + postId
                + "/comments", "/users/" + owner + "/stats", "/timeline");
        for (String read : reads) {
            assertUnauthenticated(given().get(read));
            assertUnauthenticated(given().header("Authorization", Tokens.user(owner).expired().bearer()).get(read));
            as(newUserId()).get(read).then().statusCode(200);
        }
        assertUnauthenticated(given().contentType(ContentType.JSON).body(body("ids", List.of(owner)))
                .post("/users/batch-get"));
        postJson(newUserId(), "/users/batch-get", body("ids", List.of(owner))).then().statusCode(200)
                .body("items.userId", equalTo(List.of(owner)));
        given().get("/q/health/live").then().statusCode(200);
        given().get("/q/openapi").then().statusCode(200);
    }

    @Test
    void createMakesOnlyTheCallersOwnProfileAndOnlyOnce() {
        String caller = createUser();
        String secondHandle = uniqueId("second");
        assertProblem(postJson(caller, "/users", body("handle", secondHandle, "displayName", "Again")), 409, null);
        anyone().get("/users/" + caller).then().statusCode(200).header("ETag", "\"1\"");
        // The second handle was not claimed: someone else may take it.
        assertProblem(anyone().get("/users/by-handle/" + secondHandle), 404, null);
        postJson(newUserId(), "/users", body("handle", secondHandle, "displayName", "Other")).then().statusCode(201);

        // An id in the body is no way to create someone else's profile: refused, not ignored, and nothing written.
        String other = newUserId();
        String me = newUserId();
        String handle = uniqueId("me");
        assertProblem(postJson(me, "/users", body("userId", other, "handle", handle, "displayName", "Me")), 400,
                "userId");
        assertProblem(anyone().get("/users/" + other), 404, null);
        assertProblem(anyone().get("/users/" + me), 404, null);
        assertProblem(anyone().get("/users/by-handle/" + handle), 404, null);
    }

    @Test
    void aTokenWhoseSubjectCannotBeAUserIdOwnsNothing() {
        String handle = uniqueId("hash");
        // A sub outside the id grammar is refused at authentication (DESIGN.md: 401), before any rule of social.
        assertProblem(postJson("a#b", "/users", body("handle", handle, "displayName", "H")), 401, null);
        assertProblem(anyone().get("/users/by-handle/" + handle), 404, null);
    }

    @Test
    void aUserCannotChangeAnotherUsersProfile() {
        String alice = createUser();
        String bob = createUser();
        assertProblem(patchJson(alice, "/users/" + bob, null, body("displayName", "owned")), 403, null);
        assertProblem(patchJson(alice, "/users/" + bob, "\"1\"", body("bio", "owned")), 403, null);
        // Roles grant nothing in social: no route needs one, and none overrides ownership.
        assertProblem(given().header("Authorization", Tokens.user(alice).roles("admin", "registrar", "instructor")
                .bearer()).contentType(ContentType.JSON).body(body("displayName", "owned")).patch("/users/" + bob),
                403, null);
        anyone().get("/users/" + bob).then().statusCode(200).header("ETag", "\"1\"")
                .body("displayName", startsWith("Name of ")).body("bio", nullValue());
    }

    @Test
    void aUserCannotPublishChangeOrDeleteAnotherUsersPosts() {
        String alice = createUser();
        String bob = createUser();
        String postId = createPost(bob, "bob's words");
        String post = "/users/" + bob + "/posts/" + postId;

        assertProblem(postJson(alice, "/users/" + bob + "/posts", body("body", "in bob's name")), 403, null);
        assertProblem(patchJson(alice, post, null, body("body", "alice's words")), 403, null);
        assertProblem(patchJson(alice, post, "\"1\"", body("title", "")), 403, null);
        assertProblem(as(alice).delete(post), 403, null);
        assertProblem(as(alice).header("If-Match", "\"1\"").delete(post), 403, null);
        assertProblem(as(alice).delete("/users/" + bob + "/posts/" + postId), 403, null);

        assertUnchanged(bob, postId, "bob's words");
        anyone().get("/users/" + alice + "/stats").then().body("posts", equalTo(0));
    }

    @Test
    void anyUserWithAProfileCommentsOnAnyPostAsThemselves() {
        String alice = createUser();
        String bob = createUser();
        String postId = createPost(bob, "open for comments");
        String comments = "/users/" + bob + "/posts/" + postId + "/comments";
        postJson(alice, comments, body("body", "from alice")).then().statusCode(201)
                .body("authorId", equalTo(alice)).body("commentId", notNullValue());
        anyone().get(comments).then().body("items.authorId", equalTo(List.of(alice)));
        anyone().get("/users/" + alice + "/stats").then().body("comments", equalTo(1));
        anyone().get("/users/" + bob + "/stats").then().body("comments", equalTo(0));
    }

    @Test
    void openApiDeclaresTheBearerSchemeOnEveryRoute() {
        Response document = given().queryParam("format", "json").get("/q/openapi");
        document.then().statusCode(200)
                .body("components.securitySchemes.bearer.type", equalTo("http"))
                .body("components.securitySchemes.bearer.scheme", equalTo("bearer"))
                .body("components.securitySchemes.bearer.bearerFormat", equalTo("JWT"));
        Map<String, Map<String, Map<String, Object>>> paths = document.path("paths");
        paths.forEach((path, operations) -> operations.forEach((method, operation) -> assertEquals(
                List.of(Map.of("bearer", List.of())), operation.get("security"), method + " " + path)));
    }

    private static void assertUnauthenticated(Response response) {
        response.then().statusCode(401).contentType(PROBLEM_JSON).body("status", equalTo(401))
                .header("WWW-Authenticate", startsWith("Bearer"));
    }

    /** The owner's profile, their one post and the counters are as {@code createUser}/{@code createPost} left them. */
    private static void assertUnchanged(String owner, String postId, String postBody) {
        anyone().get("/users/" + owner).then().statusCode(200).header("ETag", "\"1\"");
        anyone().get("/users/" + owner + "/posts/" + postId).then().statusCode(200).header("ETag", "\"1\"")
                .body("body", equalTo(postBody)).body("title", equalTo("t")).body("commentCount", equalTo(0));
        anyone().get("/users/" + owner + "/posts").then().body("items", hasSize(1));
        anyone().get("/users/" + owner + "/posts/" + postId + "/comments").then().body("items", hasSize(0));
        anyone().get("/users/" + owner + "/stats").then().body("posts", equalTo(1)).body("comments", equalTo(0));
    }
}
