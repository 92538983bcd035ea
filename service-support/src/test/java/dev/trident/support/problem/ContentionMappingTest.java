package dev.trident.support.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.support.dynamo.Throttled;
import dev.trident.support.dynamo.WriteContended;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException;

/**
 * A write that lost to concurrent ones is one answer wherever it is mapped: a 409 with Retry-After (the items are
 * busy, nothing was written, the client may send it again), never the 503 of a throttled or unreachable table; and
 * the 503s of throttling and of an unknown outcome are never mistaken for it.
 */
class ContentionMappingTest {

    private final ProblemMappers mappers = new ProblemMappers();

    @Test
    void aContendedWriteNoServiceNamedIs409WithRetryAfter() {
        assertContended(mappers.contended(new WriteContended(null)));
        assertContended(mappers.unwrap(new CompletionException(new WriteContended(null))));
    }

    @Test
    void aWriteThatMetATransactionInFlightIsTheSameConflictNotThrottling() {
        assertContended(mappers.dynamoDb(TransactionConflictException.builder().message("x").statusCode(400).build()));
    }

    /** That transaction is this very request's earlier attempt, which will commit: "nothing written" would be false. */
    @Test
    void aTransactionStillInProgressIsAnUnknownOutcomeNotAConflict() {
        Response response = mappers.unwrap(new CompletionException(
                TransactionInProgressException.builder().message("x").statusCode(400).build()));
        assertEquals(503, response.getStatus());
        assertEquals("1", response.getHeaderString("Retry-After"));
        assertTrue(((Problem) response.getEntity()).detail().contains("may have been made"),
                () -> response.getEntity().toString());
        assertTrue(((Problem) response.getEntity()).detail().contains("Idempotency-Key"));
    }

    @Test
    void aTransactionCancelledForThrottlingIs503WithRetryAfterNever500() {
        TransactionCanceledException throttled = TransactionCanceledException.builder().message("cancelled")
                .statusCode(400).cancellationReasons(CancellationReason.builder().code("None").build(),
                        CancellationReason.builder().code("ThrottlingError").message("slow down").build())
                .build();
        for (Response response : List.of(mappers.unwrap(new CompletionException(throttled)),
                mappers.throttled(new Throttled(throttled)))) {
            assertEquals(503, response.getStatus());
            assertEquals("1", response.getHeaderString("Retry-After"));
            assertTrue(((Problem) response.getEntity()).detail().contains("throttling"));
        }
    }

    @Test
    void theServicesFactoryNamesWhatIsContendedWithTheSameAnswer() {
        ProblemException contended = ProblemException.contended("post p1");
        assertEquals(409, contended.status());
        assertEquals(RetryAfter.MOMENT.seconds(), contended.retryAfterSeconds());
        assertEquals("post p1 is being changed by many requests at once; retry", contended.getMessage());
    }

    private static void assertContended(Response response) {
        assertEquals(409, response.getStatus());
        assertEquals(String.valueOf(RetryAfter.MOMENT.seconds()),
                response.getHeaderString("Retry-After"));
        assertEquals(Problem.MEDIA_TYPE, response.getMediaType().toString());
    }
}
