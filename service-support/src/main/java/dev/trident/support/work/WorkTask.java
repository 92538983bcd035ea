package dev.trident.support.work;

/**
 * One task in a service's pending-work shards: what to do ({@code kind}) to what ({@code id}), when it was
 * requested, who holds it until when (epoch millis; 0 when free), how often it was claimed, and how far it may go
 * ({@code scope}: what the request that wrote it was allowed to remove, for its handler to obey; null when the kind
 * says it all).
 */
public record WorkTask(String service, String kind, String id, String requestedAt, String leaseOwner,
        long leaseUntil, long attempts, String scope) {

    public WorkTask(String service, String kind, String id, String requestedAt, String leaseOwner, long leaseUntil,
            long attempts) {
        this(service, kind, id, requestedAt, leaseOwner, leaseUntil, attempts, null);
    }
}
