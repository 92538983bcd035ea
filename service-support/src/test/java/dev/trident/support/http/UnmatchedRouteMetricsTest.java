package dev.trident.support.http;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.testing.RawHttp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.time.Duration;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Paths a caller makes up never become {@code uri} tags of the HTTP server meters, whatever the answer (404, 413
 * refused before routing, 400 for a malformed path, 501 for an unknown transfer coding, 401 without a token):
 * they share NOT_FOUND and UNMATCHED, and the routes keep their templates (UnmatchedRouteUriTag).
 */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class UnmatchedRouteMetricsTest {

    private static final Pattern URI_TAG = Pattern.compile("^http_server_requests_seconds_count\\{[^}]*uri=\"([^\"]*)\"",
            Pattern.MULTILINE);

    @Test
    void junkPathsShareOneTagPerKindAndRoutesKeepTheirTemplates() {
        int port = RestAssured.port;
        for (int i = 0; i < 40; i++) {
            given().get("/junk-" + i + "/x").then().statusCode(404);
            given().get("/probe/junk-" + i).then().statusCode(404);
            assertEquals(413, RawHttp.exchange(port, "POST /junk-big-" + i + " HTTP/1.1\r\nHost: localhost\r\n"
                    + "Content-Type: application/json\r\nContent-Length: 5000000\r\n\r\n", Duration.ZERO).status());
            assertEquals(400, RawHttp.exchange(port, "GET /junk-bad-%zz" + i + " HTTP/1.1\r\nHost: localhost\r\n"
                    + "Connection: close\r\n\r\n", Duration.ZERO).status());
            RawHttp.exchange(port, "POST /junk-te-" + i + " HTTP/1.1\r\nHost: localhost\r\n"
                    + "Transfer-Encoding: x-unknown, chunked\r\n\r\n0\r\n\r\n", Duration.ZERO); // 501 (HttpFramingTest)
        }
        given().get("/probe/caller").then().statusCode(401);
        given().get("/probe/keys/ok-1").then().statusCode(200);
        given().get("/probe/keys/ok-2").then().statusCode(200);

        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        Set<String> uris = new TreeSet<>();
        Matcher m = URI_TAG.matcher(metrics);
        while (m.find()) {
            uris.add(m.group(1));
        }
        assertTrue(uris.stream().noneMatch(uri -> uri.contains("junk")), "made-up paths are tags: " + uris);
        assertTrue(uris.containsAll(Set.of("NOT_FOUND", "UNMATCHED", "/probe/keys/{id}", "/probe/caller")), uris.toString());
    }
}
