package dev.trident.workspace.client;

import jakarta.ws.rs.WebApplicationException;

/**
 * A dependency answered with a 4xx: it is up and has decided, so the call is neither retried nor counted against
 * its circuit breaker. It stays a {@link WebApplicationException} so the status reaches {@code DependencyFailures}.
 */
public final class RejectedByDependency extends WebApplicationException {

    public RejectedByDependency(int status) {
        super("dependency answered HTTP " + status, status);
    }

    public int status() {
        return getResponse().getStatus();
    }
}
