package dev.trident.support.http;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.testing.DynamoDbLocalResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/**
 * Answers a client can act on: which methods a route takes, which fields a body may not carry, no CORS unless asked.
 */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class HttpHygieneTest {

    private static final String PROBLEM = "application/problem+json";

    @Test
    void aMethodTheRouteDoesNotTakeIsA405ProblemListingTheMethodsItTakes() {
        given().delete("/probe").then().statusCode(405).contentType(PROBLEM)
                .body("status", equalTo(405))
                .header("Allow", containsString("POST"));
        given().put("/probe/ids/a1").then().statusCode(405).contentType(PROBLEM)
                .header("Allow", containsString("GET"));
    }

    @Test
    void aBodyFieldTheRouteDoesNotKnowIsA400ProblemNamingIt() {
        given().contentType("application/json").body("{\"title\":\"a\",\"credits\":1,\"colour\":\"RED\",\"colur\":\"BLUE\"}")
                .post("/probe").then().statusCode(400).contentType(PROBLEM)
                .body("errors[0].field", equalTo("colur"))
                .body("errors[0].message", equalTo("unknown field"))
                .body("detail", equalTo("colur: unknown field"));
        given().contentType("application/json").body("{\"ids\":[],\"extra\":{\"nested\":true}}")
                .post("/probe/ids").then().statusCode(400).contentType(PROBLEM)
                .body("errors[0].field", equalTo("extra"));
        // The same bodies without the unknown field are accepted.
        given().contentType("application/json").body("{\"title\":\"a\",\"credits\":1,\"colour\":\"RED\"}")
                .post("/probe").then().statusCode(200);
    }

    @Test
    void aPathWithATrailingSlashIsNoRouteAndAnswers404() {
        given().contentType("application/json").body("{\"title\":\"a\",\"credits\":1}")
                .post("/probe/").then().statusCode(404).contentType(PROBLEM)
                .body("status", equalTo(404))
                .body("detail", containsString("/probe/"));
        given().get("/probe/ids/a1/").then().statusCode(404).contentType(PROBLEM);
        // The same routes without the slash answer.
        given().get("/probe/ids/a1").then().statusCode(not(404));
    }

    @Test
    void aRequestLineOrHeadersOverTheLimitsAreRefusedBeforeAnyRouteWithoutABody() {
        // quarkus.http.limits.max-initial-line-length=4096, max-header-size=16K: answered by the HTTP server itself.
        var uri = given().queryParam("cursor", "c".repeat(5000)).get("/probe/page").then().statusCode(414)
                .extract();
        assertEquals("", uri.body().asString());
        var headers = given().header("X-Padding", "p".repeat(17 * 1024)).get("/probe/page").then().statusCode(431)
                .extract();
        assertEquals("", headers.body().asString());
    }

    @Test
    void crossOriginRequestsGetNoCorsHeadersUnlessCorsIsConfigured() {
        given().header("Origin", "https://elsewhere.example").header("Access-Control-Request-Method", "POST")
                .options("/probe").then()
                .header("Access-Control-Allow-Origin", nullValue());
        given().header("Origin", "https://elsewhere.example").contentType("application/json")
                .body("{\"title\":\"a\",\"credits\":1}").post("/probe").then().statusCode(200)
                .header("Access-Control-Allow-Origin", nullValue());
    }
}
