package dev.trident.support.http;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.trident.testing.DynamoDbLocalResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import org.junit.jupiter.api.Test;

/** One JSON value per body, each key once (StrictJsonCustomizer), as problem+json 400s that say which rule broke. */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class StrictJsonTest {

    private static final String PROBLEM = "application/problem+json";

    private static ValidatableResponse post(String body) {
        return given().contentType("application/json").body(body).when().post("/probe").then();
    }

    @Test
    void aKeyGivenTwiceIsA400NamingTheKeyWhicheverValueComesLast() {
        post("{\"title\":\"first\",\"title\":\"second\",\"credits\":1}").statusCode(400).contentType(PROBLEM)
                .body("errors[0].field", equalTo("title"))
                .body("errors[0].message", equalTo("given more than once"))
                .body("detail", equalTo("title: given more than once"));
        post("{\"title\":\"a\",\"credits\":1,\"credits\":2}").statusCode(400).contentType(PROBLEM)
                .body("errors[0].field", equalTo("credits"));
    }

    @Test
    void aSecondValueOrAnyTextAfterTheBodyIsA400() {
        post("{\"title\":\"a\",\"credits\":1}{\"title\":\"b\",\"credits\":2}").statusCode(400).contentType(PROBLEM)
                .body("detail", equalTo("the body has more after its JSON value"))
                .body("errors", nullValue());
        post("{\"title\":\"a\",\"credits\":1} [1]").statusCode(400).contentType(PROBLEM)
                .body("detail", equalTo("the body has more after its JSON value"));
        post("{\"title\":\"a\",\"credits\":1} trailing").statusCode(400).contentType(PROBLEM);
    }

    @Test
    void whitespaceAfterTheBodyIsFine() {
        post("{\"title\":\"a\",\"credits\":1} \r\n\t ").statusCode(200).body("title", equalTo("a"));
    }
}
