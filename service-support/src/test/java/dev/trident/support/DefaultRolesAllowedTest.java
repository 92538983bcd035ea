package dev.trident.support;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.testing.Tokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How a service makes every route require a token at once: default-roles-allowed {@code **} in its
 * application.properties, {@code @PermitAll} where a route stays public. Health, metrics and
 * OpenAPI are not JAX-RS routes and stay open.
 */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
@TestProfile(DefaultRolesAllowedTest.EveryRouteAuthenticated.class)
class DefaultRolesAllowedTest {

    public static class EveryRouteAuthenticated implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.security.jaxrs.default-roles-allowed", "**");
        }
    }

    @Test
    void unannotatedRouteNeedsAValidToken() {
        given().get("/probe/keys/abc").then().statusCode(401).contentType("application/problem+json")
                .header("WWW-Authenticate", startsWith("Bearer"));
        given().header("Authorization", Tokens.user("u1").expired().bearer()).get("/probe/keys/abc")
                .then().statusCode(401).contentType("application/problem+json");
        given().header("Authorization", Tokens.user("u1").bearer()).get("/probe/keys/abc")
                .then().statusCode(200);
    }

    @Test
    void rolesAllowedStillAppliesOnTop() {
        given().header("Authorization", Tokens.user("u1").bearer()).get("/probe/registrar").then().statusCode(403);
    }

    @Test
    void permitAllRouteStaysOpen() {
        given().get("/probe/open").then().statusCode(200).body("open", equalTo(true));
    }

    @Test
    void healthMetricsAndOpenApiStayOpen() {
        given().get("/q/health/live").then().statusCode(200);
        given().get("/q/metrics").then().statusCode(200);
        given().get("/q/openapi").then().statusCode(200);
    }
}
