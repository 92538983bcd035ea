package dev.trident.enrollment;

import dev.trident.testing.iam.IamPolicyCheck;
import org.junit.jupiter.api.Test;

/**
 * deploy/iam/enrollment-service-policy.json grants exactly the DynamoDB actions this service's code made in the tests.
 * A plain JUnit class, so Quarkus' class orderer runs it after every @QuarkusTest of the module.
 */
class IamPolicyTest {

    @Test
    void thePolicyGrantsExactlyTheDynamoDbActionsTheServiceCalls() {
        IamPolicyCheck.forService("enrollment-service").verify();
    }
}
