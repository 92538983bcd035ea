package dev.trident.support.problem;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.support.dynamo.WriteContended;
import jakarta.ws.rs.core.Response;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException;

/**
 * A write that lost to concurrent ones is one answer wherever it is mapped: a 409 with Retry-After (the items are
 * busy, nothing was written, the client may send it again), never the 503 of a throttled or unreachable table.
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
        assertContended(mappers.unwrap(new CompletionException(
                TransactionInProgressException.builder().message("x").statusCode(400).build())));
    }

    @Test
    void theServicesFactoryNamesWhatIsContendedWithTheSameAnswer() {
        ProblemException contended = ProblemException.contended("post p1");
        assertEquals(409, contended.status());
        assertEquals(ProblemException.CONTENDED_RETRY_AFTER_SECONDS, contended.retryAfterSeconds());
        assertEquals("post p1 is being changed by many requests at once; retry", contended.getMessage());
    }

    private static void assertContended(Response response) {
        assertEquals(409, response.getStatus());
        assertEquals(String.valueOf(ProblemException.CONTENDED_RETRY_AFTER_SECONDS),
                response.getHeaderString("Retry-After"));
        assertEquals(Problem.MEDIA_TYPE, response.getMediaType().toString());
    }
}
