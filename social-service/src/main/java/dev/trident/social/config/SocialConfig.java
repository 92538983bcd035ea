package dev.trident.social.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Settings of the social service ({@code trident.social.*}). */
@ConfigMapping(prefix = "trident.social")
public interface SocialConfig {

    Timeline timeline();

    BatchGet batchGet();

    Retry retry();

    interface Timeline {
        /**
         * How many consecutive months without posts the timeline crosses before it declares the end. Months the
         * month index does not list count without being read.
         */
        @WithDefault("12")
        int maxEmptyMonths();
    }

    interface BatchGet {
        /** Keys per BatchGetItem request; DynamoDB accepts at most 100. */
        @WithDefault("100")
        int chunkSize();

        /** How long unprocessed keys are retried before the request answers 503. */
        @WithDefault("PT3S")
        Duration timeBudget();
    }

    /** Backoff for unprocessed batch keys/items and for transactions cancelled by a conflicting transaction. */
    interface Retry {
        @WithDefault("PT0.01S")
        Duration initialBackoff();

        @WithDefault("PT0.5S")
        Duration maxBackoff();

        /** Attempts of a transaction that keeps losing to concurrent ones (hot post counters) before 409. */
        @WithDefault("12")
        int transactionAttempts();

        /** Attempts of a BatchWriteItem whose items stay unprocessed before 503. */
        @WithDefault("10")
        int batchWriteAttempts();
    }
}
