package dev.trident.support.work;

/**
 * One task in a service's pending-work partition: what to do ({@code kind}) to what ({@code id}), when it was
 * requested, and who holds it until when (epoch millis; 0 when free).
 */
public record WorkTask(String service, String kind, String id, String requestedAt, String leaseOwner,
        long leaseUntil, long attempts) {
}
