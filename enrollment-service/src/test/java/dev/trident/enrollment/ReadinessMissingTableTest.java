package dev.trident.enrollment;

import dev.trident.testing.ReadinessContract;
import dev.trident.testing.TableProfiles;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

@QuarkusTest
@TestProfile(TableProfiles.MissingTable.class)
class ReadinessMissingTableTest {

    @Test
    void notReadyButAliveWhenTheTableDoesNotExist() {
        ReadinessContract.assertNotReady("does not exist");
        ReadinessContract.assertAlive();
    }
}
