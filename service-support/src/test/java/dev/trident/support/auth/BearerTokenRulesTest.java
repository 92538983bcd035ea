package dev.trident.support.auth;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trident.testing.TokenSpellings;
import dev.trident.testing.Tokens;
import io.smallrye.jwt.auth.principal.ParseException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The shape and claim rules on their own: no service, no signature check. */
class BearerTokenRulesTest {

    private static final Duration MAX_LIFETIME = Duration.ofHours(24);
    private static final long SKEW = 30;
    private final BearerTokenRules rules = new BearerTokenRules(8192, MAX_LIFETIME);

    private void checkShape(String token) throws ParseException {
        rules.checkShape(token);
    }

    private void checkClaims(String token) throws ParseException {
        rules.checkClaims(token, Instant.now().getEpochSecond(), SKEW);
    }

    private static String withClaimsJson(String json) {
        return "eyJhbGciOiJSUzI1NiJ9." + Base64.getUrlEncoder().withoutPadding()
                .encodeToString(json.getBytes(StandardCharsets.UTF_8)) + ".c2ln";
    }

    @Test
    void aMintedTokenHasTheShapeAndClaimsTheRulesWant() {
        String token = Tokens.user("ada").roles("registrar").token();
        assertDoesNotThrow(() -> checkShape(token));
        assertDoesNotThrow(() -> checkClaims(token));
    }

    @Test
    void everyOtherSpellingOfAValidTokenIsRefusedByShape() {
        String token = Tokens.user("ada").token();
        assertThrows(ParseException.class, () -> checkShape(TokenSpellings.paddedSignature(token)));
        assertThrows(ParseException.class, () -> checkShape(TokenSpellings.spaceInSignature(token)));
        assertThrows(ParseException.class, () -> checkShape(TokenSpellings.strayBitsInSignature(token)));
        assertThrows(ParseException.class, () -> checkShape(TokenSpellings.standardBase64Signature(Tokens.user("ada"))));
        assertThrows(ParseException.class, () -> checkShape(token + "\n"));
        assertThrows(ParseException.class, () -> checkShape(" " + token));
    }

    @Test
    void anythingButThreeNonEmptySegmentsIsRefused() {
        String token = Tokens.user("ada").token();
        assertThrows(ParseException.class, () -> checkShape(token + ".e30"));
        assertThrows(ParseException.class, () -> checkShape(token.substring(0, token.lastIndexOf('.'))));
        assertThrows(ParseException.class, () -> checkShape(Tokens.user("ada").algNone().token()));
        assertThrows(ParseException.class, () -> checkShape(Tokens.garbage()));
        assertThrows(ParseException.class, () -> checkShape(""));
        assertThrows(ParseException.class, () -> checkShape(null));
        assertThrows(ParseException.class, () -> checkShape("..."));
        assertThrows(ParseException.class, () -> checkShape("a.b.c"), "a one-character segment is truncated base64");
        assertThrows(ParseException.class, () -> checkShape(token.replace('.', 'é')));
    }

    @Test
    void theLengthCapIsCheckedAndConfigurable() {
        String token = Tokens.user("ada").token();
        assertDoesNotThrow(() -> new BearerTokenRules(token.length(), MAX_LIFETIME).checkShape(token));
        assertThrows(ParseException.class, () -> new BearerTokenRules(token.length() - 1, MAX_LIFETIME).checkShape(token));
        String oversized = Tokens.user("ada").claim("note", "x".repeat(8192)).token();
        assertThrows(ParseException.class, () -> checkShape(oversized));
    }

    @ParameterizedTest
    @ValueSource(strings = { "x#y", "a b", "..", ".a", "-a", "", "   ", "a/b", "é" })
    void aSubOutsideTheIdGrammarIsRefused(String sub) {
        assertThrows(ParseException.class, () -> checkClaims(Tokens.user(sub).token()));
    }

    @Test
    void aSubOfMoreThan64CharactersIsRefusedAnd64AreAccepted() {
        assertThrows(ParseException.class, () -> checkClaims(Tokens.user("u".repeat(65)).token()));
        assertThrows(ParseException.class, () -> checkClaims(Tokens.user("u".repeat(100)).token()));
        assertDoesNotThrow(() -> checkClaims(Tokens.user("u".repeat(64)).token()));
        assertDoesNotThrow(() -> checkClaims(Tokens.user("Ada.Lovelace_1-x").token()));
    }

    @Test
    void aMissingOrNonStringSubIsRefused() {
        assertThrows(ParseException.class, () -> checkClaims(Tokens.user("ada").withoutClaim("sub").token()));
        assertThrows(ParseException.class, () -> checkClaims(Tokens.user("ada").claim("sub", 42).token()));
        assertThrows(ParseException.class, () -> checkClaims(Tokens.user("ada").claim("sub", List.of("ada")).token()));
        assertThrows(ParseException.class, () -> checkClaims(Tokens.user("ada").claim("sub", null).token()));
    }

    @Test
    void groupsMustBeAnArrayOfStringsOrAbsent() {
        assertThrows(ParseException.class, () -> checkClaims(Tokens.user("ada").claim("groups", "admin registrar").token()));
        assertThrows(ParseException.class, () -> checkClaims(Tokens.user("ada").claim("groups", Map.of("admin", true)).token()));
        assertThrows(ParseException.class, () -> checkClaims(Tokens.user("ada").claim("groups", List.of("admin", 1)).token()));
        assertThrows(ParseException.class, () -> checkClaims(Tokens.user("ada").claim("groups", null).token()));
        assertDoesNotThrow(() -> checkClaims(Tokens.user("ada").withoutClaim("groups").token()));
        assertDoesNotThrow(() -> checkClaims(Tokens.user("ada").roles().token()));
        assertDoesNotThrow(() -> checkClaims(Tokens.user("ada").roles("admin", "registrar").token()));
    }

    @Test
    void aLifetimeOverTheMaximumIsRefusedAndExactlyTheMaximumAccepted() {
        assertThrows(ParseException.class, () -> checkClaims(Tokens.user("ada").expiresIn(Duration.ofDays(365_000)).token()));
        assertThrows(ParseException.class,
                () -> checkClaims(Tokens.user("ada").expiresIn(MAX_LIFETIME.plusSeconds(1)).token()));
        assertDoesNotThrow(() -> checkClaims(Tokens.user("ada").expiresIn(MAX_LIFETIME).token()));
        assertDoesNotThrow(() -> new BearerTokenRules(8192, Duration.ofDays(400))
                .checkClaims(Tokens.user("ada").expiresIn(Duration.ofDays(365)).token(), Instant.now().getEpochSecond(), 0));
    }

    @Test
    void withoutIatTheLifetimeCountsFromNowWithTheClockSkew() throws ParseException {
        long exp = Instant.now().plus(MAX_LIFETIME).getEpochSecond();
        String token = Tokens.user("ada").claim("exp", exp).withoutClaim("iat").token();
        long earliestNow = exp - MAX_LIFETIME.toSeconds() - SKEW;

        rules.checkClaims(token, earliestNow, SKEW);
        assertThrows(ParseException.class, () -> rules.checkClaims(token, earliestNow - 1, SKEW));
        assertThrows(ParseException.class,
                () -> checkClaims(Tokens.user("ada").expiresIn(Duration.ofDays(365_000)).withoutClaim("iat").token()));
    }

    @Test
    void anIatInTheFutureDoesNotStretchTheLifetime() {
        Instant farExp = Instant.now().plus(Duration.ofDays(365_000));
        String token = Tokens.user("ada").expiresIn(Duration.ofDays(365_000))
                .claim("iat", farExp.minusSeconds(3600).getEpochSecond()).token();
        assertThrows(ParseException.class, () -> checkClaims(token));
    }

    @Test
    void nonNumericTimesAreRefused() {
        assertThrows(ParseException.class, () -> checkClaims(Tokens.user("ada").withoutClaim("exp").token()));
        assertThrows(ParseException.class, () -> checkClaims(Tokens.user("ada").claim("exp", "tomorrow").token()));
        assertThrows(ParseException.class, () -> checkClaims(Tokens.user("ada").claim("iat", "today").token()));
    }

    @Test
    void claimsNestedDeeperThanTheLimitAreRefused() {
        assertDoesNotThrow(() -> checkClaims(Tokens.user("ada").rawClaim("n", nested(BearerTokenRules.MAX_CLAIM_DEPTH - 1)).token()));
        assertThrows(ParseException.class,
                () -> checkClaims(Tokens.user("ada").rawClaim("n", nested(BearerTokenRules.MAX_CLAIM_DEPTH)).token()));
        assertThrows(ParseException.class, () -> checkClaims(Tokens.user("ada").rawClaim("n", nested(5_000)).token()));
    }

    @Test
    void claimsThatAreNotAJsonObjectAreRefused() {
        assertThrows(ParseException.class, () -> checkClaims(withClaimsJson("[1]")));
        assertThrows(ParseException.class, () -> checkClaims(withClaimsJson("{\"sub\":")));
        assertThrows(ParseException.class, () -> checkClaims(withClaimsJson("{\"sub\":\"a\",\"sub\":\"b\"}")));
        assertThrows(ParseException.class, () -> checkClaims("eyJhbGciOiJSUzI1NiJ9.__8.c2ln"));
    }

    /** Arrays {@code depth} deep: as a claim value, {@code depth + 1} levels with the claims object. */
    private static String nested(int depth) {
        return "[".repeat(depth) + "]".repeat(depth);
    }
}
