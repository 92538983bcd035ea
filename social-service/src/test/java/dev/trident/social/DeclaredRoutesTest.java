package dev.trident.social;

import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.SocialKeys;
import dev.trident.testing.DeclaredRoutes;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The routes the catalogue says make each read are routes this service's resources serve, query parameters too. */
class DeclaredRoutesTest {
    private static final String REST = "dev.trident.social.rest";

    @Test
    void everyRouteTheCatalogueNamesIsServed() {
        DeclaredRoutes.assertServed(SocialKeys.PATTERNS, REST);
    }

    @Test
    void aRouteNoResourceServesOrAQueryParameterNoneTakesFails() {
        assertThrows(AssertionError.class, () -> DeclaredRoutes.assertServed(
                List.of(AccessPattern.reads("nowhere", SocialKeys.USER_COLLECTION).routes("GET /nowhere")), REST));
        String served = SocialKeys.PATTERNS.stream().flatMap(p -> p.routes().stream())
                .filter(route -> route.startsWith("GET /") && !route.contains("?") && !route.contains(" ("))
                .findFirst().orElseThrow();
        assertThrows(AssertionError.class, () -> DeclaredRoutes.assertServed(
                List.of(AccessPattern.reads("no-such-parameter",
                        SocialKeys.USER_COLLECTION).routes(served + "?nope=1")),
                REST));
    }
}
