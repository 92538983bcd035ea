package dev.trident.containers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.restassured.RestAssured;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * The suite as {@code deploy/containers.sh test} describes it to the tests (system properties
 * {@code trident.containers.*}): each service's URL, the data folder's key pair the containers trust, where to write
 * what was measured; and the container engine, through the {@code docker} command (DOCKER_HOST as the script set it).
 */
final class Containers {

    /** The property every test of this module is enabled by: without it (a plain ./mvnw verify) they are skipped. */
    static final String ENABLED_BY = "trident.containers.social-url";

    static final String SOCIAL = System.getProperty("trident.containers.social-url", "");
    static final String ENROLLMENT = System.getProperty("trident.containers.enrollment-url", "");
    static final String ENROLLMENT_REPLICA = System.getProperty("trident.containers.enrollment-replica-url", "");
    static final String WORKSPACE = System.getProperty("trident.containers.workspace-url", "");
    private static final String REPORT = System.getProperty("trident.containers.report", "");
    /** The memory limit deploy/compose/compose.host.yaml gives every service container. */
    static final long SERVICE_MEMORY_LIMIT = 256L * 1024 * 1024;

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    static {
        // test-support's Tokens sign with the key pair in this folder: the local stack's, which the containers trust.
        String jwt = System.getProperty("trident.containers.jwt-folder");
        if (jwt != null) {
            System.setProperty("dev.trident.testing.Tokens.keyFolder", jwt);
        }
    }

    private Containers() {
    }

    /** Points RestAssured (and so test-support's contracts) at one container. */
    static void useService(String url) {
        URI uri = URI.create(url);
        RestAssured.baseURI = uri.getScheme() + "://" + uri.getHost();
        RestAssured.port = uri.getPort();
    }

    /** A fresh id: the data of earlier runs stays on DynamoDB Local's volume. */
    static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static String bearer(String userId, String... roles) {
        return dev.trident.testing.Tokens.user(userId).roles(roles).bearer();
    }

    static HttpResponse<String> send(String method, String url, String authorization, String json) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(15))
                .method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        if (json != null) {
            request.header("Content-Type", "application/json");
        }
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(method + " " + url, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The value of a meter without tags on a service's /q/metrics (0 when it is absent). */
    static double metric(String url, String name) {
        HttpResponse<String> metrics = send("GET", url + "/q/metrics", null, null);
        assertEquals(200, metrics.statusCode(), url + "/q/metrics");
        return metrics.body().lines().filter(line -> line.startsWith(name + " ")).findFirst()
                .map(line -> Double.parseDouble(line.substring(name.length() + 1).trim())).orElse(0.0);
    }

    /** Waits up to 10 s for a meter to show a value, then asserts it. */
    static void awaitMetric(String url, String name, double expected) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        double seen = metric(url, name);
        while (seen != expected && System.nanoTime() < deadline) {
            sleep(100);
            seen = metric(url, name);
        }
        assertEquals(expected, seen, url + " " + name);
    }

    /** The status of the readiness check, or 0 when nothing answers. */
    static int ready(String url) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(url + "/q/health/ready")).timeout(Duration.ofSeconds(2))
                    .build(), HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return 0;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A user of social-service (every student must be one), created with their own token. */
    static void createUser(String userId, String displayName) {
        HttpResponse<String> created = send("POST", SOCIAL + "/users", bearer(userId),
                "{\"handle\":\"" + userId + "\",\"displayName\":\"" + displayName + "\"}");
        assertEquals(201, created.statusCode(), created.body());
    }

    /** {@code docker ARGS...}: its standard output, trimmed; fails the test when docker fails. */
    static String docker(String... args) {
        List<String> command = new ArrayList<>(List.of("docker"));
        command.addAll(List.of(args));
        return run(command);
    }

    static String run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            assertTrue(process.waitFor(60, TimeUnit.SECONDS), String.join(" ", command) + " did not finish");
            assertEquals(0, process.exitValue(), String.join(" ", command) + ": " + out);
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(String.join(" ", command), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** {@code docker inspect -f FORMAT CONTAINER}. */
    static String inspect(String container, String format) {
        return docker("inspect", "-f", format, container);
    }

    /** A line for deploy/containers.sh to print under "measured". */
    static synchronized void report(String format, Object... args) {
        String line = String.format(format, args);
        System.out.println(line);
        if (REPORT.isEmpty()) {
            return;
        }
        try {
            Files.writeString(Path.of(REPORT), line + System.lineSeparator(), StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
