package dev.trident.workspace;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import dev.trident.testing.PackagedServiceResource;
import dev.trident.testing.ReadinessContract;
import dev.trident.testing.Tokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import org.junit.jupiter.api.Test;

/** The packaged artifact (the JVM jar here, the native runner with -Dnative) against DynamoDB Local. */
@QuarkusIntegrationTest
@QuarkusTestResource(value = PackagedServiceResource.class, restrictToAnnotatedClass = true)
class PackagedWorkspaceServiceIT {

    @Test
    void packagedServiceIsAliveAndReadyOnTheTableItCreated() {
        ReadinessContract.assertAlive();
        ReadinessContract.assertReady();
    }

    @Test
    void packagedServiceAnswersProblemJson() {
        String bearer = Tokens.user("it-user").bearer();
        given().header("Authorization", bearer).get("/workspaces/nobody").then().statusCode(404)
                .contentType("application/problem+json").body("status", equalTo(404));
        given().header("Authorization", bearer).get("/workspaces/a%23b").then().statusCode(400)
                .contentType("application/problem+json").body("status", equalTo(400));
    }

    @Test
    void packagedServiceRefusesRequestsWithoutAValidToken() {
        given().get("/workspaces/nobody").then().statusCode(401).header("WWW-Authenticate", startsWith("Bearer"));
        given().header("Authorization", Tokens.user("it-user").signedByAnotherKey().bearer())
                .get("/workspaces/nobody").then().statusCode(401);
    }

    @Test
    void packagedServiceServesItsOpenApiDocumentAndMetrics() {
        given().get("/q/openapi").then().statusCode(200);
        given().get("/q/metrics").then().statusCode(200);
    }
}
