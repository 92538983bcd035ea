package dev.trident.support.config;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Set;

/**
 * Histogram buckets on the HTTP server timer ({@code http_server_requests_seconds}) and the DynamoDB timer
 * ({@code trident_dynamodb_requests_seconds}), so that a p99 is {@code histogram_quantile(0.99, sum by (le, ...)
 * (rate(..._bucket[5m])))} over any set of instances; percentiles computed in one process could not be added up.
 * The buckets span 1 ms to 5 s (Micrometer's percentile-histogram series, about 40 per timer): past 5 s, a call has
 * long been answered with a 503 (docs/operations.md).
 */
public class LatencyHistograms {

    private static final Set<String> TIMERS = Set.of("http.server.requests", "trident.dynamodb.requests");
    private static final double MIN_NANOS = Duration.ofMillis(1).toNanos();
    private static final double MAX_NANOS = Duration.ofSeconds(5).toNanos();

    @Produces
    @Singleton
    MeterFilter latencyBuckets() {
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                if (id.getType() != Meter.Type.TIMER || !TIMERS.contains(id.getName())) {
                    return config;
                }
                return DistributionStatisticConfig.builder()
                        .percentilesHistogram(true)
                        .minimumExpectedValue(MIN_NANOS)
                        .maximumExpectedValue(MAX_NANOS)
                        .build()
                        .merge(config);
            }
        };
    }
}
