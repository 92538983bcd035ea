package dev.trident.enrollment;

import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trident.keys.ItemCollection;
import dev.trident.keys.pattern.AccessPattern;
import dev.trident.keys.pattern.EnrollmentPatterns;
import dev.trident.testing.DeclaredRoutes;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The routes the catalogue says make each read are routes this service's resources serve, query parameters too. */
class DeclaredRoutesTest {
    private static final String REST = "dev.trident.enrollment.rest";

    @Test
    void everyRouteTheCatalogueNamesIsServed() {
        DeclaredRoutes.assertServed(EnrollmentPatterns.ALL, REST);
    }

    @Test
    void aRouteNoResourceServesOrAQueryParameterNoneTakesFails() {
        assertThrows(AssertionError.class, () -> DeclaredRoutes.assertServed(
                List.of(AccessPattern.reads("nowhere", ItemCollection.USER).routes("GET /nowhere")), REST));
        String served = EnrollmentPatterns.ALL.stream().flatMap(p -> p.routes().stream())
                .filter(route -> route.startsWith("GET /") && !route.contains("?") && !route.contains(" ("))
                .findFirst().orElseThrow();
        assertThrows(AssertionError.class, () -> DeclaredRoutes.assertServed(
                List.of(AccessPattern.reads("no-such-parameter", ItemCollection.USER).routes(served + "?nope=1")),
                REST));
    }
}
