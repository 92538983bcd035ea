package dev.trident.testing;

import dev.trident.faults.FaultControl;
import dev.trident.faults.FaultProxy;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.net.URI;
import java.util.Map;

/**
 * Points a service under test at a {@link FaultProxy} in front of the JVM's DynamoDB Local
 * ({@link DynamoDbLocalResource}), so that a test can make DynamoDB behave as the real service does and Local never
 * does: lagging indexes, throttling, an UPDATING table, lost answers ({@link #faults()}). One proxy per test JVM,
 * started with no faults and stopped when the JVM exits; the rest of the configuration is DynamoDbLocalResource's.
 */
public class FaultyDynamoDbResource implements QuarkusTestResourceLifecycleManager {

    /**
     * Where the JVM's proxy listens and what it forwards to ("proxy target"). A system property, not a static field:
     * Quarkus loads this class again in each application's class loader (one per test profile), and every copy must
     * steer the one proxy that every application under test was pointed at.
     */
    private static final String SHARED_PROXY = "dev.trident.testing.FaultyDynamoDbResource.proxy";

    /** The proxy's endpoint, started on first use (again if DynamoDB Local itself had to be started again). */
    public static synchronized String endpoint() {
        String target = DynamoDbLocalResource.endpoint();
        String shared = System.getProperty(SHARED_PROXY);
        if (shared != null && shared.endsWith(" " + target)) {
            return shared.substring(0, shared.indexOf(' '));
        }
        FaultProxy started = FaultProxy.start(0, URI.create(target));
        Runtime.getRuntime().addShutdownHook(new Thread(started::close, "fault-proxy-test-stop"));
        System.setProperty(SHARED_PROXY, started.endpoint() + " " + target);
        return started.endpoint().toString();
    }

    /** The control API of the JVM's proxy: set faults, read counters, reset (best in an @AfterEach). */
    public static FaultControl faults() {
        return FaultControl.of(URI.create(endpoint()));
    }

    @Override
    public Map<String, String> start() {
        Map<String, String> config = new DynamoDbLocalResource().start();
        config.put("quarkus.dynamodb.endpoint-override", endpoint());
        return config;
    }

    @Override
    public void stop() {
        // Kept for the next Quarkus start in this JVM; the shutdown hook stops it.
    }

    /** After DynamoDbLocalResource (order 0) where both apply, so that this endpoint is the one configured. */
    @Override
    public int order() {
        return 1;
    }
}
