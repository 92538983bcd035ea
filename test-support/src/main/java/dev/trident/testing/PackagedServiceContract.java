package dev.trident.testing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

/**
 * What every packaged Trident service must do, run by each service's
 * {@code @QuarkusIntegrationTest} subclass against its jar (or native runner).
 */
public abstract class PackagedServiceContract {

    /** A route that reads one item by id, e.g. {@code /users}. */
    protected abstract String itemRoute();

    @Test
    void packagedServiceIsAliveAndReadyOnTheTableItCreated() {
        ReadinessContract.assertAlive();
        ReadinessContract.assertReady();
    }

    @Test
    void packagedServiceAnswersProblemJson() {
        asCaller().get(itemRoute() + "/nobody").then().statusCode(404)
                .contentType("application/problem+json").body("status", equalTo(404));
        asCaller().get(itemRoute() + "/a%23b").then().statusCode(400)
                .contentType("application/problem+json").body("status", equalTo(400));
    }

    @Test
    void packagedServiceRefusesACallerWithoutAToken() {
        given().get(itemRoute() + "/nobody").then().statusCode(401)
                .contentType("application/problem+json").header("WWW-Authenticate", startsWith("Bearer"));
    }

    /** A caller with every role, so that the answer depends on the data, not on the caller's rights. */
    private static RequestSpecification asCaller() {
        return given().header("Authorization", Tokens.user("packaged-contract").roles("registrar", "instructor", "admin").bearer());
    }

    @Test
    void packagedServiceServesItsOpenApiDocumentAndMetrics() {
        given().get("/q/openapi").then().statusCode(200);
        given().get("/q/metrics").then().statusCode(200);
    }
}
