package dev.trident.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * A service under test that polls its pending-work partition (off in the other tests, whose DynamoDB call counts
 * must not see the poller), twice a second so that tests of erasure wait little.
 */
public class PendingWorkProfile implements QuarkusTestProfile {

    /** The poll interval, also handed to packaged services ({@code TRIDENT_WORK_POLL_INTERVAL}). */
    public static final String POLL_INTERVAL = "PT0.5S";

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("trident.work.enabled", "true", "trident.work.poll-interval", POLL_INTERVAL);
    }

    /**
     * The environment of a packaged service (prod profile: polling on) that polls as often, and that does not wait
     * for index lag DynamoDB Local does not have (as the test profile does not).
     */
    public static Map<String, String> environment() {
        return Map.of("TRIDENT_WORK_POLL_INTERVAL", POLL_INTERVAL, "TRIDENT_WORK_INDEX_SETTLE", "PT0S");
    }
}
