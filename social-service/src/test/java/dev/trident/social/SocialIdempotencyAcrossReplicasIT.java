package dev.trident.social;

import static io.restassured.RestAssured.given;

import dev.trident.testing.IdempotencyAcrossReplicasContract;
import dev.trident.testing.PackagedServiceResource;
import dev.trident.testing.Tokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import java.util.UUID;

/** A post created through the packaged service is replayed by a second replica from the same jar. */
@QuarkusIntegrationTest
@QuarkusTestResource(value = PackagedServiceResource.class, restrictToAnnotatedClass = true)
class SocialIdempotencyAcrossReplicasIT extends IdempotencyAcrossReplicasContract {

    @Override
    protected String module() {
        return "social-service";
    }

    @Override
    protected Create prepare() {
        String userId = "replica-" + UUID.randomUUID().toString().substring(0, 8);
        given().header("Authorization", Tokens.user(userId).bearer()).contentType("application/json")
                .body("{\"handle\":\"" + userId + "\",\"displayName\":\"Replica\"}").post("/users")
                .then().statusCode(201);
        return new Create(userId, "POST", "/users/" + userId + "/posts", "{\"body\":\"once\"}", 201);
    }
}
