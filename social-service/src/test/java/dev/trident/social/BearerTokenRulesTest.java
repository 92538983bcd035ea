package dev.trident.social;

import dev.trident.testing.BearerTokenContract;
import io.quarkus.test.junit.QuarkusTest;

/** The shared token rules (audience, shape and size, groups, lifetime, sub) on /users/nobody of this service. */
@QuarkusTest
class BearerTokenRulesTest extends BearerTokenContract {

    @Override
    protected String authenticatedRoute() {
        return "/users/nobody";
    }

    @Override
    protected int statusOfAValidCaller() {
        return 404;
    }
}
