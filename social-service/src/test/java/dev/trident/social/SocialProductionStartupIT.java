package dev.trident.social;

import dev.trident.testing.ProductionStartupContract;

/** The packaged social-service refuses to start in production with unsafe token verification. */
class SocialProductionStartupIT extends ProductionStartupContract {

    @Override
    protected String module() {
        return "social-service";
    }
}
