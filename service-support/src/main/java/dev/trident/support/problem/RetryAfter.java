package dev.trident.support.problem;

/**
 * Every {@code Retry-After} a service sends, named after what the client waits for. A pause belongs to its reason,
 * not to the class that meets it, so two answers for one reason never ask for different waits.
 */
public enum RetryAfter {

    /**
     * What passes within a second: a write that lost to concurrent ones, a create whose Idempotency-Key is in flight,
     * a database or peer that was slow or throttling, a service at capacity.
     */
    MOMENT(1),

    /** An id whose old life is still being deleted by its pending-work task. */
    DELETION(2),

    /** An outage that outlasts a blip: a peer's circuit breaker is open (its delay), or the table is not ACTIVE. */
    OUTAGE(5);

    private final int seconds;
    private final String header;

    RetryAfter(int seconds) {
        this.seconds = seconds;
        this.header = Integer.toString(seconds);
    }

    public int seconds() {
        return seconds;
    }

    /** The header's value. */
    public String header() {
        return header;
    }
}
