package dev.trident.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/**
 * A service under test whose deletions accept and then leave every item to their pending-work task, as a request
 * cut short by a stalled DynamoDB or a crash would (no inline budget to speak of), and that never polls on its own:
 * the test runs the task when it chooses ({@code WorkRunner.pollPartition}), so each moment of an id's deletion can
 * be looked at.
 */
public class DeferredDeletionProfile implements QuarkusTestProfile {

    /** How long after a request gave a task up it may be taken (the runner's release pause). */
    public static final long RELEASE_PAUSE_MILLIS = 50;

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("trident.work.enabled", "false",
                "trident.work.inline-budget", "PT0.001S",
                "trident.work.release-pause", "PT" + RELEASE_PAUSE_MILLIS / 1000.0 + "S");
    }
}
