package dev.trident.enrollment;

import dev.trident.testing.BearerTokenContract;
import io.quarkus.test.junit.QuarkusTest;

/** The shared token rules (audience, shape and size, groups, lifetime, sub) on /courses/nobody of this service. */
@QuarkusTest
class BearerTokenRulesTest extends BearerTokenContract {

    @Override
    protected String authenticatedRoute() {
        return "/courses/nobody";
    }

    @Override
    protected int statusOfAValidCaller() {
        return 404;
    }
}
