package dev.trident.enrollment;

import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.testing.TableReadinessContracts;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** Also registers DynamoDB Local for every @QuarkusTest of this module. */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class ReadinessTest extends TableReadinessContracts.ReadyOnTheExpectedTable {
}
