package dev.trident.enrollment.dependencies;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/**
 * Points both REST clients at one {@link StandInServer} the test controls, and shortens both breakers' delay so a
 * test can watch them close again. Timeouts and retries keep their production defaults: the timings measured are
 * the real ones.
 */
public class StandInDependencies implements QuarkusTestProfile {

    /** Breaker delay under test (production: 5 s). */
    public static final int BREAKER_DELAY_MILLIS = 1_000;

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(Resource.class));
    }

    public static class Resource implements QuarkusTestResourceLifecycleManager {

        private StandInServer server;

        @Override
        public Map<String, String> start() {
            server = new StandInServer();
            server.start();
            String delay = Integer.toString(BREAKER_DELAY_MILLIS);
            return Map.of(
                    "quarkus.rest-client.social-service.url", server.url(),
                    "quarkus.rest-client.workspace-service.url", server.url(),
                    "quarkus.fault-tolerance.\"dev.trident.enrollment.client.SocialUsers/find\".circuit-breaker.delay",
                    delay,
                    "quarkus.fault-tolerance.\"dev.trident.enrollment.client.Workspaces/find\".circuit-breaker.delay",
                    delay);
        }

        @Override
        public void inject(TestInjector injector) {
            injector.injectIntoFields(server, new TestInjector.MatchesType(StandInServer.class));
        }

        @Override
        public void stop() {
            if (server != null) {
                server.close();
            }
        }
    }
}
