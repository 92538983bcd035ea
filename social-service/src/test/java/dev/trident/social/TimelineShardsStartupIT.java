package dev.trident.social;

import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.ServiceProcess;
import dev.trident.testing.Tokens;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The packaged social-service refuses a timeline shard count outside 1..16 at start-up, naming the setting. */
class TimelineShardsStartupIT {

    @Test
    void aShardCountOutsideOneToSixteenStopsTheServiceAtStartUp() {
        for (String shards : new String[] {"0", "17"}) {
            Map<String, String> env = new HashMap<>(Tokens.environment());
            env.put("TRIDENT_SOCIAL_TIMELINE_SHARDS", shards);

            ServiceProcess.Exit exit = ServiceProcess.runUntilItExits("social-service", env, Duration.ofSeconds(60));

            assertNotEquals(0, exit.code(), exit.output());
            assertTrue(exit.output().contains("trident.social.timeline.shards"), exit.output());
        }
    }
}
