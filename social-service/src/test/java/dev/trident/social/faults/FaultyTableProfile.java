package dev.trident.social.faults;

import dev.trident.testing.FaultyDynamoDbProfile;
import dev.trident.testing.PendingWorkProfile;
import java.util.Map;

/**
 * social-service on the fault proxy in front of DynamoDB Local (throttling, a table said to be UPDATING, answers
 * lost, as the test sets them), its pending work polled twice a second and parked after two failed claims, so that a
 * test sees at once whether throttling counts as a failure.
 */
public class FaultyTableProfile extends FaultyDynamoDbProfile {

    public static final int MAX_ATTEMPTS = 2;

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("trident.work.enabled", "true",
                "trident.work.poll-interval", PendingWorkProfile.POLL_INTERVAL,
                "trident.work.release-pause", "PT0.2S",
                "trident.work.max-attempts", Integer.toString(MAX_ATTEMPTS));
    }
}
