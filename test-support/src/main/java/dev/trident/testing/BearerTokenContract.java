package dev.trident.testing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The token rules of docs/api.md "Who may do what" that every service applies at authentication, whatever the
 * route: audience, compact JWS shape and size cap, {@code groups} an array of strings, a maximum lifetime, and a
 * {@code sub} of the id grammar. Each service's {@code @QuarkusTest} subclass names one route any authenticated
 * caller may read; every token here is signed by the trusted key and refused (401 problem) for one reason only.
 */
public abstract class BearerTokenContract {

    private static final String PROBLEM = "application/problem+json";
    private static final String CALLER = "token-rules-caller";
    private static final Duration MAX_LIFETIME = Duration.ofHours(24);

    /** A route a caller without roles may {@code GET}, e.g. {@code /users/nobody}. */
    protected abstract String authenticatedRoute();

    /** What {@link #authenticatedRoute()} answers such a caller, e.g. 404. */
    protected abstract int statusOfAValidCaller();

    static Stream<Arguments> refusedTokens() {
        return Stream.of(
                // Audience (attack report row 4).
                arguments("aud of another application", Tokens.user(CALLER).audience("billing").token()),
                arguments("aud list without trident", Tokens.user(CALLER).audience(List.of("billing", "reports")).token()),
                arguments("no aud", Tokens.user(CALLER).withoutClaim("aud").token()),
                // Compact JWS shape and size cap (row 5).
                arguments("padded signature", TokenSpellings.paddedSignature(Tokens.user(CALLER).token())),
                arguments("space in the signature", TokenSpellings.spaceInSignature(Tokens.user(CALLER).token())),
                arguments("+ and / in the signature", TokenSpellings.standardBase64Signature(Tokens.user(CALLER))),
                arguments("stray bits in the signature", TokenSpellings.strayBitsInSignature(Tokens.user(CALLER).token())),
                arguments("a fourth segment", Tokens.user(CALLER).token() + ".e30"),
                arguments("longer than 8 KiB", Tokens.user(CALLER).claim("note", "x".repeat(8 * 1024)).token()),
                // Claims the verifier cannot take (row 10).
                arguments("groups as an object", Tokens.user(CALLER).claim("groups", Map.of("admin", true)).token()),
                arguments("a claim nested 2,000 deep", Tokens.user(CALLER).rawClaim("nested", nested(2_000)).token()),
                arguments("a claim nested 5,000 deep", Tokens.user(CALLER).rawClaim("nested", nested(5_000)).token()),
                // groups as an array of strings (row 11).
                arguments("groups as a string", Tokens.user(CALLER).claim("groups", "admin registrar").token()),
                arguments("groups with a number", Tokens.user(CALLER).claim("groups", List.of("admin", 1)).token()),
                // Maximum lifetime (row 12).
                arguments("lifetime of 1,000 years", Tokens.user(CALLER).expiresIn(Duration.ofDays(365_000)).token()),
                arguments("lifetime of 25 hours", Tokens.user(CALLER).expiresIn(Duration.ofHours(25)).token()),
                arguments("no iat, exp in 1,000 years",
                        Tokens.user(CALLER).expiresIn(Duration.ofDays(365_000)).withoutClaim("iat").token()),
                arguments("iat in the future, exp in 1,000 years", Tokens.user(CALLER).expiresIn(Duration.ofDays(365_000))
                        .claim("iat", Instant.now().plus(Duration.ofDays(365_000)).minusSeconds(3600).getEpochSecond())
                        .token()),
                // sub of the id grammar (row 13), never blank or missing.
                arguments("sub x#y", Tokens.user("x#y").token()),
                arguments("sub with a space", Tokens.user("a b").token()),
                arguments("sub ..", Tokens.user("..").token()),
                arguments("sub of 100 characters", Tokens.user("u".repeat(100)).token()),
                arguments("blank sub", Tokens.user("   ").token()),
                arguments("empty sub", Tokens.user("").token()),
                arguments("no sub", Tokens.user(CALLER).withoutClaim("sub").token()),
                arguments("sub as a number", Tokens.user(CALLER).claim("sub", 42).token()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedTokens")
    void aTokenOutsideTheRulesIsRefusedWith401(String why, String token) {
        given().header("Authorization", "Bearer " + token).get(authenticatedRoute()).then()
                .statusCode(401).contentType(PROBLEM)
                .header("WWW-Authenticate", startsWith("Bearer"))
                .body("status", equalTo(401));
    }

    @Test
    void aTokenOfTheConfiguredAudienceWithinTheRulesIsAccepted() {
        assertAccepted(Tokens.user(CALLER).token());
    }

    @Test
    void aTokenLivingExactlyTheMaximumLifetimeIsAccepted() {
        assertAccepted(Tokens.user(CALLER).expiresIn(MAX_LIFETIME).token());
    }

    @Test
    void aTokenWhoseAudienceListIncludesTridentIsAccepted() {
        assertAccepted(Tokens.user(CALLER).audience(List.of("billing", Tokens.AUDIENCE)).token());
    }

    @Test
    void aTokenWithoutGroupsIsAcceptedWithNoRoles() {
        assertAccepted(Tokens.user(CALLER).withoutClaim("groups").token());
    }

    @Test
    void aSubOfTheLongestIdIsAccepted() {
        assertAccepted(Tokens.user("u".repeat(64)).token());
    }

    @Test
    void aTokenJustUnderTheSizeCapIsAccepted() {
        String token = Tokens.user(CALLER).claim("note", "x".repeat(5_500)).token();
        if (token.length() > 8 * 1024 || token.length() < 7 * 1024) {
            throw new AssertionError("the token should be between 7 and 8 KiB, not " + token.length());
        }
        assertAccepted(token);
    }

    private void assertAccepted(String token) {
        given().header("Authorization", "Bearer " + token).get(authenticatedRoute()).then()
                .statusCode(statusOfAValidCaller());
    }

    /** {@code [[[ ... ]]]}, {@code depth} arrays deep. */
    private static String nested(int depth) {
        return "[".repeat(depth) + "]".repeat(depth);
    }
}
