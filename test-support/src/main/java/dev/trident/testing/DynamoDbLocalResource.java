package dev.trident.testing;

import dev.trident.local.DynamoDbLocal;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.Map;

/**
 * Points a service under test at a real DynamoDB Local, started once per test JVM on a free port
 * and in memory, however often Quarkus restarts for a test profile; it stops when the JVM exits.
 * The service also verifies bearer tokens with the test key of {@link Tokens}.
 */
public class DynamoDbLocalResource implements QuarkusTestResourceLifecycleManager {

    /** The cursor keys every service under test signs with. */
    public static final String TEST_CURSOR_SECRETS = "test:test-only-cursor-secret-0123456789";

    private static DynamoDbLocal server;

    public static synchronized String endpoint() {
        if (server == null || !server.isAlive()) {
            DynamoDbLocal started = DynamoDbLocal.start(0, null);
            Runtime.getRuntime().addShutdownHook(new Thread(started::close, "dynamodb-local-test-stop"));
            server = started;
        }
        return server.endpoint();
    }

    @Override
    public Map<String, String> start() {
        Map<String, String> config = new HashMap<>(Tokens.config());
        config.put("quarkus.dynamodb.endpoint-override", endpoint());
        return config;
    }

    @Override
    public void stop() {
        // Kept for the next Quarkus start in this JVM; the shutdown hook stops it.
    }
}
