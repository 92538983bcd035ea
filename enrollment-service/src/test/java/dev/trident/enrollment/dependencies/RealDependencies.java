package dev.trident.enrollment.dependencies;

import dev.trident.testing.ServiceProcess;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * The real social-service and workspace-service (workspace calls social), run from their packaged jars against the
 * test's DynamoDB Local, once per test JVM however often Quarkus restarts; they stop when the JVM exits. Every test
 * of the module can then register students that are real users. Handed over as SOCIAL_SERVICE_URL and
 * WORKSPACE_SERVICE_URL, exactly as deployments do, so a profile that sets the client URLs directly (the
 * stand-in) still wins.
 */
public class RealDependencies implements QuarkusTestResourceLifecycleManager {

    public static final String SOCIAL_URL = "SOCIAL_SERVICE_URL";
    public static final String WORKSPACE_URL = "WORKSPACE_SERVICE_URL";
    private static final String NO_PENDING_WORK = "TRIDENT_WORK_ENABLED";

    private static ServiceProcess social;
    private static ServiceProcess workspace;

    private static synchronized ServiceProcess social() {
        if (social == null || !social.isAlive()) {
            // Lookups only: their pollers stay off, so the erasure tests decide which processes do pending work.
            social = ServiceProcess.start("social-service", Map.of(NO_PENDING_WORK, "false"));
        }
        return social;
    }

    private static synchronized ServiceProcess workspace() {
        if (workspace == null || !workspace.isAlive()) {
            workspace = ServiceProcess.start("workspace-service", Map.of(SOCIAL_URL, social().url(),
                    NO_PENDING_WORK, "false"));
        }
        return workspace;
    }

    @Override
    public Map<String, String> start() {
        return Map.of(SOCIAL_URL, social().url(), WORKSPACE_URL, workspace().url());
    }

    @Override
    public void stop() {
        // Kept for the next Quarkus start in this JVM; ServiceProcess stops them when the JVM exits.
    }
}
