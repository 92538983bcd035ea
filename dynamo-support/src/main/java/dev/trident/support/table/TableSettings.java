package dev.trident.support.table;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** The one shared table ({@code trident.table.*}). */
@ConfigMapping(prefix = "trident.table")
public interface TableSettings {

    /** The table's name. */
    @WithDefault("trident")
    String name();

    /**
     * Create the table from the common definition at start-up when it is missing (local run and tests only; in
     * production the table is infrastructure code).
     */
    @WithDefault("false")
    boolean bootstrap();

    /**
     * How long a readiness probe waits for DescribeTable (one attempt) before it reports DOWN: short, so that the
     * probe itself answers well inside a prober's timeout while DynamoDB is stalled.
     */
    @WithDefault("PT1S")
    Duration readinessTimeout();
}
