package dev.trident.support.dynamo;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Metrics;
import io.micrometer.core.instrument.Timer;
import io.opentelemetry.context.Scope;
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
 * Counts every DynamoDB request by operation, access pattern ({@link PatternTags}) and outcome, with its latency
 * and the capacity DynamoDB reported for it, as Prometheus meters on {@code /q/metrics}:
 * <ul>
 * <li>{@code trident_dynamodb_requests_seconds{operation,pattern,outcome}}: a timer; outcome is {@code success}
 * or the exception's simple name (e.g. {@code ConditionalCheckFailedException}), so refused writes show apart;</li>
 * <li>{@code trident_dynamodb_consumed_capacity_units_total{operation,pattern}}: the capacity units in the
 * response's ConsumedCapacity (all tables and indexes of the request added up);</li>
 * <li>{@code trident_dynamodb_consumed_capacity_target_units_total{operation,pattern,target}}: the same units split
 * by where they were spent, {@code table} or an index's name (every request asks for ConsumedCapacity INDEXES);</li>
 * <li>{@code trident_dynamodb_items_read_total{operation,pattern}}: the items a Query read (its ScannedCount), so
 * items read per item returned (read amplification) can be watched per access pattern.</li>
 * </ul>
 * One latency sample covers one SDK execution, retries included. Registered with
 * {@code quarkus.dynamodb.interceptors}; the SDK creates it by name, hence the reflection registration.
 */
@RegisterForReflection
public class DynamoDbMetrics implements ExecutionInterceptor {

    static final String REQUESTS = "trident.dynamodb.requests";
    static final String CONSUMED_CAPACITY = "trident.dynamodb.consumed.capacity.units";
    static final String ITEMS_READ = "trident.dynamodb.items.read";
    static final String CONSUMED_CAPACITY_BY_TARGET = "trident.dynamodb.consumed.capacity.target.units";
    static final String TABLE_TARGET = "table";
    private static final String UNNAMED = "unnamed";
    private static final String SUCCESS = "success";
    // Survives dev mode's live reload, which loads this class again while the SDK keeps every attribute name.
    private static final ExecutionAttribute<Long> STARTED = ReloadSafeAttribute.named("trident.metrics-started");
    private static final ExecutionAttribute<io.opentelemetry.context.Context> CALLER =
            ReloadSafeAttribute.named("trident.metrics-trace-context");

    private final MeterRegistry registry = Metrics.globalRegistry;
    // pattern -> operation -> meters, looked up without building a key per request (both names are constants).
    private final Map<String, Map<String, Meters>> byPattern = new ConcurrentHashMap<>();

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        attributes.putAttribute(STARTED, System.nanoTime());
        // The request's trace context, taken on the caller's thread: the response completes on a Netty thread whose
        // own context belongs to no request (or to whichever one last left it there), and the exemplars of the meters
        // below are read from the current context when they are recorded.
        attributes.putAttribute(CALLER, io.opentelemetry.context.Context.current());
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        try (Scope ignored = callerContext(attributes)) {
            recordSuccess(context, attributes);
        }
    }

    private void recordSuccess(Context.AfterExecution context, ExecutionAttributes attributes) {
        Meters meters = meters(attributes);
        meters.success.record(elapsedNanos(attributes), TimeUnit.NANOSECONDS);
        double units = capacityUnits(context.response().getValueForField("ConsumedCapacity", Object.class).orElse(null));
        if (units > 0) {
            meters.capacity.increment(units);
            byTarget(context.response().getValueForField("ConsumedCapacity", Object.class).orElse(null), meters);
        }
        // Only Query (and Scan) responses carry ScannedCount: the items read, before any filter.
        Integer scanned = context.response().getValueForField("ScannedCount", Integer.class).orElse(null);
        if (scanned != null) {
            meters.itemsRead().increment(scanned);
        }
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        try (Scope ignored = callerContext(attributes)) {
            meters(attributes).failure(context.exception().getClass().getSimpleName())
                    .record(elapsedNanos(attributes), TimeUnit.NANOSECONDS);
        }
    }

    private static Scope callerContext(ExecutionAttributes attributes) {
        io.opentelemetry.context.Context caller = attributes.getAttribute(CALLER);
        return caller == null ? Scope.noop() : caller.makeCurrent();
    }

    private Meters meters(ExecutionAttributes attributes) {
        String pattern = pattern(attributes);
        String operation = operation(attributes);
        Map<String, Meters> byOperation = byPattern.get(pattern);
        if (byOperation == null) {
            byOperation = byPattern.computeIfAbsent(pattern, p -> new ConcurrentHashMap<>());
        }
        Meters found = byOperation.get(operation);
        return found != null ? found : byOperation.computeIfAbsent(operation, op -> new Meters(pattern, op));
    }

    private static long elapsedNanos(ExecutionAttributes attributes) {
        Long started = attributes.getAttribute(STARTED);
        return started == null ? 0 : System.nanoTime() - started;
    }

    /** The meters of one pattern and operation: the success timer and capacity counter, failure timers by outcome. */
    private final class Meters {
        private final String pattern;
        private final String operation;
        private final Timer success;
        private final Counter capacity;
        private final Map<String, Timer> failures = new ConcurrentHashMap<>();
        private final Map<String, Counter> targets = new ConcurrentHashMap<>();
        private volatile Counter itemsRead;

        Meters(String pattern, String operation) {
            this.pattern = pattern;
            this.operation = operation;
            this.success = timer(SUCCESS);
            this.capacity = Counter.builder(CONSUMED_CAPACITY)
                    .description("DynamoDB capacity units consumed, as reported in ConsumedCapacity")
                    .tag("operation", operation).tag("pattern", pattern)
                    .register(registry);
        }

        /** Registered on the first response that reports items read, so GetItem and writes get no such series. */
        Counter itemsRead() {
            Counter counter = itemsRead;
            if (counter == null) {
                counter = Counter.builder(ITEMS_READ)
                        .description("Items DynamoDB read for a Query (ScannedCount)")
                        .tag("operation", operation).tag("pattern", pattern)
                        .register(registry);
                itemsRead = counter;
            }
            return counter;
        }

        /** The units spent on the table or one index: a handful per pattern, registered on first use. */
        Counter target(String target) {
            Counter counter = targets.get(target);
            return counter != null ? counter : targets.computeIfAbsent(target, t -> Counter.builder(
                            CONSUMED_CAPACITY_BY_TARGET)
                    .description("DynamoDB capacity units consumed on the table or one index (ConsumedCapacity INDEXES)")
                    .tag("operation", operation).tag("pattern", pattern).tag("target", t)
                    .register(registry));
        }

        Timer failure(String outcome) {
            return failures.computeIfAbsent(outcome, this::timer);
        }

        private Timer timer(String outcome) {
            return Timer.builder(REQUESTS)
                    .description("DynamoDB requests by operation, access pattern and outcome")
                    .tag("operation", operation).tag("pattern", pattern).tag("outcome", outcome)
                    .register(registry);
        }
    }

    private static String operation(ExecutionAttributes attributes) {
        String operation = attributes.getAttribute(SdkExecutionAttribute.OPERATION_NAME);
        return operation == null ? UNNAMED : operation;
    }

    private static String pattern(ExecutionAttributes attributes) {
        String pattern = attributes.getAttribute(PatternTags.NAME);
        return pattern == null ? UNNAMED : pattern;
    }

    /** Adds the table's and each index's units of a ConsumedCapacity (one object or a list) to their counters. */
    private static void byTarget(Object consumed, Meters meters) {
        if (consumed instanceof ConsumedCapacity one) {
            if (one.table() != null && one.table().capacityUnits() != null) {
                meters.target(TABLE_TARGET).increment(one.table().capacityUnits());
            }
            if (one.hasGlobalSecondaryIndexes()) {
                one.globalSecondaryIndexes().forEach((index, capacity) -> {
                    if (capacity.capacityUnits() != null) {
                        meters.target(index).increment(capacity.capacityUnits());
                    }
                });
            }
        } else if (consumed instanceof List<?> many) {
            many.forEach(each -> byTarget(each, meters));
        }
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
