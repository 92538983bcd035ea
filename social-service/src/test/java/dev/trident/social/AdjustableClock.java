package dev.trident.social;

import jakarta.annotation.Priority;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * Replaces the service's clock in every test: the system clock unless a test pins an instant (to create posts
 * in past months). Tests that pin it must {@link #useSystemTime()} when done.
 */
@Alternative
@Priority(1)
@Singleton
public class AdjustableClock extends Clock {

    private volatile Instant pinned;

    public void pin(Instant instant) {
        this.pinned = instant;
    }

    public void useSystemTime() {
        this.pinned = null;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("the service's clock is UTC");
    }

    @Override
    public Instant instant() {
        Instant at = pinned;
        return at != null ? at : Instant.now();
    }
}
