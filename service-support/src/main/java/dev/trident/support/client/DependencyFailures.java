package dev.trident.support.client;

import dev.trident.support.problem.ProblemException;
import dev.trident.support.problem.RetryAfter;
import io.smallrye.faulttolerance.api.RateLimitException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import java.io.IOException;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

/**
 * What a failed call to a peer (another Trident service) means for our own caller, one deliberate answer per case
 * (docs/api.md "Calls between services", "Who may do what"):
 * <ul>
 * <li>the peer down, slow or failing (timeout, refused or broken connection, 5xx, 429): 503 with Retry-After 1; its
 * breaker open: 503 with Retry-After 5, at once;</li>
 * <li>401: our 401 (the peer refused the caller's token, which we pass on); 403: our 403 (the peer refused this
 * caller);</li>
 * <li>404 for a referenced id never gets here: {@link PeerLookup} makes it a 422 naming the field and the id;</li>
 * <li>any other 4xx (400, 405, 409, 415, ...): 502 Bad Gateway without Retry-After. The peer is up and refused the
 * request we built, so the two services disagree about their contract: our bug, not an outage. A 503 would send
 * clients and alerts after an outage that is not there and invite retries that cannot succeed; a 500 would hide
 * that the fault lies at the boundary to the peer.</li>
 * </ul>
 */
public final class DependencyFailures {

    private static final int TOO_MANY_REQUESTS = 429;

    private DependencyFailures() {
    }

    /** True for failures worth retrying (idempotent reads only): the peer may answer next time. */
    public static boolean isTransient(Throwable failure) {
        return failure instanceof TimeoutException || failure instanceof ProcessingException
                || failure instanceof IOException || failure instanceof io.vertx.core.VertxException
                || (failure instanceof WebApplicationException web && web.getResponse().getStatus() >= 500);
    }

    /** The problem our client gets when a call to {@code dependency} failed with {@code failure}. */
    public static ProblemException toProblem(String dependency, Throwable failure) {
        if (failure instanceof ProblemException problem) {
            return problem;
        }
        if (failure instanceof CircuitBreakerOpenException || failure instanceof BulkheadException
                || failure instanceof RateLimitException) {
            return ProblemException.unavailable(dependency + " is unavailable; retry later", RetryAfter.OUTAGE);
        }
        if (failure instanceof TimeoutException) {
            return ProblemException.unavailable(dependency + " did not answer in time; retry later", RetryAfter.MOMENT);
        }
        int status = failure instanceof WebApplicationException web ? web.getResponse().getStatus() : 0;
        if (status >= 400 && status < 500) {
            return refused(dependency, status);
        }
        return ProblemException.unavailable(dependency + " is unavailable; retry later", RetryAfter.MOMENT);
    }

    private static ProblemException refused(String dependency, int status) {
        return switch (status) {
            case 401 -> ProblemException.unauthorized(dependency + " refused the caller's credentials");
            case 403 -> ProblemException.forbidden(dependency + " refused the request for this caller");
            case TOO_MANY_REQUESTS -> ProblemException.unavailable(dependency + " is overloaded; retry later",
                    RetryAfter.MOMENT);
            default -> ProblemException.badGateway(dependency + " refused the request this service made (HTTP "
                    + status + ")");
        };
    }
}
