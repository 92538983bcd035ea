package dev.trident.testing;

import dev.trident.local.DynamoDbLocal;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Points a service under test at a real DynamoDB Local, started once per test JVM on a free port
 * and in memory, however often Quarkus restarts for a test profile; it stops when the JVM exits.
 * The service also verifies bearer tokens with the test key of {@link Tokens}.
 */
public class DynamoDbLocalResource implements QuarkusTestResourceLifecycleManager {

    /** The cursor keys every service under test signs with. */
    public static final String TEST_CURSOR_SECRETS = "test:test-only-cursor-secret-0123456789";

    /**
     * Where the JVM's DynamoDB Local is ("pid endpoint"). A system property, not a static field: Quarkus loads this
     * class again in each application's class loader (one per test profile), and every copy must find, freeze and
     * resume the one process that every application under test was pointed at.
     */
    private static final String SHARED_SERVER = "dev.trident.testing.DynamoDbLocalResource.server";

    public static synchronized String endpoint() {
        String shared = System.getProperty(SHARED_SERVER);
        if (shared != null && ProcessHandle.of(pid(shared)).map(ProcessHandle::isAlive).orElse(false)) {
            return shared.substring(shared.indexOf(' ') + 1);
        }
        DynamoDbLocal started = DynamoDbLocal.start(0, null);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                resume(); // a stopped process would ignore the SIGTERM of close() until it is killed
            } finally {
                started.close();
            }
        }, "dynamodb-local-test-stop"));
        System.setProperty(SHARED_SERVER, started.pid() + " " + started.endpoint());
        return started.endpoint();
    }

    /**
     * Stops the shared DynamoDB Local process (SIGSTOP): it keeps its port and accepts connections into the
     * kernel's backlog, but answers nothing, as a stalled database would. Call {@link #resume()} in a finally.
     */
    public static synchronized void freeze() {
        endpoint();
        signal("STOP");
    }

    /** Lets a frozen DynamoDB Local run on (SIGCONT); harmless when it is not frozen or not running. */
    public static synchronized void resume() {
        String shared = System.getProperty(SHARED_SERVER);
        if (shared != null && ProcessHandle.of(pid(shared)).map(ProcessHandle::isAlive).orElse(false)) {
            signal("CONT");
        }
    }

    private static long pid(String shared) {
        return Long.parseLong(shared.substring(0, shared.indexOf(' ')));
    }

    private static void signal(String name) {
        try {
            long pid = pid(System.getProperty(SHARED_SERVER));
            Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(pid))
                    .redirectErrorStream(true).start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill -" + name + " " + pid + " failed: "
                        + new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot signal DynamoDB Local", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while signalling DynamoDB Local", e);
        }
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
