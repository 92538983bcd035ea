package dev.trident.workspace;

import dev.trident.testing.TableProfiles;
import dev.trident.testing.TableReadinessContracts;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;

@QuarkusTest
@TestProfile(TableProfiles.MissingTable.class)
class ReadinessMissingTableTest extends TableReadinessContracts.NotReadyWithoutTheTable {
}
