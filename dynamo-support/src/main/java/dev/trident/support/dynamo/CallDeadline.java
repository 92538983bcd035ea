package dev.trident.support.dynamo;

/**
 * What is left of the time the request being served may still spend on DynamoDB. The web layer supplies it (the
 * request's deadline, set as it arrives); the DynamoDB layer only reads it, so it depends on nothing above it.
 */
@FunctionalInterface
public interface CallDeadline {

    /** No deadline: outside a request (a scheduled task, a tool). */
    long NONE = Long.MAX_VALUE;

    /** The deadline of work that no request waits for. */
    CallDeadline UNBOUNDED = () -> NONE;

    /** Nanoseconds left, negative once passed, or {@link #NONE}. */
    long remainingNanos();
}
