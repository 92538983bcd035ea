package dev.trident.testing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.RestAssured;
import io.restassured.specification.RequestSpecification;
import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What every packaged Trident service must do, run by each service's
 * {@code @QuarkusIntegrationTest} subclass against its jar (or native runner).
 */
public abstract class PackagedServiceContract {

    /** A route that reads one item by id, e.g. {@code /users}. */
    protected abstract String itemRoute();

    @Test
    void packagedServiceIsAliveAndReadyOnTheTableItCreated() {
        ReadinessContract.assertAlive();
        ReadinessContract.assertReady();
    }

    @Test
    void packagedServiceAnswersProblemJson() {
        asCaller().get(itemRoute() + "/nobody").then().statusCode(404)
                .contentType("application/problem+json").body("status", equalTo(404));
        asCaller().get(itemRoute() + "/a%23b").then().statusCode(400)
                .contentType("application/problem+json").body("status", equalTo(400));
    }

    @Test
    void packagedServiceRefusesACallerWithoutAToken() {
        given().get(itemRoute() + "/nobody").then().statusCode(401)
                .contentType("application/problem+json").header("WWW-Authenticate", startsWith("Bearer"));
    }

    /** A caller with every role, so that the answer depends on the data, not on the caller's rights. */
    private static RequestSpecification asCaller() {
        return given().header("Authorization", Tokens.user("packaged-contract").roles("registrar", "instructor", "admin").bearer());
    }

    @Test
    void packagedServiceServesItsOpenApiDocumentAndMetrics() {
        given().get("/q/openapi").then().statusCode(200);
        given().get("/q/metrics").then().statusCode(200);
    }

    @Test
    void packagedServiceServesNoSwaggerUiUnlessTurnedOn() {
        given().get("/q/swagger-ui/").then().statusCode(404);
    }

    @Test
    void packagedServiceAnswersAreNeitherSniffedFramedNorStored() {
        asCaller().get(itemRoute() + "/nobody").then().statusCode(404)
                .header("X-Content-Type-Options", "nosniff")
                .header("X-Frame-Options", "DENY")
                .header("Cache-Control", "no-store");
        given().get(itemRoute() + "/nobody").then().statusCode(401)
                .header("X-Content-Type-Options", "nosniff")
                .header("Cache-Control", "no-store");
    }

    /** The production connection settings: stalled connections are counted and capped, and HTTP/1.1 only. */
    @Test
    void packagedServiceCountsStalledConnectionsUnderItsCapAndSpeaksHttp11Only() throws IOException {
        int port = RestAssured.port;
        double before = ConnectionMeters.read(port).get(ConnectionMeters.CURRENT);
        List<Socket> stalled = new ArrayList<>();
        Map<String, Double> during;
        try {
            for (int i = 0; i < 5; i++) {
                stalled.add(RawHttp.stall(port, "GET " + itemRoute() + "/nob"));
            }
            // The server counts a connection once it has accepted it: give it a moment to accept all five.
            during = ConnectionMeters.read(port);
            for (long deadline = System.nanoTime() + 3_000_000_000L; during.get(ConnectionMeters.CURRENT) < before + 5
                    && System.nanoTime() < deadline;) {
                sleep(50);
                during = ConnectionMeters.read(port);
            }
            assertEquals(2048.0, during.get(ConnectionMeters.MAX), during.toString());
        } finally {
            for (Socket socket : stalled) {
                socket.close();
            }
        }
        // Proof that the five were counted, whatever other connections (earlier tests' keep-alives) did meanwhile:
        // closing them takes the count down by five.
        double counted = during.get(ConnectionMeters.CURRENT);
        double after = ConnectionMeters.read(port).get(ConnectionMeters.CURRENT);
        for (long deadline = System.nanoTime() + 5_000_000_000L; after > counted - 5 && System.nanoTime() < deadline;) {
            sleep(50);
            after = ConnectionMeters.read(port).get(ConnectionMeters.CURRENT);
        }
        assertTrue(after <= counted - 5, "5 stalled connections counted: before " + before + ", during " + during
                + ", after closing them " + after);
        RawHttp.Answer upgrade = RawHttp.exchange(port, "GET /q/health/live HTTP/1.1\r\nHost: localhost\r\n"
                + "Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n",
                Duration.ZERO);
        assertTrue(upgrade.head().startsWith("HTTP/1.1 200"), upgrade.head());
    }

    @Test
    void packagedServiceTagsMadeUpPathsAsOneUri() {
        for (int i = 0; i < 5; i++) {
            RawHttp.Answer tooLarge = RawHttp.exchange(RestAssured.port, "POST /junk-" + i + " HTTP/1.1\r\n"
                    + "Host: localhost\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n", Duration.ZERO);
            assertEquals(413, tooLarge.status(), tooLarge.head());
        }
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertFalse(metrics.contains("/junk-"), "made-up paths became uri tags");
        assertTrue(metrics.contains("uri=\"UNMATCHED\""), "one tag for them");
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
