package dev.trident.support.http;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

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
    void crossOriginRequestsGetNoCorsHeadersUnlessCorsIsConfigured() {
        given().header("Origin", "https://elsewhere.example").header("Access-Control-Request-Method", "POST")
                .options("/probe").then()
                .header("Access-Control-Allow-Origin", nullValue());
        given().header("Origin", "https://elsewhere.example").contentType("application/json")
                .body("{\"title\":\"a\",\"credits\":1}").post("/probe").then().statusCode(200)
                .header("Access-Control-Allow-Origin", nullValue());
    }
}
