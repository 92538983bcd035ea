package dev.trident.enrollment;

import dev.trident.testing.openapi.OpenApiCoverage;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI document lists exactly the answers the tests observe (ResponseRecording records them). A plain JUnit
 * class, so Quarkus' class orderer runs it after every @QuarkusTest of the module.
 */
class OpenApiCoverageTest {

    @Test
    void everyObservedStatusIsDocumentedAndEveryDocumentedStatusWasObserved() {
        OpenApiCoverage.ofThisTestRun()
                .allowUnobserved("503", "DynamoDB unavailable: the same mapper answers it on every route; "
                        + "EnrollmentFrozenTableTest proves it on a read and a write route of each kind")
                .verify();
    }
}
