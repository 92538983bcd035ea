package dev.trident.workspace;

import dev.trident.testing.ServiceProcess;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.Map;

/**
 * The real social-service, run from its packaged jar against the module's DynamoDB Local: started once per test
 * JVM, on first use, and shared by every test class (and every Quarkus restart) of the module.
 */
public class RealSocialService implements QuarkusTestResourceLifecycleManager {

    private static ServiceProcess process;

    static synchronized String url() {
        if (process == null || !process.isAlive()) {
            process = ServiceProcess.start("social-service", Map.of());
        }
        return process.url();
    }

    @Override
    public Map<String, String> start() {
        return Map.of("quarkus.rest-client.social-service.url", url());
    }

    @Override
    public void stop() {
        // Kept for the next Quarkus start in this JVM; ServiceProcess stops it when the JVM exits.
    }
}
