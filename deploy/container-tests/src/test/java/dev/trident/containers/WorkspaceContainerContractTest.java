package dev.trident.containers;

import dev.trident.testing.PackagedServiceContract;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * test-support's packaged-service contract, run against the workspace-service container instead of the packaged jar.
 */
@EnabledIfSystemProperty(named = Containers.ENABLED_BY, matches = ".+")
class WorkspaceContainerContractTest extends PackagedServiceContract {

    @BeforeAll
    static void pointAtTheContainer() {
        Containers.useService(Containers.WORKSPACE);
    }

    @Override
    protected String itemRoute() {
        return "/workspaces";
    }
}
