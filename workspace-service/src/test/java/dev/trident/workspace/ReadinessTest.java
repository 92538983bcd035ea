package dev.trident.workspace;

import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.testing.TableReadinessContracts;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** Also registers DynamoDB Local and the real social-service for every @QuarkusTest of this module. */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
@QuarkusTestResource(RealSocialService.class)
class ReadinessTest extends TableReadinessContracts.ReadyOnTheExpectedTable {
}
