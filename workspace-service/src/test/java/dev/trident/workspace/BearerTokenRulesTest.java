package dev.trident.workspace;

import dev.trident.testing.BearerTokenContract;
import io.quarkus.test.junit.QuarkusTest;

/** The shared token rules (audience, shape and size, groups, lifetime, sub) on /workspaces/nobody of this service. */
@QuarkusTest
class BearerTokenRulesTest extends BearerTokenContract {

    @Override
    protected String authenticatedRoute() {
        return "/workspaces/nobody";
    }

    @Override
    protected int statusOfAValidCaller() {
        return 404;
    }
}
