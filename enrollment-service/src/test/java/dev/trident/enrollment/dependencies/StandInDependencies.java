package dev.trident.enrollment.dependencies;

import dev.trident.support.client.PeerGuards;
import dev.trident.testing.StandInPeer;
import dev.trident.testing.StandInPeerResource;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Points both REST clients at one {@link StandInPeer} the test controls (injected into its {@code StandInPeer}
 * field), and gives both breakers a smaller window (4 attempts; production: 10) and a shorter delay, so a test can
 * open one with two requests and watch it close again. Timeouts and retries keep their production values: the timings
 * measured are the real ones.
 */
public class StandInDependencies implements QuarkusTestProfile {

    /** Breaker delay under test (production: 5 s). */
    public static final int BREAKER_DELAY_MILLIS = 1_000;
    /** Breaker window under test (production: 10). */
    public static final int BREAKER_VOLUME = 4;

    @Override
    public Map<String, String> getConfigOverrides() {
        Map<String, String> config = new HashMap<>();
        for (String peer : List.of(PeerGuards.SOCIAL_SERVICE, PeerGuards.WORKSPACE_SERVICE)) {
            String breaker = "quarkus.fault-tolerance.\"" + peer + "\".circuit-breaker.";
            config.put(breaker + "delay", Integer.toString(BREAKER_DELAY_MILLIS));
            config.put(breaker + "request-volume-threshold", Integer.toString(BREAKER_VOLUME));
        }
        return config;
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(StandInPeerResource.class,
                StandInPeerResource.playing("social-service", "workspace-service")));
    }
}
