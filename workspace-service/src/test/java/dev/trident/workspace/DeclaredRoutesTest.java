package dev.trident.workspace;

import dev.trident.keys.WorkspaceKeys;
import dev.trident.testing.DeclaredRoutes;
import org.junit.jupiter.api.Test;

/** The routes the catalogue says make each read are routes this service's resources serve, query parameters too. */
class DeclaredRoutesTest {
    @Test
    void everyRouteTheCatalogueNamesIsServed() {
        DeclaredRoutes.assertServed(WorkspaceKeys.PATTERNS, "dev.trident.workspace.rest");
    }
}
