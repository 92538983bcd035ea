package dev.trident.workspace.model;

import java.time.Instant;

/** A creation-time range, both ends inclusive; either may be null (unbounded on that side), from never after to. */
public record CreatedRange(Instant from, Instant to) {
    public static final CreatedRange ANY = new CreatedRange(null, null);

    public CreatedRange {
        if (from != null && to != null && from.isAfter(to)) {
            throw new IllegalArgumentException("from is after to");
        }
    }

    public boolean bounded() {
        return from != null || to != null;
    }
}
