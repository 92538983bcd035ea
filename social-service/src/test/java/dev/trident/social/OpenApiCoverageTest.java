package dev.trident.social;

import dev.trident.testing.openapi.OpenApiCoverage;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI document lists exactly the answers the tests observe (ResponseRecording records them). A plain JUnit
 * class, so Quarkus' class orderer runs it after every @QuarkusTest of the module.
 */
class OpenApiCoverageTest {

    /** The only 409 of these creates; IdempotencyContract's parallel requests accept it or the answer (timing). */
    private static final String IN_FLIGHT = "a request with the same Idempotency-Key still in flight";

    @Test
    void everyObservedStatusIsDocumentedAndEveryDocumentedStatusWasObserved() {
        OpenApiCoverage.ofThisTestRun()
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
