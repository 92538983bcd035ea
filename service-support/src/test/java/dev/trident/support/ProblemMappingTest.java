package dev.trident.support;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import dev.trident.testing.DynamoDbLocalResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class ProblemMappingTest {

    private static final String PROBLEM = "application/problem+json";

    private static ValidatableResponse post(String contentType, String body) {
        return given().contentType(contentType).body(body).when().post("/probe").then();
    }

    @Test
    void validBodyPasses() {
        post("application/json", "{\"title\":\"a\",\"credits\":1}").statusCode(200).body("title", equalTo("a"));
    }

    @Test
    void beanValidationListsEveryFieldByItsJsonName() {
        post("application/json", "{\"title\":\"\",\"credits\":-1}")
                .statusCode(400).contentType(PROBLEM)
                .body("type", equalTo("https://trident.dev/problems/bad-request"))
                .body("errors.field", org.hamcrest.Matchers.contains("credits", "title"));
    }

    @Test
    void wrongJsonTypeNamesTheField() {
        post("application/json", "{\"title\":\"a\",\"credits\":\"abc\"}")
                .statusCode(400).contentType(PROBLEM)
                .body("errors[0].field", equalTo("credits"))
                .body("errors[0].message", containsString("number"));
    }

    @Test
    void unknownEnumValueListsTheAllowedOnes() {
        post("application/json", "{\"title\":\"a\",\"credits\":1,\"colour\":\"GREEN\"}")
                .statusCode(400).contentType(PROBLEM)
                .body("errors[0].field", equalTo("colour"))
                .body("errors[0].message", containsString("RED"));
    }

    @Test
    void malformedOrMissingBodyIsA400Problem() {
        post("application/json", "{bad json").statusCode(400).contentType(PROBLEM);
        post("application/json", "[1]").statusCode(400).contentType(PROBLEM);
        post("application/json", "").statusCode(400).contentType(PROBLEM).body("errors[0].field", equalTo("body"));
    }

    @Test
    void bodyFarAboveTheItemLimitIs413Problem() {
        String huge = "{\"title\":\"" + "x".repeat(2 * 1024 * 1024) + "\",\"credits\":1}";
        post("application/json", huge).statusCode(413).contentType(PROBLEM).body("status", equalTo(413));
    }

    @Test
    void wrongMediaTypeIs415Problem() {
        post("text/plain", "x").statusCode(415).contentType(PROBLEM).body("status", equalTo(415));
    }

    @Test
    void unknownRouteAndMethodAreProblems() {
        given().get("/nowhere").then().statusCode(404).contentType(PROBLEM);
        given().delete("/probe").then().statusCode(405).contentType(PROBLEM);
    }

    @Test
    void idOutsideThePatternIs400NamingTheField() {
        given().get("/probe/keys/a%23b").then().statusCode(400).contentType(PROBLEM)
                .body("errors[0].field", equalTo("studentId"));
        given().get("/probe/keys/ok-1").then().statusCode(200);
    }

    @Test
    void aValidIdConstraintNamesThePathParameterOrListElementInTheWordsOfIds() {
        given().get("/probe/ids/a%23b").then().statusCode(400).contentType(PROBLEM)
                .body("errors[0].field", equalTo("id"))
                .body("errors[0].message", equalTo(dev.trident.keys.Ids.violation("a#b")))
                .body("detail", equalTo("id: " + dev.trident.keys.Ids.violation("a#b")));
        given().get("/probe/ids/" + "x".repeat(65)).then().statusCode(400)
                .body("errors[0].message", equalTo("must be at most 64 characters"));
        given().get("/probe/ids/ok-1").then().statusCode(200).body("id", equalTo("ok-1"));
        given().contentType("application/json").body("{\"ids\":[\"ok\",\"not ok\",null]}").post("/probe/ids").then()
                .statusCode(400).contentType(PROBLEM)
                .body("errors.field", org.hamcrest.Matchers.contains("ids[1]", "ids[2]"));
        given().contentType("application/json").body("{\"ids\":[\"ok\"]}").post("/probe/ids").then().statusCode(200);
    }

    @Test
    void limitOutsideItsRangeOrNotANumberIs400() {
        given().get("/probe/page?limit=abc").then().statusCode(400).contentType(PROBLEM).body("errors[0].field", equalTo("limit"));
        given().get("/probe/page?limit=0").then().statusCode(400).contentType(PROBLEM);
        given().get("/probe/page?limit=101").then().statusCode(400).contentType(PROBLEM);
        given().get("/probe/page").then().statusCode(200).body("limit", equalTo(20));
    }

    @Test
    void ifMatchMustBeAnIssuedETag() {
        given().header("If-Match", "\"7\"").get("/probe/if-match").then().statusCode(200).body("version", equalTo(7));
        given().header("If-Match", "*").get("/probe/if-match").then().statusCode(200).body("version", equalTo("any"));
        given().header("If-Match", "\"x\"").get("/probe/if-match").then().statusCode(400).contentType(PROBLEM);
    }

    @Test
    void throttlingIs503WithRetryAfter() {
        given().get("/probe/throttled").then().statusCode(503).contentType(PROBLEM)
                .header("Retry-After", not(nullValue()));
    }

    @Test
    void ruleFailuresKeepTheirStatus() {
        given().get("/probe/conflict").then().statusCode(409).contentType(PROBLEM).body("detail", equalTo("already there"));
    }

    @Test
    void unexpectedErrorsAre500WithoutInternals() {
        given().get("/probe/bug").then().statusCode(500).contentType(PROBLEM)
                .body(not(containsString("internal detail")))
                .body(not(containsString("Exception")));
    }
}
