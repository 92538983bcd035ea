package dev.trident.enrollment;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.testing.DeclaredRoutes;
import org.junit.jupiter.api.Test;

/** The routes the catalogue says make each read are routes this service's resources serve, query parameters too. */
class DeclaredRoutesTest {
    @Test
    void everyRouteTheCatalogueNamesIsServed() {
        DeclaredRoutes.assertServed(EnrollmentKeys.PATTERNS, "dev.trident.enrollment.rest");
    }
}
