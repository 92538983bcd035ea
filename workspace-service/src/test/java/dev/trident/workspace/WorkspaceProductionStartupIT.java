package dev.trident.workspace;

import dev.trident.testing.ProductionStartupContract;

/** The packaged workspace-service refuses to start in production with unsafe token verification. */
class WorkspaceProductionStartupIT extends ProductionStartupContract {

    @Override
    protected String module() {
        return "workspace-service";
    }
}
