package dev.trident.support.client;

import jakarta.ws.rs.WebApplicationException;

/**
 * A peer answered with a 4xx: it is up and has decided, so the call is neither retried nor held against its circuit
 * breaker ({@link PeerGuards}). It stays a {@link WebApplicationException} so the status reaches
 * {@link DependencyFailures}. Peer REST clients get it from {@link RejectedByDependencyMapper}.
 */
public final class RejectedByDependency extends WebApplicationException {

    public RejectedByDependency(int status) {
        super("dependency answered HTTP " + status, status);
    }

    public int status() {
        return getResponse().getStatus();
    }

    public static boolean isNotFound(Throwable failure) {
        return failure instanceof RejectedByDependency rejected && rejected.status() == 404;
    }
}
