package dev.trident.enrollment;

import dev.trident.testing.StrictJsonContract;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.util.UUID;

/** PUT /courses/{id} reads its body one way only (the shared contract). */
@QuarkusTest
class EnrollmentStrictJsonTest extends StrictJsonContract {

    private final String courseId = "strict-" + UUID.randomUUID().toString().substring(0, 12);

    @Override
    protected String method() {
        return "PUT";
    }

    @Override
    protected String path() {
        return "/courses/" + courseId;
    }

    @Override
    protected String validBody() {
        return "{\"title\":\"Algorithms\",\"credits\":6,\"term\":\"2026-fall\",\"capacity\":20}";
    }

    @Override
    protected String firstKey() {
        return "title";
    }

    @Override
    protected RequestSpecification caller() {
        return as("strict-registrar", "registrar");
    }

    @Override
    protected String readBack() {
        return "/courses/" + courseId;
    }
}
