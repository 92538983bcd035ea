package dev.trident.social;

import static dev.trident.social.Api.anyone;
import static dev.trident.social.Api.postJson;

import dev.trident.testing.FrozenTableContract;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;

/** With DynamoDB frozen, profiles and posts are read and written as 503s within the bound (the shared contract). */
@QuarkusTest
class SocialFrozenTableTest extends FrozenTableContract {

    private String userId;

    @Override
    protected void prepare() {
        userId = Api.createUser(Api.uniqueId("frozen"));
    }

    @Override
    protected List<Route> reads() {
        return List.of(
                new Route("GET /users/{id}", () -> anyone().get("/users/{id}", userId)),
                new Route("GET /users/{id}/posts", () -> anyone().get("/users/{id}/posts", userId)));
    }

    @Override
    protected List<Route> writes() {
        return List.of(
                new Route("POST /users", () -> {
                    String newUser = Api.newUserId();
                    return postJson(newUser, "/users",
                            Map.of("handle", Api.uniqueId("frozen"), "displayName", "Frozen " + newUser));
                }),
                new Route("POST /users/{id}/posts", () -> postJson(userId, "/users/" + userId + "/posts",
                        Map.of("title", "while frozen", "body", "a post"))));
    }
}
