package dev.trident.containers;

import dev.trident.testing.PackagedServiceContract;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * test-support's packaged-service contract, run against the enrollment-service container instead of the packaged jar.
 */
@EnabledIfSystemProperty(named = Containers.ENABLED_BY, matches = ".+")
class EnrollmentContainerContractTest extends PackagedServiceContract {

    @BeforeAll
    static void pointAtTheContainer() {
        Containers.useService(Containers.ENROLLMENT);
    }

    @Override
    protected String itemRoute() {
        return "/students";
    }
}
