package dev.trident.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Plays the peers a service calls, social-service ({@code GET /users/{id}}) and workspace-service
 * ({@code GET /workspaces/{id}}), on 127.0.0.1, the way the test tells it to: healthy, slow, answering a status of its
 * choice as problem+json, or not listening at all (connections refused). It records every call: which route, when,
 * and the {@code traceparent} and {@code Authorization} headers it carried. {@link StandInPeerResource} points a
 * service under test at it.
 */
public final class StandInPeer {

    private static final String USERS = "/users/";
    private static final String WORKSPACES = "/workspaces/";

    /** What the stand-in answers: a status, after a delay; 200 is the peer's healthy entity. */
    private record Answer(int status, long delayMillis) {
    }

    private final AtomicInteger userCalls = new AtomicInteger();
    private final AtomicInteger workspaceCalls = new AtomicInteger();
    private final List<String> traceparents = new CopyOnWriteArrayList<>();
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final List<Long> arrivals = new CopyOnWriteArrayList<>();
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private volatile Answer answer = new Answer(200, 0);
    private HttpServer server;
    private int port;

    /** Listens (again, on the same port after a {@link #stop()}); does nothing when already listening. */
    public synchronized void start() {
        if (server != null) {
            return;
        }
        InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
        for (int attempt = 0; ; attempt++) {
            try {
                server = HttpServer.create(address, 64);
                break;
            } catch (BindException e) {
                if (attempt == 50) {
                    throw new UncheckedIOException(e);
                }
                pause(100); // the port of a stopped stand-in may take a moment to be free again
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        server.createContext("/", this::handle);
        server.setExecutor(executor);
        server.start();
        port = server.getAddress().getPort();
    }

    /** Stops listening: calls are refused at connect until {@link #start()} is called again (same port). */
    public synchronized void stop() {
        if (server != null) {
            server.stop(0);
            server = null;
        }
    }

    /** Stops listening for good and ends its threads. */
    public void close() {
        stop();
        executor.shutdownNow();
    }

    public synchronized String url() {
        return "http://127.0.0.1:" + port;
    }

    /** Answers with the entity asked for, at once. */
    public void answerHealthy() {
        answer = new Answer(200, 0);
    }

    /** Answers with the entity asked for, after {@code millis}. */
    public void answerSlowly(long millis) {
        answer = new Answer(200, millis);
    }

    /** Answers every call with {@code status} and a problem+json body. */
    public void answerStatus(int status) {
        answer = new Answer(status, 0);
    }

    /** Healthy again, and nothing recorded. */
    public void reset() {
        answerHealthy();
        resetCounts();
    }

    /** Forgets the calls recorded so far. */
    public void resetCounts() {
        userCalls.set(0);
        workspaceCalls.set(0);
        traceparents.clear();
        authorizations.clear();
        arrivals.clear();
    }

    /** Calls of every route. */
    public int calls() {
        return userCalls.get() + workspaceCalls.get();
    }

    public int userCalls() {
        return userCalls.get();
    }

    public int workspaceCalls() {
        return workspaceCalls.get();
    }

    /** When each call arrived ({@link System#nanoTime()}), to show where a slow answer spent its time. */
    public List<Long> arrivals() {
        return List.copyOf(arrivals);
    }

    /** The {@code traceparent} headers the calls carried (an empty string for a call without one). */
    public List<String> traceparents() {
        return List.copyOf(traceparents);
    }

    /** The {@code Authorization} headers the calls carried (an empty string for a call without one). */
    public List<String> authorizations() {
        return List.copyOf(authorizations);
    }

    /** The {@code traceparent} of the latest call, or null when it had none or there was no call. */
    public String lastTraceparent() {
        return last(traceparents);
    }

    /** The {@code Authorization} header of the latest call, or null when it had none or there was no call. */
    public String lastAuthorization() {
        return last(authorizations);
    }

    private static String last(List<String> headers) {
        List<String> seen = List.copyOf(headers);
        String value = seen.isEmpty() ? "" : seen.get(seen.size() - 1);
        return value.isEmpty() ? null : value;
    }

    private void handle(HttpExchange exchange) {
        String path = exchange.getRequestURI().getPath();
        arrivals.add(System.nanoTime());
        String traceparent = exchange.getRequestHeaders().getFirst("traceparent");
        traceparents.add(traceparent == null ? "" : traceparent);
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        authorizations.add(authorization == null ? "" : authorization);
        (path.startsWith(USERS) ? userCalls : workspaceCalls).incrementAndGet();
        Answer current = answer;
        pause(current.delayMillis());
        String entity = current.status() == 200 ? entity(path) : null;
        if (entity == null) {
            int status = current.status() == 200 ? 404 : current.status();
            respond(exchange, status, "application/problem+json",
                    "{\"status\":" + status + ",\"title\":\"stand-in\"}");
        } else {
            respond(exchange, 200, "application/json", entity);
        }
    }

    /** The healthy answer for a path of one of the peers' routes, null for any other path. */
    private static String entity(String path) {
        String id = path.substring(path.lastIndexOf('/') + 1);
        if (id.isEmpty()) {
            return null;
        }
        if (path.equals(USERS + id)) {
            return "{\"userId\":\"" + id + "\",\"handle\":\"h" + id + "\",\"displayName\":\"Stand-in " + id
                    + "\",\"version\":1}";
        }
        if (path.equals(WORKSPACES + id)) {
            return "{\"id\":\"" + id + "\",\"displayName\":\"Stand-in\",\"region\":\"eu-west-1\",\"seatLimit\":5,"
                    + "\"shards\":1,\"version\":1}";
        }
        return null;
    }

    private static void respond(HttpExchange exchange, int status, String type, String body) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        try (exchange) {
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
        } catch (IOException e) {
            // the caller gave up (timeout) and closed the connection: nothing to answer
        }
    }

    private static void pause(long millis) {
        if (millis <= 0) {
            return;
        }
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
