package dev.trident.workspace;

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
                        + "WorkspaceFrozenTableTest proves it on a read and a write route of each kind")
                .allowUnobserved("POST /workspaces/{wsId}/projects 409", "the only 409 of a project create: a request "
                        + "with the same Idempotency-Key still in flight; IdempotencyContract's parallel requests accept "
                        + "it or the answer (timing)")
                .allowUnobserved("PUT /workspaces/{wsId}/members/{userId} 502", "the same social-service check and "
                        + "answer mapping as POST /workspaces, where SocialServiceFailuresTest proves the 502")
                .verify();
    }
}
