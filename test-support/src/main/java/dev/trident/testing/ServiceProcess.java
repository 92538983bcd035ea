package dev.trident.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Another Trident service, run for real from its packaged jar ({@code target/quarkus-app}) on a
 * free port against the test's DynamoDB Local, for tests of the calls between services.
 * The reactor builds social-service and workspace-service before the services that call them.
 */
public final class ServiceProcess implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private final Process process;
    private final int port;
    private final Path log;

    private ServiceProcess(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /**
     * Starts {@code ../<module>/target/quarkus-app/quarkus-run.jar} (relative to the calling module)
     * and returns once its readiness check is UP.
     */
    public static ServiceProcess start(String module, Map<String, String> extraEnv) {
        Path jar = jar(module);
        int port = freePort();
        try {
            Path log = Files.createTempFile(module + "-", ".log");
            ProcessBuilder builder = jvm(jar, log);
            Map<String, String> env = builder.environment();
            env.put("QUARKUS_HTTP_PORT", Integer.toString(port));
            useDynamoDb(env, DynamoDbLocalResource.endpoint());
            env.put("TRIDENT_TABLE_BOOTSTRAP", "true");
            env.put("TRIDENT_CURSOR_SECRETS", DynamoDbLocalResource.TEST_CURSOR_SECRETS);
            // The same test key as the caller, so the callee accepts the caller's forwarded token.
            env.putAll(Tokens.environment());
            env.putAll(extraEnv);
            ServiceProcess service = new ServiceProcess(builder.start(), port, log);
            Runtime.getRuntime().addShutdownHook(new Thread(service::close, module + "-stop"));
            service.awaitReady(module);
            return service;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + module, e);
        }
    }

    /** How a run that should never serve ended: its exit code and what it printed. */
    public record Exit(int code, String output) {
    }

    /**
     * Runs {@code ../<module>/target/quarkus-app/quarkus-run.jar} in the prod profile with only {@code env} on top
     * of a DynamoDB client configuration that is never used, and waits for it to exit by itself. Fails if it is
     * still running after {@code timeout}: the service started although it should have refused to.
     */
    public static Exit runUntilItExits(String module, Map<String, String> env, Duration timeout) {
        Path jar = jar(module);
        try {
            Path log = Files.createTempFile(module + "-refused-", ".log");
            ProcessBuilder builder = jvm(jar, log);
            Map<String, String> environment = builder.environment();
            environment.keySet().removeIf(name -> name.startsWith("TRIDENT_") || name.startsWith("QUARKUS_"));
            environment.put("QUARKUS_HTTP_PORT", Integer.toString(freePort()));
            useDynamoDb(environment, "http://127.0.0.1:9"); // never called: the service must refuse before
            environment.put("TRIDENT_CURSOR_SECRETS", DynamoDbLocalResource.TEST_CURSOR_SECRETS);
            environment.putAll(env);
            Process process = builder.start();
            try {
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.destroyForcibly();
                    throw new AssertionError(module + " was still running after " + timeout + ": "
                            + Files.readString(log));
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            return new Exit(process.exitValue(), Files.readString(log));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + module, e);
        }
    }

    public String url() {
        return "http://localhost:" + port;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Sends SIGTERM, as Kubernetes or Docker stop a container, and returns at once (see {@link #awaitExit}). */
    public void terminate() {
        process.destroy();
    }

    /** The exit code once the process has exited within {@code timeout}; fails if it is still running. */
    public int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("still running " + timeout + " after SIGTERM");
        }
        return process.exitValue();
    }

    /** Everything the process printed so far (both streams). */
    public String output() throws IOException {
        return Files.readString(log);
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    private void awaitReady(String module) throws IOException {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(module + " exited: " + tail());
            }
            if (status("/q/health/ready") == 200) {
                return;
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        close();
        throw new IllegalStateException(module + " not ready within " + START_TIMEOUT + ": " + tail());
    }

    private int status(String path) {
        try {
            HttpURLConnection connection = (HttpURLConnection) URI.create(url() + path).toURL().openConnection();
            connection.setConnectTimeout(200);
            connection.setReadTimeout(2000);
            int status = connection.getResponseCode();
            connection.disconnect();
            return status;
        } catch (IOException e) {
            return -1;
        }
    }

    private String tail() throws IOException {
        List<String> lines = new ArrayList<>(Files.readAllLines(log));
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 20), lines.size()));
    }

    /** A small JVM for a packaged service, its output (both streams) into {@code log}. */
    private static ProcessBuilder jvm(Path jar, Path log) {
        return new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:TieredStopAtLevel=1", "-jar", jar.toString()))
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
    }

    /** The DynamoDB client of a service pointed at {@code endpoint} with DynamoDB Local's static credentials. */
    private static void useDynamoDb(Map<String, String> env, String endpoint) {
        env.put("QUARKUS_DYNAMODB_ENDPOINT_OVERRIDE", endpoint);
        env.put("QUARKUS_DYNAMODB_AWS_REGION", "us-east-1");
        env.put("QUARKUS_DYNAMODB_AWS_CREDENTIALS_TYPE", "static");
        env.put("QUARKUS_DYNAMODB_AWS_CREDENTIALS_STATIC_PROVIDER_ACCESS_KEY_ID", "local");
        env.put("QUARKUS_DYNAMODB_AWS_CREDENTIALS_STATIC_PROVIDER_SECRET_ACCESS_KEY", "local");
    }

    private static Path jar(String module) {
        Path jar = Path.of("..", module, "target", "quarkus-app", "quarkus-run.jar").toAbsolutePath().normalize();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: build " + module + " first (./mvnw -pl " + module + " package)");
        }
        return jar;
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
