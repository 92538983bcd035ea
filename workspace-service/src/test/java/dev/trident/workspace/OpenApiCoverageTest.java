package dev.trident.workspace;

import dev.trident.testing.openapi.OpenApiCoverage;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI document lists exactly the statuses the tests observe, and every answer they receive validates against
 * it (ResponseRecording records them; test-support DocumentedAnswers checks each). A plain JUnit
 * class, so Quarkus' class orderer runs it after every @QuarkusTest of the module.
 */
class OpenApiCoverageTest {

    /** Answered by the HTTP server before any route, the same on every route. */
    private static final String HTTP_SERVER_LIMIT = "over the HTTP server's limits, answered before any route: "
            + "service-support's HttpHygieneTest proves it";

    @Test
    void everyAnswerMatchesTheDocumentAndEveryDocumentedStatusWasObserved() {
        OpenApiCoverage.ofThisTestRun()
                .allowUnobserved("414", HTTP_SERVER_LIMIT)
                .allowUnobserved("431", HTTP_SERVER_LIMIT)
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
