package dev.trident.support.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.local.DevTokens;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AuthenticationGuardTest {

    private static final List<String> PROD = List.of("prod");
    private static final List<String> DEV = List.of("dev");
    private static final List<String> TEST = List.of("test");
    private static final Optional<String> KEY = Optional.of("https://issuer.example/jwks");
    private static final Optional<String> REAL_ISSUER = Optional.of("https://issuer.example/");
    private static final Optional<String> DEV_ISSUER = Optional.of(AuthenticationGuard.DEVELOPMENT_ISSUER);
    private static final Optional<String> AUDIENCE = Optional.of(AuthenticationGuard.DEFAULT_AUDIENCE);

    @Test
    void productionWithKeyAndRealIssuerStarts() {
        assertEquals(Optional.empty(), AuthenticationGuard.refusal(PROD, false, KEY, REAL_ISSUER, AUDIENCE));
    }

    @Test
    void productionWithoutKeyRefusesNamingTheVariable() {
        String reason = AuthenticationGuard.refusal(PROD, false, Optional.empty(), REAL_ISSUER, AUDIENCE).orElseThrow();
        assertTrue(reason.startsWith("TRIDENT_JWT_PUBLIC_KEY_LOCATION is not set"), reason);
        assertTrue(AuthenticationGuard.refusal(PROD, false, Optional.of(" "), REAL_ISSUER, AUDIENCE).isPresent());
    }

    @Test
    void productionWithoutIssuerRefusesNamingTheVariable() {
        String reason = AuthenticationGuard.refusal(PROD, false, KEY, Optional.empty(), AUDIENCE).orElseThrow();
        assertTrue(reason.startsWith("TRIDENT_JWT_ISSUER is not set"), reason);
    }

    @Test
    void productionWithoutAudienceRefusesNamingTheVariable() {
        String reason = AuthenticationGuard.refusal(PROD, false, KEY, REAL_ISSUER, Optional.empty()).orElseThrow();
        assertTrue(reason.startsWith("TRIDENT_JWT_AUDIENCE is blank"), reason);
        assertTrue(AuthenticationGuard.refusal(PROD, false, KEY, REAL_ISSUER, Optional.of(" ")).isPresent());
        assertTrue(AuthenticationGuard.refusal(PROD, false, KEY, REAL_ISSUER, Optional.of(",")).isPresent());
        assertEquals(Optional.empty(), AuthenticationGuard.refusal(PROD, false, KEY, REAL_ISSUER, Optional.of("api")));
    }

    @Test
    void devAndTestTakeTheDefaultAudienceOrNone() {
        assertEquals(Optional.empty(), AuthenticationGuard.refusal(TEST, true, KEY, DEV_ISSUER, Optional.empty()));
        assertEquals(Optional.empty(), AuthenticationGuard.refusal(DEV, false, KEY, DEV_ISSUER, Optional.empty()));
    }

    @Test
    void developmentIssuerIsRefusedOutsideTheDevProfile() {
        String reason = AuthenticationGuard.refusal(PROD, false, KEY, DEV_ISSUER, AUDIENCE).orElseThrow();
        assertTrue(reason.contains("development issuer"), reason);
        assertTrue(AuthenticationGuard.refusal(TEST, false, KEY, DEV_ISSUER, AUDIENCE).isPresent());
    }

    @Test
    void developmentIssuerIsTrustedInDevAndOnTheLocalStack() {
        assertEquals(Optional.empty(), AuthenticationGuard.refusal(DEV, false, KEY, DEV_ISSUER, AUDIENCE));
        assertEquals(Optional.empty(), AuthenticationGuard.refusal(PROD, true, KEY, DEV_ISSUER, AUDIENCE));
        assertEquals(Optional.empty(), AuthenticationGuard.refusal(TEST, true, KEY, DEV_ISSUER, AUDIENCE));
    }

    @Test
    void devAndTestNeedNoKeyUntilARouteRequiresOne() {
        assertEquals(Optional.empty(), AuthenticationGuard.refusal(DEV, false, Optional.empty(), Optional.empty(), AUDIENCE));
        assertEquals(Optional.empty(), AuthenticationGuard.refusal(TEST, false, Optional.empty(), Optional.empty(), AUDIENCE));
    }

    @Test
    void theLocalTokenMinterUsesTheIssuerTheGuardKnows() {
        assertEquals(AuthenticationGuard.DEVELOPMENT_ISSUER, DevTokens.ISSUER);
    }

    @Test
    void theLocalTokenMinterUsesTheDefaultAudience() {
        assertEquals(AuthenticationGuard.DEFAULT_AUDIENCE, DevTokens.AUDIENCE);
    }
}
