package dev.trident.support.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.testing.RawHttp;
import dev.trident.testing.RawHttp.Answer;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Requests framed any way but Content-Length or {@code Transfer-Encoding: chunked} alone are refused and their
 * connection closed (TransferCodings); the plain-text port speaks HTTP/1.1 only (no h2c). Raw sockets: a client
 * library would not send these.
 */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class HttpFramingTest {

    private static final Duration CLOSE = Duration.ofSeconds(3);
    private static final String BODY = "{\"title\":\"a\",\"credits\":1}";

    private static Answer post(String transferEncoding, String body) {
        return RawHttp.exchange(RestAssured.port, "POST /probe HTTP/1.1\r\nHost: localhost\r\n"
                + "Content-Type: application/json\r\nTransfer-Encoding: " + transferEncoding + "\r\n\r\n" + body, CLOSE);
    }

    private static String chunked(String body) {
        return Integer.toHexString(body.length()) + "\r\n" + body + "\r\n0\r\n\r\n";
    }

    private static void assertRefused(Answer answer, int status) {
        assertEquals(status, answer.status(), answer.head() + answer.body());
        assertEquals("application/problem+json", answer.header("Content-Type"), answer.head());
        assertTrue(answer.body().contains("\"status\":" + status), answer.body());
        assertEquals("nosniff", answer.header("X-Content-Type-Options"), answer.head());
        assertTrue(answer.closed(), "the connection is closed after a refused framing");
    }

    @Test
    void chunkedAloneIsRead() {
        Answer answer = post("chunked", chunked(BODY));
        assertEquals(200, answer.status(), answer.head() + answer.body());
        assertTrue(answer.body().contains("\"title\":\"a\""), answer.body());
    }

    @Test
    void aCodingOtherThanChunkedIsNotImplemented() {
        assertRefused(post("gzip, chunked", chunked(BODY)), 501);
        assertRefused(post("x-unknown, chunked", chunked(BODY)), 501);
    }

    @Test
    void framingThatAProxyCouldReadDifferentlyIsABadRequest() {
        assertRefused(post("x-unknown", BODY), 400); // no chunked at all: Netty would read an empty body
        assertRefused(post("gzip", BODY), 400);
        assertRefused(post("chunked, gzip", chunked(BODY)), 400); // chunked not last
        assertRefused(post("chunked, chunked", chunked(BODY)), 400);
        assertRefused(RawHttp.exchange(RestAssured.port, "POST /probe HTTP/1.1\r\nHost: localhost\r\n"
                + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: x-unknown\r\n\r\n"
                + chunked(BODY), CLOSE), 400);
        assertRefused(RawHttp.exchange(RestAssured.port, "POST /probe HTTP/1.0\r\nHost: localhost\r\n"
                + "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n" + chunked(BODY), CLOSE), 400);
    }

    @Test
    void refusalsCoverRoutesOutsideTheApplicationToo() {
        assertRefused(RawHttp.exchange(RestAssured.port, "GET /q/health/live HTTP/1.1\r\nHost: localhost\r\n"
                + "Transfer-Encoding: x-unknown\r\n\r\n", CLOSE), 400);
    }

    @Test
    void anH2cUpgradeIsAnsweredInHttp11() {
        Answer answer = RawHttp.exchange(RestAssured.port, "GET /q/health/live HTTP/1.1\r\nHost: localhost\r\n"
                + "Connection: Upgrade, HTTP2-Settings\r\nUpgrade: h2c\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n\r\n",
                Duration.ofMillis(200));
        assertEquals(200, answer.status(), answer.head());
        assertTrue(answer.head().startsWith("HTTP/1.1 200"), answer.head());
        assertTrue(answer.body().contains("UP"), answer.body());
    }

    @Test
    void anHttp2PrefaceIsNotAnsweredWithHttp2Frames() {
        Answer answer = RawHttp.exchange(RestAssured.port, "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", CLOSE);
        assertTrue(answer.head().startsWith("HTTP/"), "a textual HTTP/1 answer, not a SETTINGS frame: " + answer.head());
        assertEquals(400, answer.status(), answer.head());
        assertFalse(answer.head().contains("upgrade"), answer.head());
    }
}
