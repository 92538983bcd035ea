package dev.trident.enrollment;

import static dev.trident.enrollment.Api.asStaff;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import dev.trident.testing.PackagedServiceResource;
import dev.trident.testing.ReadinessContract;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusIntegrationTest;
import org.junit.jupiter.api.Test;

/** The packaged artifact (the JVM jar here, the native runner with -Dnative) against DynamoDB Local. */
@QuarkusIntegrationTest
@QuarkusTestResource(value = PackagedServiceResource.class, restrictToAnnotatedClass = true)
class PackagedEnrollmentServiceIT {

    @Test
    void packagedServiceIsAliveAndReadyOnTheTableItCreated() {
        ReadinessContract.assertAlive();
        ReadinessContract.assertReady();
    }

    @Test
    void packagedServiceAnswersProblemJson() {
        asStaff().get("/students/nobody").then().statusCode(404)
                .contentType("application/problem+json").body("status", equalTo(404));
        asStaff().get("/students/a%23b").then().statusCode(400)
                .contentType("application/problem+json").body("status", equalTo(400));
    }

    @Test
    void packagedServiceServesItsOpenApiDocumentAndMetrics() {
        given().get("/q/openapi").then().statusCode(200);
        given().get("/q/metrics").then().statusCode(200);
    }
}
