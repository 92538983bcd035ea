package dev.trident.support.dynamo;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How the shared DynamoDB layer retries what DynamoDB asks it to retry ({@code trident.dynamodb.*}). */
@ConfigMapping(prefix = "trident.dynamodb")
public interface DynamoDbSettings {

    Retry retry();

    /** Backoff for unprocessed batch keys/items and for transactions cancelled by a conflicting transaction. */
    interface Retry {
        @WithDefault("PT0.01S")
        Duration initialBackoff();

        @WithDefault("PT0.5S")
        Duration maxBackoff();

        /**
         * Attempts of a transaction that keeps losing to concurrent ones (hot counters), and of a single-item write
         * that keeps meeting a transaction in flight on its item, before WriteContended.
         */
        @WithDefault("12")
        int transactionAttempts();

        /** Attempts of a batch whose items or keys stay unprocessed before TableBusy. */
        @WithDefault("10")
        int batchAttempts();

        /**
         * No retry of a batch's unprocessed writes starts later than this after the batch began (TableBusy instead):
         * DynamoDB leaves items unprocessed when it throttles, and a throttled table must still be a 503 within the
         * routes' 2.5 s bound, whatever the attempts allow.
         */
        @WithDefault("PT1S")
        Duration batchBudget();
    }
}
