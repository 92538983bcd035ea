package dev.trident.support.http;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.testing.Tokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Every answer, whoever produced it, carries nosniff, no framing and (unless the route chose) no-store. */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class SecurityHeadersTest {

    private static ValidatableResponse assertHardened(ValidatableResponse response) {
        return response
                .header("X-Content-Type-Options", "nosniff")
                .header("X-Frame-Options", "DENY")
                .header("Content-Security-Policy", "frame-ancestors 'none'");
    }

    @Test
    void anAuthenticatedAnswerIsNeverStored() {
        RequestSpecification caller = given().header("Authorization", Tokens.user("ada").bearer());
        assertHardened(caller.get("/probe/caller").then().statusCode(200).body("sub", equalTo("ada")))
                .header("Cache-Control", "no-store");
    }

    @Test
    void problemsOfEveryOriginCarryTheHeaders() {
        Function<ValidatableResponse, ValidatableResponse> check =
                r -> assertHardened(r.contentType("application/problem+json")).header("Cache-Control", "no-store");
        check.apply(given().get("/probe/caller").then().statusCode(401)); // bearer check
        check.apply(given().get("/probe/conflict").then().statusCode(409)); // a rule of the service
        check.apply(given().get("/probe/bug").then().statusCode(500)); // an unexpected error
        check.apply(given().get("/no/such/route").then().statusCode(404)); // nothing matched
        check.apply(given().contentType("application/json").body("{\"title\":\"" + "x".repeat(2 * 1024 * 1024) + "\"}")
                .post("/probe").then().statusCode(413)); // refused before routing
    }

    @Test
    void healthMetricsOpenApiAndSwaggerUiCarryThemToo() {
        assertHardened(given().get("/q/health/ready").then().statusCode(200)).header("Cache-Control", "no-store");
        assertHardened(given().get("/q/metrics").then().statusCode(200)).header("Cache-Control", "no-store");
        assertHardened(given().get("/q/openapi").then().statusCode(200)).header("Cache-Control", "no-store");
        // Served in tests and dev only (off in production unless QUARKUS_SWAGGER_UI_ENABLED=true), never framed.
        assertHardened(given().get("/q/swagger-ui/").then().statusCode(200)).header("Cache-Control", "no-store");
    }
}
