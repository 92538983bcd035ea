package dev.trident.workspace;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A social-service the test controls, on 127.0.0.1: it answers GET /users/{id} healthy, slowly, with an error
 * status, or not at all (stopped, so connections are refused), and counts the calls and keeps the last
 * {@code traceparent} it saw.
 */
final class StandInSocialService {

    enum Mode { HEALTHY, SLOW, SERVER_ERROR, BAD_REQUEST, FORBIDDEN, NOT_FOUND }

    static final long SLOW_MILLIS = 3_000;

    private static final AtomicInteger CALLS = new AtomicInteger();
    private static volatile Mode mode = Mode.HEALTHY;
    private static volatile String lastTraceparent;
    private static volatile String lastAuthorization;
    private static HttpServer server;
    private static int port;

    private StandInSocialService() {
    }

    static synchronized String start() {
        if (server == null) {
            bind(new InetSocketAddress("127.0.0.1", port));
        }
        return "http://127.0.0.1:" + port;
    }

    /** Closes the listening socket: every call is now refused. */
    static synchronized void stop() {
        if (server != null) {
            server.stop(0);
            server = null;
        }
    }

    static void mode(Mode next) {
        mode = next;
    }

    static void reset() {
        mode = Mode.HEALTHY;
        CALLS.set(0);
        lastTraceparent = null;
        lastAuthorization = null;
    }

    static int calls() {
        return CALLS.get();
    }

    static String lastAuthorization() {
        return lastAuthorization;
    }

    static String lastTraceparent() {
        return lastTraceparent;
    }

    private static void bind(InetSocketAddress address) {
        try {
            HttpServer created = HttpServer.create(address, 64);
            created.createContext("/users/", StandInSocialService::answer);
            created.setExecutor(Executors.newCachedThreadPool());
            created.start();
            server = created;
            port = created.getAddress().getPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void answer(HttpExchange exchange) throws IOException {
        CALLS.incrementAndGet();
        lastTraceparent = exchange.getRequestHeaders().getFirst("traceparent");
        lastAuthorization = exchange.getRequestHeaders().getFirst("Authorization");
        String userId = exchange.getRequestURI().getPath().substring("/users/".length());
        try (exchange) {
            switch (mode) {
                case HEALTHY -> send(exchange, 200, "application/json", "{\"userId\":\"" + userId
                        + "\",\"handle\":\"h" + userId + "\",\"displayName\":\"Stand-in " + userId
                        + "\",\"version\":1}");
                case SLOW -> {
                    sleep(SLOW_MILLIS);
                    send(exchange, 200, "application/json", "{\"userId\":\"" + userId + "\"}");
                }
                case SERVER_ERROR -> send(exchange, 500, "application/problem+json", problem(500));
                case BAD_REQUEST -> send(exchange, 400, "application/problem+json", problem(400));
                case FORBIDDEN -> send(exchange, 403, "application/problem+json", problem(403));
                case NOT_FOUND -> send(exchange, 404, "application/problem+json", problem(404));
            }
        }
    }

    private static String problem(int status) {
        return "{\"status\":" + status + ",\"title\":\"stand-in\"}";
    }

    private static void send(HttpExchange exchange, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Points the service at the stand-in. */
    public static class Resource implements QuarkusTestResourceLifecycleManager {
        @Override
        public Map<String, String> start() {
            return Map.of("quarkus.rest-client.social-service.url", StandInSocialService.start());
        }

        @Override
        public void stop() {
            StandInSocialService.stop();
        }
    }

    /**
     * The stand-in instead of the real social-service (so the module-wide resources are off; DynamoDB Local is
     * registered again), with the production timeout (the test profile lengthens it for the real dependency) and
     * retries, and a breaker that trips after fewer attempts and recovers after a delay short enough to wait out.
     */
    public static class Profile implements QuarkusTestProfile {
        static final long BREAKER_DELAY_MILLIS = 1_000;
        static final int BREAKER_VOLUME = 4;
        private static final String FIND = "quarkus.fault-tolerance.\"dev.trident.workspace.client.SocialUsers/find\".";

        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(FIND + "timeout.value", "500",
                    FIND + "circuit-breaker.request-volume-threshold", Integer.toString(BREAKER_VOLUME),
                    FIND + "circuit-breaker.delay", Long.toString(BREAKER_DELAY_MILLIS));
        }

        @Override
        public List<TestResourceEntry> testResources() {
            return List.of(new TestResourceEntry(dev.trident.testing.DynamoDbLocalResource.class),
                    new TestResourceEntry(Resource.class));
        }

        @Override
        public boolean disableGlobalTestResources() {
            return true;
        }
    }
}
