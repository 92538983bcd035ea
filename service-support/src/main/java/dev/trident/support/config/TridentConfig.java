package dev.trident.support.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;

/** Settings shared by every Trident service ({@code trident.*}). */
@ConfigMapping(prefix = "trident")
public interface TridentConfig {

    Cursor cursor();

    Auth auth();

    Request request();

    Admission admission();

    interface Cursor {
        /**
         * Cursor signing keys as {@code id:secret}; the first signs, all verify, so a key can be
         * rotated by putting the new one first and dropping the old one after {@link #ttl()}.
         */
        List<String> secrets();

        /** How long a cursor stays valid. */
        @WithDefault("PT24H")
        Duration ttl();
    }

    interface Auth {
        /**
         * The local stack ({@code deploy/run.sh}) and the tests: trust the development issuer
         * although the profile is not dev. Never set in a real deployment.
         */
        @WithDefault("false")
        boolean localStack();

        /**
         * The longest bearer token accepted, in characters, checked before anything else is done with it: a real
         * token with a handful of claims is well under 2 KiB.
         */
        @WithDefault("8192")
        int maxTokenLength();

        /**
         * The longest lifetime a bearer token may claim: {@code exp - iat}, and {@code exp} no further than this
         * from now (plus the clock skew), so that a stolen token cannot stay valid for years.
         */
        @WithDefault("PT24H")
        Duration maxTokenLifetime();
    }

    interface Request {
        /**
         * The time a request has from its arrival for everything it asks of DynamoDB and of other services: each
         * call gets what is left of it (never more than its own configured timeouts), and a call with nothing left
         * fails at once as a timed-out one does, so a stalled DynamoDB is a 503 with Retry-After inside the 2.5 s
         * bound whatever number of calls a route makes. Shorter than the bound by the time the failure takes to be
         * mapped and written on a loaded machine (http.RequestDeadline).
         */
        @WithDefault("PT2S")
        Duration deadline();
    }

    /**
     * How much one replica works on at once (http.AdmissionControl). The defaults suit a replica with 2 cores and a
     * 256 MiB container; docs/performance.md "Overload" says how to choose them for other pods.
     */
    interface Admission {
        /**
         * Requests worked on at once. Enough to keep the cores busy while requests wait on DynamoDB, and no more:
         * each one in flight is heap the young collector copies.
         */
        @WithDefault("32")
        int maxInFlight();

        /** Requests that may wait for a place; any other is answered 503 with Retry-After at once. */
        @WithDefault("32")
        int maxQueued();

        /** The longest a request waits for a place before it is answered 503 with Retry-After. */
        @WithDefault("PT0.1S")
        Duration maxQueueWait();
    }
}
