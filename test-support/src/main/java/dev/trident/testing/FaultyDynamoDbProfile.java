package dev.trident.testing;

import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.List;

/**
 * A service under test that reaches DynamoDB Local through the JVM's fault proxy ({@link FaultyDynamoDbResource}),
 * and only through it: {@code @TestProfile(FaultyDynamoDbProfile.class)}, then {@code FaultyDynamoDbResource.faults()}
 * to inject what a test needs. The module-wide resources are left out, since DynamoDbLocalResource would point the
 * service straight at DynamoDB Local; this resource gives the same configuration otherwise.
 */
public class FaultyDynamoDbProfile implements QuarkusTestProfile {

    @Override
    public List<TestResourceEntry> testResources() {
        return List.of(new TestResourceEntry(FaultyDynamoDbResource.class));
    }

    @Override
    public boolean disableGlobalTestResources() {
        return true;
    }
}
