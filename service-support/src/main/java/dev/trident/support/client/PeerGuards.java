package dev.trident.support.client;

import io.smallrye.common.annotation.Identifier;
import io.smallrye.faulttolerance.api.Guard;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The fault tolerance of every call to a peer, one {@link Guard} per peer of the call graph (DESIGN.md "Calls between
 * services": social-service and workspace-service are called), applied with {@code @ApplyGuard(<peer>)} on that
 * peer's REST client interface, so each attempt is one guarded HTTP call. Each guard has its own circuit breaker, named
 * after the peer (for
 * {@code CircuitBreakerMaintenance} and the metrics), so a failing workspace-service never stops student registration.
 *
 * <p>Here is only the shape: a per-attempt timeout; retries of transient failures only
 * ({@link DependencyFailures#isTransient}: the calls are idempotent GETs) with exponential backoff; a breaker that
 * ignores 4xx answers ({@link RejectedByDependency}). The values are MicroProfile Fault Tolerance configuration, one
 * set for every peer, in service-support's {@code META-INF/microprofile-config.properties}
 * ({@code quarkus.fault-tolerance.global.*}); one peer's can be overridden with
 * {@code quarkus.fault-tolerance."<peer>".<strategy>.<property>}.
 */
@Singleton
public class PeerGuards {

    public static final String SOCIAL_SERVICE = "social-service";
    public static final String WORKSPACE_SERVICE = "workspace-service";

    @Produces
    @Singleton
    @Identifier(SOCIAL_SERVICE)
    Guard socialService() {
        return forPeer(SOCIAL_SERVICE);
    }

    @Produces
    @Singleton
    @Identifier(WORKSPACE_SERVICE)
    Guard workspaceService() {
        return forPeer(WORKSPACE_SERVICE);
    }

    static Guard forPeer(String peer) {
        return Guard.create()
                .withDescription(peer)
                .withTimeout().done()
                .withRetry().whenException(DependencyFailures::isTransient).withExponentialBackoff().done().done()
                .withCircuitBreaker().name(peer).skipOn(RejectedByDependency.class).done()
                .build();
    }
}
