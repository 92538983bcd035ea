package dev.trident.enrollment.client;

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
 * Workspaces of workspace-service as the enrollment rules need them: a course's workspaceId must exist (422
 * otherwise); workspace-service being down, slow or failing is a fast 503 with Retry-After.
 *
 * <p>Same defaults as {@link SocialUsers}, with a breaker of its own (a failing workspace-service never stops
 * student registration), overridable with
 * {@code quarkus.fault-tolerance."dev.trident.enrollment.client.Workspaces/find".<strategy>.<property>}.
 */
@ApplicationScoped
public class Workspaces {

    public static final String DEPENDENCY = "workspace-service";

    private final WorkspaceServiceClient client;

    Workspaces(@RestClient WorkspaceServiceClient client) {
        this.client = client;
    }

    /**
     * The workspace {@code wsId} if the caller (whose {@code Authorization} header is passed on) is a member of it,
     * or a 422 naming {@code field} and the id: workspace-service answers a non-member 404, as if the workspace did
     * not exist, so "unknown" here means "no workspace of yours". Dependency failures become 503/401/403.
     */
    public Uni<WorkspaceRef> requireWorkspace(String field, String wsId, String authorization) {
        return find(wsId, authorization)
                .onFailure().transform(failure -> DependencyFailures.toProblem(DEPENDENCY, failure))
                .map(workspace -> workspace.orElseThrow(() -> ProblemException.unknownReference(field, wsId)));
    }

    /** GET /workspaces/{id} under timeout, retry and breaker; a 404 is an empty result (see {@link SocialUsers#find}). */
    @AsynchronousNonBlocking
    @Timeout(400)
    @Retry(maxRetries = 2, delay = 50, jitter = 25)
    @ExponentialBackoff(factor = 2, maxDelay = 400)
    @RetryWhen(exception = TransientFailure.class)
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.5, delay = 5000, successThreshold = 1,
            skipOn = RejectedByDependency.class)
    @CircuitBreakerName(DEPENDENCY)
    Uni<Optional<WorkspaceRef>> find(String wsId, String authorization) {
        return client.getWorkspace(wsId, authorization).map(Optional::of)
                .onFailure(RejectedByDependency::isNotFound).recoverWithItem(Optional.empty());
    }
}
