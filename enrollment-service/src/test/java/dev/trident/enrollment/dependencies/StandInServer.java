package dev.trident.enrollment.dependencies;

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
 * Plays social-service ({@code GET /users/{id}}) and workspace-service ({@code GET /workspaces/{id}}) on
 * 127.0.0.1 the way the test tells it to: healthy, slow, failing with a status, or not listening at all.
 */
public final class StandInServer {

    /** How the stand-in answers. */
    public enum Mode { HEALTHY, SLOW, FAIL_500, REJECT_400, REJECT_401, REJECT_403, MISSING_404 }

    /** Longer than the 400 ms per-attempt timeout, shorter than the client's read timeout. */
    public static final int SLOW_MILLIS = 1_900;

    private final AtomicInteger userCalls = new AtomicInteger();
    private final AtomicInteger workspaceCalls = new AtomicInteger();
    private final List<String> traceparents = new CopyOnWriteArrayList<>();
    private final List<String> authorizations = new CopyOnWriteArrayList<>();
    private final List<Long> arrivals = new CopyOnWriteArrayList<>();
    private final ExecutorService executor = Executors.newCachedThreadPool();
    private volatile Mode mode = Mode.HEALTHY;
    private volatile HttpServer server;
    private int port;

    /** Listens (again, on the same port after a {@link #stop()}); does nothing when already listening. */
    public synchronized void start() {
        if (server != null) {
            return;
        }
        InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
        for (int attempt = 0; ; attempt++) {
            try {
                server = HttpServer.create(address, 50);
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

    public void close() {
        stop();
        executor.shutdownNow();
    }

    public String url() {
        return "http://127.0.0.1:" + port;
    }

    public void answer(Mode mode) {
        this.mode = mode;
    }

    public void resetCounts() {
        userCalls.set(0);
        workspaceCalls.set(0);
        traceparents.clear();
        authorizations.clear();
        arrivals.clear();
    }

    /** When each call arrived ({@link System#nanoTime()}), to show where a slow answer spent its time. */
    public List<Long> arrivals() {
        return List.copyOf(arrivals);
    }

    public int userCalls() {
        return userCalls.get();
    }

    public int workspaceCalls() {
        return workspaceCalls.get();
    }

    /** The {@code traceparent} headers the calls carried (an empty string for a call without one). */
    public List<String> traceparents() {
        return List.copyOf(traceparents);
    }

    /** The {@code Authorization} headers the calls carried (an empty string for a call without one). */
    public List<String> authorizations() {
        return List.copyOf(authorizations);
    }

    private void handle(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        boolean users = path.startsWith("/users/");
        arrivals.add(System.nanoTime());
        (users ? userCalls : workspaceCalls).incrementAndGet();
        String traceparent = exchange.getRequestHeaders().getFirst("traceparent");
        traceparents.add(traceparent == null ? "" : traceparent);
        String authorization = exchange.getRequestHeaders().getFirst("Authorization");
        authorizations.add(authorization == null ? "" : authorization);
        String id = path.substring(path.lastIndexOf('/') + 1);
        Mode current = mode;
        switch (current) {
            case SLOW -> {
                pause(SLOW_MILLIS);
                respond(exchange, 200, body(users, id));
            }
            case FAIL_500 -> respond(exchange, 500, problem(500));
            case REJECT_400 -> respond(exchange, 400, problem(400));
            case REJECT_401 -> respond(exchange, 401, problem(401));
            case REJECT_403 -> respond(exchange, 403, problem(403));
            case MISSING_404 -> respond(exchange, 404, problem(404));
            default -> respond(exchange, 200, body(users, id));
        }
    }

    private static String body(boolean users, String id) {
        return users
                ? "{\"userId\":\"" + id + "\",\"handle\":\"" + id + "\",\"displayName\":\"Stand-in " + id
                        + "\",\"version\":1}"
                : "{\"id\":\"" + id + "\",\"displayName\":\"Stand-in\",\"region\":\"eu-west-1\",\"seatLimit\":5,"
                        + "\"shards\":1,\"version\":1}";
    }

    private static String problem(int status) {
        return "{\"status\":" + status + ",\"title\":\"stand-in\"}";
    }

    private static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type",
                status < 400 ? "application/json" : "application/problem+json");
        try (exchange) {
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
        } catch (IOException e) {
            // the caller gave up (timeout) and closed the connection: nothing to answer
        }
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
