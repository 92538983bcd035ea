package dev.trident.support.table;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.lessThan;
import static org.hamcrest.Matchers.not;

import dev.trident.testing.DynamoDbLocalResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Pointed at an endpoint nothing listens on, readiness is DOWN with one short line naming endpoint and table. */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
@TestProfile(UnreachableDynamoDbReadinessTest.NothingListens.class)
class UnreachableDynamoDbReadinessTest {

    /** The discard port: nothing listens there, so every connection is refused. */
    static final String ENDPOINT = "http://127.0.0.1:9";

    public static class NothingListens implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.dynamodb.endpoint-override", ENDPOINT,
                    "trident.table.name", "trident-elsewhere", "trident.table.bootstrap", "false");
        }
    }

    @Test
    void readinessNamesTheEndpointAndTheTableInOneShortLine() {
        given().get("/q/health/ready").then().statusCode(503)
                .body("status", equalTo("DOWN"))
                // "cannot be reached ... (ConnectException)" when the refusal surfaces, else "did not answer within
                // 1000 ms" (the SDK retries a refused connection until the probe's time is up): either way one line.
                .body("checks.find { it.name == 'dynamodb-table' }.data.reason", allOf(
                        containsString(ENDPOINT), containsString("table trident-elsewhere"),
                        not(containsString("Acquire operation"))))
                .body("checks.find { it.name == 'dynamodb-table' }.data.reason.length()", lessThan(160));
        given().get("/q/health/live").then().statusCode(200);
    }
}
