package dev.trident.social.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.time.Duration;

/**
 * Settings of the social service ({@code trident.social.*}). How DynamoDB requests are retried is shared by every
 * service: {@code trident.dynamodb.retry.*} ({@code DynamoDbSettings}).
 */
@ConfigMapping(prefix = "trident.social")
public interface SocialConfig {

    Timeline timeline();

    BatchGet batchGet();

    interface Timeline {
        /**
         * How many consecutive months without posts the timeline crosses before it declares the end. Months the
         * month index does not list count without being read.
         */
        @WithDefault("12")
        int maxEmptyMonths();

        /**
         * Write shards of each month's timeline on GSI2 ({@code TIMELINE#<month>#<shard>}), 1..16. Every reader
         * queries shards 0..shards-1, so raising it is safe for posts written before; lowering it hides the posts
         * of the shards dropped until they are re-keyed (deploy/backfill-timeline-shards.sh).
         */
        @WithDefault("16")
        @Min(1)
        @Max(16)
        int shards();
    }

    interface BatchGet {
        /** Keys per BatchGetItem request; DynamoDB accepts at most 100. */
        @WithDefault("100")
        int chunkSize();

        /** How long unprocessed keys are retried before the request answers 503. */
        @WithDefault("PT3S")
        Duration timeBudget();
    }
}
