package dev.trident.support.client;

import java.util.function.Predicate;

/** What a retry may fix (timeouts, connection errors, 5xx); an open breaker or a 4xx is final. */
public final class TransientFailure implements Predicate<Throwable> {

    @Override
    public boolean test(Throwable failure) {
        return DependencyFailures.isTransient(failure);
    }
}
