package dev.trident.social;

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

    /** The only 409 of these creates; IdempotencyContract's parallel requests accept it or the answer (timing). */
    private static final String IN_FLIGHT = "a request with the same Idempotency-Key still in flight";

    @Test
    void everyAnswerMatchesTheDocumentAndEveryDocumentedStatusWasObserved() {
        OpenApiCoverage.ofThisTestRun()
                .allowUnobserved("414", HTTP_SERVER_LIMIT)
                .allowUnobserved("431", HTTP_SERVER_LIMIT)
                .allowUnobserved("503", "DynamoDB unavailable: the same mapper answers it on every route; "
                        + "SocialFrozenTableTest proves it on a read and a write route of each kind")
                .allowUnobserved("DELETE /users/{userId} 409", "the profile changed between the read and the erasure's "
                        + "transaction and no erasure record was written by the other request either: a race no test "
                        + "can time; AccountErasureService maps it")
                .allowUnobserved("POST /users/{userId}/posts 409", IN_FLIGHT)
                .allowUnobserved("POST /users/{userId}/posts/{postId}/comments 409", IN_FLIGHT)
                .verify();
    }
}
