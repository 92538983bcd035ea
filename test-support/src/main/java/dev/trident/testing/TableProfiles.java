package dev.trident.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;

/** Test profiles that point a service at a table that is missing or has the wrong shape. */
public final class TableProfiles {

    public static final String WRONG_TABLE = "trident-wrong-shape";

    private TableProfiles() {
    }

    public static class MissingTable implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("trident.table.name", "trident-missing", "trident.table.bootstrap", "false");
        }
    }

    /** A table that exists but lacks GSI2 and keys GSI1 differently (created by the test first). */
    public static class WrongTable implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("trident.table.name", WRONG_TABLE, "trident.table.bootstrap", "false");
        }
    }
}
