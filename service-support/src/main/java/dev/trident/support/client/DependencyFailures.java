package dev.trident.support.client;

import dev.trident.support.problem.ProblemException;
import io.smallrye.faulttolerance.api.RateLimitException;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.WebApplicationException;
import java.io.IOException;
import java.net.ConnectException;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

/**
 * What a failed call to another Trident service means for our own client: the dependency being
 * down, slow or failing is a 503 with Retry-After (never a 500, never a hang); its 401/403 are
 * passed on (the caller's token was refused there); any other 4xx is a contract break between
 * services, reported as a 503 without retry so that nothing is written on a guess.
 */
public final class DependencyFailures {

    /** How long a client should wait before retrying when a breaker is open. */
    public static final int BREAKER_RETRY_AFTER_SECONDS = 5;
    private static final int RETRY_AFTER_SECONDS = 1;

    private DependencyFailures() {
    }

    /** True for failures worth retrying (idempotent reads only): the dependency may answer next time. */
    public static boolean isTransient(Throwable failure) {
        return failure instanceof TimeoutException || failure instanceof ConnectException
                || failure instanceof ProcessingException || failure instanceof IOException
                || failure instanceof io.vertx.core.VertxException
                || (failure instanceof WebApplicationException web && web.getResponse().getStatus() >= 500);
    }

    /** True for an HTTP 4xx answer: the dependency is healthy, so it must not count against its breaker. */
    public static boolean isClientError(Throwable failure) {
        return failure instanceof WebApplicationException web && web.getResponse().getStatus() >= 400
                && web.getResponse().getStatus() < 500;
    }

    public static int status(Throwable failure) {
        return failure instanceof WebApplicationException web ? web.getResponse().getStatus() : -1;
    }

    /** The problem our client gets when a call to {@code dependency} failed with {@code failure}. */
    public static ProblemException toProblem(String dependency, Throwable failure) {
        if (failure instanceof ProblemException problem) {
            return problem;
        }
        if (failure instanceof CircuitBreakerOpenException || failure instanceof BulkheadException
                || failure instanceof RateLimitException) {
            return ProblemException.unavailable(dependency + " is unavailable; retry later", BREAKER_RETRY_AFTER_SECONDS);
        }
        if (failure instanceof TimeoutException) {
            return ProblemException.unavailable(dependency + " did not answer in time; retry later", RETRY_AFTER_SECONDS);
        }
        int status = status(failure);
        if (status == 401 || status == 403) {
            return status == 401 ? ProblemException.unauthorized(dependency + " refused the caller's credentials")
                    : ProblemException.forbidden(dependency + " refused the request for this caller");
        }
        if (status >= 400 && status < 500) {
            return ProblemException.unavailable(dependency + " rejected the request (HTTP " + status + ")", RETRY_AFTER_SECONDS);
        }
        return ProblemException.unavailable(dependency + " is unavailable; retry later", RETRY_AFTER_SECONDS);
    }
}
