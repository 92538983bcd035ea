package dev.trident.support.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.support.problem.ProblemException;
import dev.trident.support.problem.RetryAfter;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import java.net.ConnectException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Each answer or failure of a peer, and what our own caller gets for it (no Quarkus, no DynamoDB). */
class DependencyFailuresTest {

    private static final String PEER = "social-service";

    private static ProblemException answer(Throwable failure) {
        return DependencyFailures.toProblem(PEER, failure);
    }

    @Test
    void aPeer401IsOur401TheCallersTokenWasRefused() {
        ProblemException problem = answer(new RejectedByDependency(401));
        assertEquals(401, problem.status());
        assertNull(problem.retryAfterSeconds());
        assertEquals("social-service refused the caller's credentials", problem.getMessage());
    }

    @Test
    void aPeer403IsOur403() {
        ProblemException problem = answer(new RejectedByDependency(403));
        assertEquals(403, problem.status());
        assertNull(problem.retryAfterSeconds());
    }

    @ParameterizedTest
    @ValueSource(ints = { 400, 404, 405, 406, 409, 412, 415, 422 })
    void anyOtherPeer4xxIsA502WithoutRetryAfterNamingThePeerAndTheStatus(int status) {
        ProblemException problem = answer(new RejectedByDependency(status));
        assertEquals(502, problem.status());
        assertNull(problem.retryAfterSeconds(), "retrying a request the peer refused cannot help");
        assertEquals("social-service refused the request this service made (HTTP " + status + ")",
                problem.getMessage());
        assertEquals("https://trident.dev/problems/bad-gateway", problem.toProblem().type());
        assertEquals("Bad gateway", problem.toProblem().title());
    }

    @Test
    void aPeerSheddingLoadWith429IsA503WithRetryAfter() {
        ProblemException problem = answer(new RejectedByDependency(429));
        assertEquals(503, problem.status());
        assertEquals(1, problem.retryAfterSeconds());
    }

    @ParameterizedTest
    @ValueSource(ints = { 500, 502, 503, 504 })
    void aPeer5xxIsA503WithRetryAfter1(int status) {
        ProblemException problem = answer(new WebApplicationException(status));
        assertEquals(503, problem.status());
        assertEquals(1, problem.retryAfterSeconds());
    }

    @Test
    void aTimeoutOrABrokenConnectionIsA503WithRetryAfter1() {
        for (Throwable failure : new Throwable[] { new TimeoutException(), new ConnectException("refused"),
                new ProcessingException("reset") }) {
            ProblemException problem = answer(failure);
            assertEquals(503, problem.status(), failure.toString());
            assertEquals(1, problem.retryAfterSeconds(), failure.toString());
        }
    }

    @Test
    void anOpenBreakerIsA503WithTheBreakersRetryAfter() {
        ProblemException problem = answer(new CircuitBreakerOpenException());
        assertEquals(503, problem.status());
        assertEquals(RetryAfter.OUTAGE.seconds(), problem.retryAfterSeconds());
    }

    @Test
    void aProblemAlreadyDecidedPassesUnchanged() {
        ProblemException decided = ProblemException.unknownReference("studentId", "u-1");
        assertSame(decided, answer(decided));
    }

    @Test
    void onlyOutagesAreRetriedNeverAnAnswerOfAPeerThatIsUp() {
        assertTrue(DependencyFailures.isTransient(new TimeoutException()));
        assertTrue(DependencyFailures.isTransient(new ConnectException("refused")));
        assertTrue(DependencyFailures.isTransient(new ProcessingException("reset")));
        assertTrue(DependencyFailures.isTransient(new WebApplicationException(500)));
        assertTrue(DependencyFailures.isTransient(new WebApplicationException(503)));
        for (int status : new int[] { 400, 401, 403, 404, 405, 429 }) {
            assertFalse(DependencyFailures.isTransient(new RejectedByDependency(status)), "HTTP " + status);
        }
        assertFalse(DependencyFailures.isTransient(new CircuitBreakerOpenException()));
    }
}
