package dev.trident.support.dynamo;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.interceptor.SdkExecutionAttribute;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * Counts every DynamoDB request by operation, access pattern ({@link AccessPattern}) and outcome, with its latency
 * and the capacity DynamoDB reported for it, as Prometheus meters on {@code /q/metrics}:
 * <ul>
 * <li>{@code trident_dynamodb_requests_seconds{operation,pattern,outcome}}: a timer; outcome is {@code success}
 * or the exception's simple name (e.g. {@code ConditionalCheckFailedException}), so refused writes show apart;</li>
 * <li>{@code trident_dynamodb_consumed_capacity_units_total{operation,pattern}}: the capacity units in the
 * response's ConsumedCapacity (all tables and indexes of the request added up).</li>
 * </ul>
 * One latency sample covers one SDK execution, retries included. Registered with
 * {@code quarkus.dynamodb.interceptors}; the SDK creates it by name, hence the reflection registration.
 */
@RegisterForReflection
public class DynamoDbMetrics implements ExecutionInterceptor {

    static final String REQUESTS = "trident.dynamodb.requests";
    static final String CONSUMED_CAPACITY = "trident.dynamodb.consumed.capacity.units";
    private static final String UNNAMED = "unnamed";
    private static final String SUCCESS = "success";
    private static final ExecutionAttribute<Long> STARTED = new ExecutionAttribute<>("trident.metrics-started");

    private final MeterRegistry registry;
    // Meters are looked up once per (operation, pattern, outcome): a registry lookup allocates tags every time.
    private final Map<String, Timer> timers = new ConcurrentHashMap<>();
    private final Map<String, Counter> capacity = new ConcurrentHashMap<>();

    public DynamoDbMetrics() {
        this(Metrics.globalRegistry);
    }

    DynamoDbMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        attributes.putAttribute(STARTED, System.nanoTime());
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        String operation = operation(attributes);
        String pattern = pattern(attributes);
        record(operation, pattern, SUCCESS, attributes);
        double units = capacityUnits(context.response().getValueForField("ConsumedCapacity", Object.class).orElse(null));
        if (units > 0) {
            capacity.computeIfAbsent(operation + '|' + pattern, k -> Counter.builder(CONSUMED_CAPACITY)
                    .description("DynamoDB capacity units consumed, as reported in ConsumedCapacity")
                    .tag("operation", operation).tag("pattern", pattern)
                    .register(registry)).increment(units);
        }
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        record(operation(attributes), pattern(attributes), context.exception().getClass().getSimpleName(), attributes);
    }

    private void record(String operation, String pattern, String outcome, ExecutionAttributes attributes) {
        Long started = attributes.getAttribute(STARTED);
        if (started == null) {
            return;
        }
        timers.computeIfAbsent(operation + '|' + pattern + '|' + outcome, k -> Timer.builder(REQUESTS)
                .description("DynamoDB requests by operation, access pattern and outcome")
                .tag("operation", operation).tag("pattern", pattern).tag("outcome", outcome)
                .register(registry)).record(System.nanoTime() - started, TimeUnit.NANOSECONDS);
    }

    private static String operation(ExecutionAttributes attributes) {
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        return operation == null ? UNNAMED : operation;
    }

    private static String pattern(ExecutionAttributes attributes) {
        String pattern = attributes.getAttribute(AccessPattern.NAME);
        return pattern == null ? UNNAMED : pattern;
    }

    /** ConsumedCapacity is one object for single-table calls and a list for batches and transactions. */
    static double capacityUnits(Object consumed) {
        if (consumed instanceof ConsumedCapacity one) {
            return one.capacityUnits() == null ? 0 : one.capacityUnits();
        }
        if (consumed instanceof List<?> many) {
            double sum = 0;
            for (Object each : many) {
                sum += capacityUnits(each);
            }
            return sum;
        }
        return 0;
    }
}
