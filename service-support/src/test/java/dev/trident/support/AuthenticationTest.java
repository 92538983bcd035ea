package dev.trident.support;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.testing.Tokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;

/** Bearer tokens on a route that asks for them: every way a token can be wrong is a 401 problem. */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class AuthenticationTest {

    private static final String PROBLEM = "application/problem+json";
    private static final String SECURED = "/probe/registrar";

    private static ValidatableResponse getWith(String token) {
        return given().header("Authorization", "Bearer " + token).get(SECURED).then();
    }

    private static void assertRejected(String token) {
        getWith(token).statusCode(401).contentType(PROBLEM)
                .header("WWW-Authenticate", startsWith("Bearer"))
                .body("status", equalTo(401))
                .body("type", equalTo("https://trident.dev/problems/unauthorized"));
    }

    @Test
    void missingTokenIs401ProblemWithBearerChallenge() {
        given().get(SECURED).then().statusCode(401).contentType(PROBLEM)
                .header("WWW-Authenticate", startsWith("Bearer"))
                .body("title", equalTo("Unauthorized"));
    }

    @Test
    void garbageTokenIs401() {
        assertRejected(Tokens.garbage());
    }

    @Test
    void tokenSignedByAnotherKeyIs401() {
        assertRejected(Tokens.user("u1").roles("registrar").signedByAnotherKey().token());
    }

    @Test
    void unsecuredAlgNoneTokenIs401() {
        assertRejected(Tokens.user("u1").roles("registrar").algNone().token());
    }

    @Test
    void expiredTokenIs401() {
        assertRejected(Tokens.user("u1").roles("registrar").expired().token());
    }

    @Test
    void notYetValidTokenIs401() {
        assertRejected(Tokens.user("u1").roles("registrar").notYetValid().token());
    }

    @Test
    void tokenOfAnotherIssuerIs401() {
        assertRejected(Tokens.user("u1").roles("registrar").issuer("https://elsewhere.example/").token());
    }

    @Test
    void nonBearerSchemeIs401() {
        given().header("Authorization", "Basic dTE6cHc=").get(SECURED).then().statusCode(401).contentType(PROBLEM);
    }

    @Test
    void validTokenWithoutTheRoleIs403Problem() {
        getWith(Tokens.user("u1").roles("student").token())
                .statusCode(403).contentType(PROBLEM)
                .body("status", equalTo(403))
                .body("type", equalTo("https://trident.dev/problems/forbidden"));
    }

    @Test
    void validTokenWithTheRoleReachesTheRouteAsItsSubject() {
        getWith(Tokens.user("alice-1").roles("student", "registrar").token())
                .statusCode(200).body("sub", equalTo("alice-1"));
    }

    @Test
    void authenticatedRouteTakesAnyValidCallerAndRefusesAnonymous() {
        given().header("Authorization", Tokens.user("bob").bearer()).get("/probe/caller")
                .then().statusCode(200).body("sub", equalTo("bob"));
        given().get("/probe/caller").then().statusCode(401).contentType(PROBLEM);
    }

    @Test
    void routesWithoutSecurityAnnotationsStayOpenEvenWithABadToken() {
        // No service route requires a token until its service opts in.
        given().get("/probe/keys/abc").then().statusCode(200);
        given().header("Authorization", "Bearer " + Tokens.garbage()).get("/probe/keys/abc").then().statusCode(200);
    }
}
