package dev.trident.workspace;

import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.testing.ReadinessContract;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
@QuarkusTestResource(RealSocialService.class)
class ReadinessTest {

    @Test
    void readyWhenTheTableIsActiveWithTheExpectedSchema() {
        ReadinessContract.assertReady();
        ReadinessContract.assertAlive();
    }
}
