package dev.trident.support.client;

import jakarta.ws.rs.WebApplicationException;

/**
 * A dependency answered with a 4xx: it is up and has decided, so the call is neither retried nor held against its
 * circuit breaker. It stays a {@link WebApplicationException} so the status reaches {@code DependencyFailures}.
 */
public final class RejectedByDependency extends WebApplicationException {

    public RejectedByDependency(int status) {
        super("dependency answered HTTP " + status, status);
    }

    public int status() {
        return getResponse().getStatus();
    }

    /** Maps a client's 4xx answers to this type; a 5xx falls through to the default (transient) mapping. */
    public static RuntimeException fromStatus(int status) {
        return status >= 400 && status < 500 ? new RejectedByDependency(status) : null;
    }

    public static boolean isNotFound(Throwable failure) {
        return failure instanceof RejectedByDependency rejected && rejected.status() == 404;
    }
}
