package dev.trident.support.http;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import dev.trident.testing.DynamoDbLocalResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** CORS as docs/operations.md documents it: turned on with a list of origins, it allows those and no other. */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
@TestProfile(CorsTest.OneOriginAllowed.class)
class CorsTest {

    private static final String ALLOWED = "https://app.trident.example";

    public static class OneOriginAllowed implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.http.cors.enabled", "true", "quarkus.http.cors.origins", ALLOWED);
        }
    }

    @Test
    void aConfiguredOriginIsAllowedWithTheBearerHeaderAndTheAnswerHeadersItNeeds() {
        given().header("Origin", ALLOWED).header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "authorization,content-type,idempotency-key")
                .options("/probe").then().statusCode(200)
                .header("Access-Control-Allow-Origin", equalTo(ALLOWED))
                .header("Access-Control-Allow-Methods", containsString("POST"))
                .header("Access-Control-Allow-Headers", containsString("Authorization"));
        given().header("Origin", ALLOWED).contentType("application/json").body("{\"title\":\"a\",\"credits\":1}")
                .post("/probe").then().statusCode(200)
                .header("Access-Control-Allow-Origin", equalTo(ALLOWED))
                .header("Access-Control-Expose-Headers", containsString("ETag"));
    }

    @Test
    void anOriginNotListedIsNotAllowed() {
        given().header("Origin", "https://elsewhere.example").header("Access-Control-Request-Method", "POST")
                .options("/probe").then()
                .header("Access-Control-Allow-Origin", nullValue());
    }
}
