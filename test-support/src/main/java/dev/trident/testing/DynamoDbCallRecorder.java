package dev.trident.testing;

import dev.trident.testing.iam.DynamoDbActions;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.eclipse.microprofile.config.ConfigProvider;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Records every DynamoDB request a service sends, with the capacity DynamoDB reported for it, so
 * tests can prove which calls an access pattern makes (and that no Scan ever runs). Register it
 * with {@code quarkus.dynamodb.interceptors=dev.trident.testing.DynamoDbCallRecorder}.
 * A Scan is refused outright: the request fails before it is sent.
 */
public class DynamoDbCallRecorder implements ExecutionInterceptor {

    private static final ExecutionAttribute<Call> CALL = reloadSafeAttribute("trident.recorded-call");
    private static final Queue<Call> CALLS = new ConcurrentLinkedQueue<>();
    private static final AtomicInteger SCANS = new AtomicInteger();
    private static final String FORBIDDEN_OPERATION = "Scan";
    private static final AtomicReference<Predicate<SdkRequest>> FREEZE_AFTER = new AtomicReference<>();

    /** One request: its operation (e.g. "Query"), the index a Query read (or null), and its consumed capacity. */
    public static final class Call {
        private final String operation;
        private final String indexName;
        private final SdkRequest request;
        private volatile Object consumedCapacity;
        private volatile Integer itemsRead;

        Call(String operation, String indexName, SdkRequest request) {
            this.operation = operation;
            this.indexName = indexName;
            this.request = request;
        }

        public String operation() {
            return operation;
        }

        public String indexName() {
            return indexName;
        }

        public SdkRequest request() {
            return request;
        }

        /** What the response's ConsumedCapacity said (an object or a list), null if not requested. */
        public Object consumedCapacity() {
            return consumedCapacity;
        }

        /** The items a Query read (its ScannedCount); null for other operations or before the response. */
        public Integer itemsRead() {
            return itemsRead;
        }

        /** The Limit a Query asked for; null when it set none or is not a Query. */
        public Integer queryLimit() {
            return request instanceof QueryRequest query ? query.limit() : null;
        }

        @Override
        public String toString() {
            return indexName == null ? operation : operation + "(" + indexName + ")";
        }
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        SdkRequest request = context.request();
        String operation = request.getClass().getSimpleName().replaceFirst("Request$", "");
        String index = request instanceof QueryRequest query ? query.indexName() : null;
        if (operation.equals(FORBIDDEN_OPERATION)) {
            // No access pattern may Scan: fail the request itself, so any test that triggers one fails.
            SCANS.incrementAndGet();
            throw new IllegalStateException(FORBIDDEN_OPERATION + " attempted: Trident's access patterns never read a whole table");
        }
        // A read under a declared access pattern must hit a collection CollectionReads declares for it (DeclaredReads).
        DeclaredReads.refusal(serviceName(), request, attributes).ifPresent(refusal -> {
            throw new IllegalStateException(refusal);
        });
        Call call = new Call(operation, index, request);
        attributes.putAttribute(CALL, call);
        CALLS.add(call);
        // The IAM actions it needs, for the check of deploy/iam/<service>-policy.json.
        DynamoDbActions.record(request);
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        Predicate<SdkRequest> freezeAfter = FREEZE_AFTER.get();
        if (freezeAfter != null && freezeAfter.test(context.request()) && FREEZE_AFTER.compareAndSet(freezeAfter, null)) {
            DynamoDbLocalResource.freeze();
        }
        Call call = attributes.getAttribute(CALL);
        if (call != null) {
            call.consumedCapacity = context.response().getValueForField("ConsumedCapacity", Object.class).orElse(null);
            call.itemsRead = context.response().getValueForField("ScannedCount", Integer.class).orElse(null);
        }
    }

    /** The service under test ({@code quarkus.application.name}), or null outside a Quarkus application. */
    private static String serviceName() {
        try {
            return ConfigProvider.getConfig().getOptionalValue("quarkus.application.name", String.class).orElse(null);
        } catch (IllegalStateException | IllegalArgumentException noConfig) {
            return null;
        }
    }

    /**
     * Freezes DynamoDB Local ({@link DynamoDbLocalResource#freeze()}) once the answer to the next request that
     * matches has arrived, before the service sees it: a route's later calls meet a table that stalled in the middle
     * of the request. Once only; {@link DynamoDbLocalResource#resume()} in a finally, and {@link #disarm()} there too.
     */
    public static void freezeAfter(Predicate<SdkRequest> request) {
        FREEZE_AFTER.set(request);
    }

    /** Forgets a {@link #freezeAfter} that has not met its request. */
    public static void disarm() {
        FREEZE_AFTER.set(null);
    }

    public static void reset() {
        CALLS.clear();
    }

    /** Every call since the last reset, health checks included. */
    public static List<Call> calls() {
        return List.copyOf(CALLS);
    }

    /** The calls as short strings, e.g. {@code ["GetItem", "Query(GSI1)"]}, without readiness checks' DescribeTable. */
    public static List<String> operations() {
        return CALLS.stream().filter(c -> !c.operation().equals("DescribeTable")).map(Call::toString).toList();
    }

    /** Scans seen since the test JVM started (never reset). */
    public static int scanCount() {
        return SCANS.get();
    }

    /**
     * The SDK refuses a second attribute of a name it has seen in this JVM, and continuous testing in dev mode loads
     * this class again for every run: each loading takes the first free name among name, name#2, ... (as
     * dynamo-support's dynamo.ReloadSafeAttribute does for the services' attributes).
     */
    private static <T> ExecutionAttribute<T> reloadSafeAttribute(String name) {
        for (int loading = 1; ; loading++) {
            try {
                return new ExecutionAttribute<>(loading == 1 ? name : name + "#" + loading);
            } catch (IllegalArgumentException taken) {
                if (loading >= 10_000) {
                    throw taken;
                }
            }
        }
    }
}
