package dev.trident.workspace.faults;

import dev.trident.testing.FaultyDynamoDbResource;
import dev.trident.workspace.RealSocialService;
import dev.trident.testing.PendingWorkProfile;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;
import java.util.Map;

/**
 * workspace-service on the fault proxy in front of DynamoDB Local (whose index lag the test sets), with the real
 * social-service, its pending work polled twice a second, and an index settle bound of 6 s: longer than the 4 s
 * lag the tests inject, as production's 10 s is longer than DynamoDB's.
 */
public class LaggingIndexProfile implements QuarkusTestProfile {

    @Override
    public Map<String, String> getConfigOverrides() {
        return Map.of("trident.work.enabled", "true",
                "trident.work.poll-interval", PendingWorkProfile.POLL_INTERVAL,
                "trident.work.index-settle", "PT6S");
    }

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(FaultyDynamoDbResource.class),
                new TestResourceEntry(RealSocialService.class));
    }

    @Override
    public boolean disableGlobalTestResources() {
        return true;
    }
}
