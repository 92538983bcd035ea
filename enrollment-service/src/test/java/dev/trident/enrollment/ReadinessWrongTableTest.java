package dev.trident.enrollment;

import dev.trident.testing.ReadinessContract;
import dev.trident.testing.TableProfiles;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import org.junit.jupiter.api.Test;

@QuarkusTest
@TestProfile(TableProfiles.WrongTable.class)
class ReadinessWrongTableTest {

    @Test
    void notReadyWhenTheTableHasAnotherKeySchema() {
        ReadinessContract.createWrongTable();
        ReadinessContract.assertNotReady("GSI1");
    }
}
