package dev.trident.workspace;

import dev.trident.support.client.PeerGuards;
import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.testing.StandInPeer;
import dev.trident.testing.StandInPeerResource;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/**
 * A {@link StandInPeer} instead of the real social-service (injected into the test's {@code StandInPeer} field; the
 * module-wide resources are off, DynamoDB Local is registered again), with the production timeout (the test profile
 * lengthens it for the real dependency) and retries, and a breaker that trips after fewer attempts and recovers after
 * a delay short enough to wait out.
 */
public class StandInSocialProfile implements QuarkusTestProfile {

    static final long BREAKER_DELAY_MILLIS = 1_000;
    static final int BREAKER_VOLUME = 4;
    private static final String GUARD = "quarkus.fault-tolerance.\"" + PeerGuards.SOCIAL_SERVICE + "\".";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of(GUARD + "timeout.value", "500",
                GUARD + "circuit-breaker.request-volume-threshold", Integer.toString(BREAKER_VOLUME),
                GUARD + "circuit-breaker.delay", Long.toString(BREAKER_DELAY_MILLIS));
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(DynamoDbLocalResource.class),
                new TestResourceEntry(StandInPeerResource.class, StandInPeerResource.playing("social-service")));
    }

    @Override
    public boolean disableGlobalTestResources() {
        return true;
    }
}
