package dev.trident.support.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.ConnectionMeters;
import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.testing.RawHttp;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import java.io.IOException;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Clients that open a connection, send part of a request line or of the headers and stall: each is counted on
 * /q/metrics, at most the cap are kept (one more is closed as soon as it is accepted), and each is closed once it
 * has been idle for the idle timeout, while other callers are answered. The shared configuration's mechanism
 * (quarkus.http.idle-timeout, quarkus.http.limits.max-connections, HTTP/1.1 only) with a short timeout and a small
 * cap, so the test takes seconds; the production values are checked on the packaged jar and the local stack.
 */
@QuarkusTest
@TestProfile(SlowClientTest.ShortLimits.class)
@QuarkusTestResource(DynamoDbLocalResource.class)
class SlowClientTest {

    static final int CAP = 24;
    static final Duration IDLE_TIMEOUT = Duration.ofSeconds(2);

    public static class ShortLimits implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.http.idle-timeout", IDLE_TIMEOUT.toSeconds() + "s",
                    "quarkus.http.limits.max-connections", Integer.toString(CAP),
                    // the shared configuration raises the cap for the test profile: this test sets it back
                    "%test.quarkus.http.limits.max-connections", Integer.toString(CAP));
        }
    }

    private final List<Socket> sockets = new ArrayList<>();

    @AfterEach
    void closeSockets() throws IOException {
        for (Socket socket : sockets) {
            socket.close();
        }
    }

    @Test
    void stalledClientsAreCountedCappedAndClosedAfterTheIdleTimeoutWhileOthersAreServed() {
        int port = RestAssured.port;
        int firstWave = CAP / 2;
        List<Socket> stalled = new ArrayList<>();
        long opened = System.nanoTime();
        for (int i = 0; i < firstWave; i++) {
            stalled.add(open(port, i % 2 == 0 ? "GET /probe/op" : "GET /probe/open HTTP/1.1\r\nHost: localhost\r\nX-Sl"));
        }

        // Below the cap: every stalled connection is visible, and a caller is still answered.
        Map<String, Double> during = ConnectionMeters.read(port);
        assertTrue(during.get(ConnectionMeters.CURRENT) >= firstWave + 1, during.toString());
        assertTrue(during.get(ConnectionMeters.ACTIVE) >= firstWave + 1, during.toString());
        assertEquals(CAP, during.get(ConnectionMeters.MAX), during.toString());
        assertEquals(200, get(port, "/probe/open").status());

        // Past the cap: the connections beyond it are closed as soon as they are accepted.
        List<Socket> secondWave = new ArrayList<>();
        for (int i = 0; i < CAP; i++) {
            secondWave.add(open(port, "GET /probe/op"));
        }
        sleep(Duration.ofMillis(300)); // then look at each without waiting, well inside the idle timeout
        int closedAtOnce = 0;
        for (Socket socket : secondWave) {
            if (RawHttp.closedWithin(socket, Duration.ofMillis(5))) {
                closedAtOnce++;
            } else {
                stalled.add(socket);
            }
        }
        assertTrue(closedAtOnce >= firstWave, "at most " + CAP + " kept; closed at once: " + closedAtOnce);
        assertTrue(stalled.size() <= CAP, "kept " + stalled.size() + " of " + (firstWave + CAP));

        // Every kept one is closed once idle for the timeout (the first wave was opened first).
        for (Socket socket : stalled) {
            assertTrue(RawHttp.closedWithin(socket, IDLE_TIMEOUT.plusSeconds(3)), "a stalled connection stays open");
        }
        Duration firstWaveClosedAfter = Duration.ofNanos(System.nanoTime() - opened);
        assertTrue(firstWaveClosedAfter.compareTo(IDLE_TIMEOUT.minusMillis(500)) >= 0
                && firstWaveClosedAfter.compareTo(IDLE_TIMEOUT.plusSeconds(4)) <= 0,
                "closed after " + firstWaveClosedAfter);

        // And the service answers again, with every slot free and the refusals counted.
        assertEquals(200, get(port, "/probe/open").status());
        Map<String, Double> after = ConnectionMeters.read(port);
        assertTrue(after.get(ConnectionMeters.CURRENT) <= 2, after.toString());
        assertTrue(after.get(ConnectionMeters.REJECTED) >= closedAtOnce, after.toString());
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private Socket open(int port, String partial) {
        Socket socket = RawHttp.stall(port, partial);
        sockets.add(socket);
        return socket;
    }

    private static RawHttp.Answer get(int port, String path) {
        return RawHttp.exchange(port, "GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                Duration.ZERO);
    }
}
