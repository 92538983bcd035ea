package dev.trident.local;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * DynamoDB Local as a child JVM process with its own classpath. One launcher serves the tests
 * (random port, in memory) and the local run (fixed port, persisted to a folder).
 *
 * <p>The child's classpath is the list written into this jar at build time (plus this jar, for
 * {@link HostBoundServerRunner}); DynamoDB Local's jars are never on the caller's classpath. It listens
 * on 127.0.0.1 unless told another address.
 */
public final class DynamoDbLocal implements AutoCloseable {

    private static final String CLASSPATH_RESOURCE = "server.classpath";
    /** ServerRunner behind a chosen listening address (ServerRunner itself listens on every interface). */
    private static final String SERVER_MAIN = HostBoundServerRunner.class.getName();
    public static final String LOOPBACK = "127.0.0.1";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final Process process;
    private final String host;
    private final int port;

    private DynamoDbLocal(Process process, String host, int port) {
        this.process = process;
        this.host = host;
        this.port = port;
    }

    /** Starts on 127.0.0.1:{@code port}; see {@link #start(String, int, Path)}. */
    public static DynamoDbLocal start(int port, Path dbPath) {
        return start(LOOPBACK, port, dbPath);
    }

    /**
     * Starts listening on {@code host}:{@code port} (0 = a free port); {@code dbPath} null = in memory. Returns once
     * it answers HTTP.
     */
    public static DynamoDbLocal start(String host, int port, Path dbPath) {
        int chosen = port == 0 ? freePort() : port;
        if (port != 0 && accepts(host.equals("0.0.0.0") || host.equals("::") ? LOOPBACK : host, port)) {
            // Whatever listens there would answer in place of the server started here, which could not bind.
            throw new IllegalStateException("port " + port + " in use: something already listens on " + host + ":"
                    + port);
        }
        List<String> command = new ArrayList<>(List.of(
                javaExecutable(), "-Xms64m", "-Xmx512m", "-XX:+UseSerialGC",
                "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
                "-cp", serverClasspath() + File.pathSeparator + ownLocation(), SERVER_MAIN, host,
                "-port", Integer.toString(chosen), "-disableTelemetry"));
        if (dbPath == null) {
            command.add("-inMemory");
        } else {
            try {
                Files.createDirectories(dbPath);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot create DynamoDB Local data folder " + dbPath, e);
            }
            command.addAll(List.of("-sharedDb", "-dbPath", dbPath.toAbsolutePath().toString()));
        }
        Process process;
        try {
            process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start DynamoDB Local", e);
        }
        DynamoDbLocal local = new DynamoDbLocal(process, host, chosen);
        local.awaitAnswering();
        return local;
    }

    public int port() {
        return port;
    }

    public String endpoint() {
        return "http://" + connectHost() + ":" + port;
    }

    /** Where a client on this machine reaches it: its address, or loopback when it listens on all of them. */
    private String connectHost() {
        return host.equals("0.0.0.0") || host.equals("::") ? LOOPBACK : host;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The server process's id, e.g. to stop and continue it (SIGSTOP/SIGCONT) in a test of a stalled database. */
    public long pid() {
        return process.pid();
    }

    /** Stops the process and waits for it, so no orphan outlives the caller. */
    @Override
    public void close() {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private void awaitAnswering() {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("DynamoDB Local exited with code " + process.exitValue()
                        + " before answering on port " + port + " (is the port taken?)");
            }
            if (answers()) {
                return;
            }
            sleep(Duration.ofMillis(50));
        }
        close();
        throw new IllegalStateException("DynamoDB Local did not answer on port " + port + " within " + START_TIMEOUT);
    }

    /** Whether something accepts TCP connections on host:port. */
    private static boolean accepts(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** Any HTTP answer (DynamoDB Local says 400 to a bare GET) means the server is up. */
    private boolean answers() {
        if (!accepts(connectHost(), port)) {
            return false;
        }
        try {
            HttpURLConnection connection = (HttpURLConnection) URI.create(endpoint()).toURL().openConnection();
            connection.setConnectTimeout(500);
            connection.setReadTimeout(1000);
            int status = connection.getResponseCode();
            connection.disconnect();
            return status > 0;
        } catch (IOException e) {
            return false;
        }
    }

    static String serverClasspath() {
        try (InputStream in = DynamoDbLocal.class.getResourceAsStream(CLASSPATH_RESOURCE)) {
            Objects.requireNonNull(in, "missing " + CLASSPATH_RESOURCE + ": build the dynamodb-local module first");
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** This jar (or classes folder), which holds {@link HostBoundServerRunner}. */
    private static String ownLocation() {
        try {
            return Path.of(DynamoDbLocal.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String javaExecutable() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free port", e);
        }
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for DynamoDB Local", e);
        }
    }

    /**
     * {@code java -cp <this jar> dev.trident.local.DynamoDbLocal [--host ADDRESS] [--port N] [--db-path DIR |
     * --in-memory]}: runs until SIGINT/SIGTERM, then stops the server it started. ADDRESS defaults to 127.0.0.1.
     */
    public static void main(String[] args) throws InterruptedException {
        String host = LOOPBACK;
        int port = 8000;
        Path dbPath = Path.of("data", "dynamodb");
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--host" -> host = args[++i];
                case "--port" -> port = Integer.parseInt(args[++i]);
                case "--db-path" -> dbPath = Path.of(args[++i]);
                case "--in-memory" -> dbPath = null;
                default -> {
                    System.err.println("usage: DynamoDbLocal [--host ADDRESS] [--port N] [--db-path DIR | --in-memory]");
                    System.exit(2);
                }
            }
        }
        long started = System.nanoTime();
        DynamoDbLocal local;
        try {
            local = start(host, port, dbPath);
        } catch (IllegalStateException e) {
            System.err.println(e.getMessage());
            System.exit(1);
            return;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            local.close();
            stopped.countDown();
        }, "dynamodb-local-stop"));
        System.out.printf("DynamoDB Local ready at %s (%s) in %d ms%n", local.endpoint(),
                dbPath == null ? "in memory" : "data in " + dbPath.toAbsolutePath(),
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        while (local.isAlive()) {
            if (stopped.await(1, TimeUnit.SECONDS)) {
                return;
            }
        }
        System.err.println("DynamoDB Local stopped unexpectedly");
        System.exit(1);
    }
}
