package dev.trident.testing.openapi;

import io.vertx.ext.web.Router;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Writes down every answer a service under test gives (method, path, status), whoever sent the request (rest-assured,
 * raw sockets, java.net.http), to one file per test JVM: {@code target/observed-responses/<pid>.tsv}. A file and not
 * memory because each Quarkus restart of the test run loads this class anew; the pid keeps an earlier run's file out.
 * {@link OpenApiCoverage} compares the file with the OpenAPI document.
 * <p>
 * A service's tests register it with one observer in their test sources:
 * {@code void record(@Observes Router router) { ObservedResponses.recordEvery(router); }}
 */
public final class ObservedResponses {

    static final Path DIRECTORY = Path.of("target", "observed-responses");
    private static final Object LOCK = new Object();

    private ObservedResponses() {
    }

    /** Records each response when its headers are written, before any route (or failure handler) runs. */
    public static void recordEvery(Router router) {
        router.route().order(Integer.MIN_VALUE).handler(rc -> {
            String method = rc.request().method().name();
            String path = rc.request().path();
            rc.addHeadersEndHandler(ignored -> record(method, path, rc.response().getStatusCode()));
            rc.next();
        });
    }

    static void record(String method, String path, int status) {
        String line = method + "\t" + (path == null ? "" : path) + "\t" + status + "\n";
        synchronized (LOCK) {
            try {
                Files.createDirectories(DIRECTORY);
                Files.writeString(thisRun(), line, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** This test JVM's file. */
    static Path thisRun() {
        return DIRECTORY.resolve(ProcessHandle.current().pid() + ".tsv");
    }

    /** The answers recorded in this JVM, each {@code [method, path, status]}; empty when none. */
    static List<String[]> read() {
        Path file = thisRun();
        if (!Files.exists(file)) {
            return List.of();
        }
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8).stream()
                    .filter(line -> !line.isBlank())
                    .map(line -> line.split("\t", -1))
                    .filter(parts -> parts.length == 3)
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
