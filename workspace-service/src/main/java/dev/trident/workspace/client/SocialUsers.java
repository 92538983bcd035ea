package dev.trident.workspace.client;

import dev.trident.support.client.DependencyFailures;
import dev.trident.support.client.RejectedByDependency;
import dev.trident.support.client.TransientFailure;
import dev.trident.support.problem.ProblemException;
import io.smallrye.faulttolerance.api.AsynchronousNonBlocking;
import io.smallrye.faulttolerance.api.CircuitBreakerName;
import io.smallrye.faulttolerance.api.ExponentialBackoff;
import io.smallrye.faulttolerance.api.RetryWhen;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.eclipse.microprofile.faulttolerance.Timeout;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * Users of social-service as the workspace rules need them: a referenced user must exist (422 otherwise), and
 * social-service being down, slow or failing is a fast 503 with Retry-After, never a hang and never a write.
 *
 * <p>Defaults, each overridable with {@code quarkus.fault-tolerance."dev.trident.workspace.client.SocialUsers/find"
 * .<strategy>.<property>}: 500 ms per attempt; 2 retries of transient failures (timeouts, connection errors, 5xx)
 * 50 ms then 100 ms apart (±25 ms jitter), so a hanging dependency costs about 1.7 s in all; a breaker that opens
 * when half of the last 10 attempts failed (each retry is an attempt) and lets one call through again after 5 s
 * (the Retry-After it answers with meanwhile).
 */
@ApplicationScoped
public class SocialUsers {

    static final String DEPENDENCY = "social-service";

    private final SocialServiceClient client;

    SocialUsers(@RestClient SocialServiceClient client) {
        this.client = client;
    }

    /**
     * The user {@code userId}, or a 422 naming {@code field} and the id; dependency failures become 503/401/403.
     * {@code authorization} is the caller's header, forwarded to social-service.
     */
    public Uni<SocialUser> requireUser(String field, String userId, String authorization) {
        return find(userId, authorization)
                .onFailure().transform(failure -> DependencyFailures.toProblem(DEPENDENCY, failure))
                .map(user -> user.orElseThrow(() -> ProblemException.unknownReference(field, userId)));
    }

    /**
     * GET /users/{id} under timeout, retry and breaker (an idempotent read, so retrying is safe). A 404 is an
     * answer ("no such user"), so it is a successful empty result here and neither retried nor held against the
     * breaker; any other 4xx fails without retry and is skipped by the breaker.
     */
    @AsynchronousNonBlocking
    @Timeout(500)
    @Retry(maxRetries = 2, delay = 50, jitter = 25)
    @ExponentialBackoff(factor = 2, maxDelay = 400)
    @RetryWhen(exception = TransientFailure.class)
    @CircuitBreaker(requestVolumeThreshold = 10, failureRatio = 0.5, delay = 5000, successThreshold = 1,
            skipOn = RejectedByDependency.class)
    @CircuitBreakerName(DEPENDENCY)
    Uni<Optional<SocialUser>> find(String userId, String authorization) {
        return client.getUser(userId, authorization).map(Optional::of)
                .onFailure(RejectedByDependency::isNotFound)
                .recoverWithItem(Optional.empty());
    }
}
