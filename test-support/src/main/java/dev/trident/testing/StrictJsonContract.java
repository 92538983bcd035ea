package dev.trident.testing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.restassured.specification.RequestSpecification;
import org.junit.jupiter.api.Test;

/**
 * A service reads a JSON body one way only: a key given twice (a last-wins parser here and a first-wins one in
 * front would read two different requests), a field the route does not know and anything after the JSON value are
 * a 400 problem, and nothing is written. Each service runs it on one of its write routes ({@code *StrictJsonTest}).
 */
public abstract class StrictJsonContract {

    /** The write, e.g. {@code POST /users}: method and path. */
    protected abstract String method();

    protected abstract String path();

    /** A body the route accepts, a JSON object that starts with {@code {"<firstKey>":}. */
    protected abstract String validBody();

    /** The first key of {@link #validBody()}, given once more, before it, with another value. */
    protected abstract String firstKey();

    /** The caller, with the rights the write needs. */
    protected abstract RequestSpecification caller();

    /** A read of what the write would have created: 404 while it was not written. */
    protected abstract String readBack();

    @Test
    void aKeyGivenTwiceIsA400NamingItAndNothingIsWritten() {
        String body = "{\"" + firstKey() + "\":\"shadowed\"," + validBody().strip().substring(1);
        send(body).then().statusCode(400).contentType("application/problem+json")
                .body("status", equalTo(400))
                .body("errors[0].field", equalTo(firstKey()))
                .body("errors[0].message", equalTo("given more than once"));
        caller().get(readBack()).then().statusCode(404);
    }

    @Test
    void textAfterTheJsonValueIsA400AndNothingIsWritten() {
        send(validBody() + " {\"" + firstKey() + "\":\"smuggled\"}").then().statusCode(400)
                .contentType("application/problem+json")
                .body("detail", equalTo("the body has more after its JSON value"));
        send(validBody() + " garbage").then().statusCode(400).contentType("application/problem+json");
        caller().get(readBack()).then().statusCode(404);
    }

    @Test
    void aFieldTheRouteDoesNotKnowIsA400NamingItAndNothingIsWritten() {
        send("{\"notAField\":1," + validBody().strip().substring(1)).then().statusCode(400)
                .contentType("application/problem+json")
                .body("errors[0].field", equalTo("notAField"))
                .body("errors[0].message", equalTo("unknown field"));
        caller().get(readBack()).then().statusCode(404);
    }

    private io.restassured.response.Response send(String body) {
        return caller().contentType("application/json").body(body).request(method(), path());
    }

    /** A request with a bearer token for {@code userId} and these roles. */
    protected static RequestSpecification as(String userId, String... roles) {
        return given().header("Authorization", Tokens.user(userId).roles(roles).bearer());
    }
}
