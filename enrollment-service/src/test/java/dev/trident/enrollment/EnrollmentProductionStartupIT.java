package dev.trident.enrollment;

import dev.trident.testing.ProductionStartupContract;

/** The packaged enrollment-service refuses to start in production with unsafe token verification. */
class EnrollmentProductionStartupIT extends ProductionStartupContract {

    @Override
    protected String module() {
        return "enrollment-service";
    }
}
