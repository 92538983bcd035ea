package dev.trident.testing;

import org.junit.jupiter.api.Test;

/**
 * The readiness behaviour every service must show; each service runs these through small
 * subclasses annotated with its own {@code @QuarkusTest} and {@code @TestProfile}.
 */
public final class TableReadinessContracts {

    private TableReadinessContracts() {
    }

    /** Run with the default test profile: the table exists with the expected schema. */
    public abstract static class ReadyOnTheExpectedTable {
        @Test
        void readyWhenTheTableIsActiveWithTheExpectedSchema() {
            ReadinessContract.assertReady();
            ReadinessContract.assertAlive();
        }
    }

    /** Run with {@link TableProfiles.MissingTable}. */
    public abstract static class NotReadyWithoutTheTable {
        @Test
        void notReadyButAliveWhenTheTableDoesNotExist() {
            ReadinessContract.assertNotReady("does not exist");
            ReadinessContract.assertAlive();
        }
    }

    /** Run with {@link TableProfiles.WrongTable}. */
    public abstract static class NotReadyOnAWrongTable {
        @Test
        void notReadyWhenTheTableHasAnotherKeySchema() {
            ReadinessContract.createWrongTable();
            ReadinessContract.assertNotReady("GSI1");
        }
    }
}
