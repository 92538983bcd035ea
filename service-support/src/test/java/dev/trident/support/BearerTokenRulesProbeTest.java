package dev.trident.support;

import dev.trident.testing.BearerTokenContract;
import dev.trident.testing.DynamoDbLocalResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;

/** The shared token rules on the probe's authenticated route. */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class BearerTokenRulesProbeTest extends BearerTokenContract {

    @Override
    protected String authenticatedRoute() {
        return "/probe/caller";
    }

    @Override
    protected int statusOfAValidCaller() {
        return 200;
    }
}
