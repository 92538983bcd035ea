package dev.trident.testing.openapi;

import io.vertx.ext.web.Router;
import java.util.List;

/**
 * Writes down every answer a service under test gives (method, path, status), whoever sent the request (rest-assured,
 * raw sockets, java.net.http), to one file per test JVM: {@code target/observed-responses/<pid>.tsv} ({@link RunFile}).
 * {@link OpenApiCoverage} compares the file with the OpenAPI document.
 * <p>
 * A service's tests register it with one observer in their test sources:
 * {@code void record(@Observes Router router) { ObservedResponses.recordEvery(router); }}
 */
public final class ObservedResponses {

    private static final RunFile FILE = new RunFile("observed-responses");

    private ObservedResponses() {
    }

    /**
     * Records each response when its headers are written, before any route (or failure handler) runs; and checks each
     * answer rest-assured receives against the document ({@link DocumentedAnswers}).
     */
    public static void recordEvery(Router router) {
        DocumentedAnswers.install();
        router.route().order(Integer.MIN_VALUE).handler(rc -> {
            String method = rc.request().method().name();
            String path = rc.request().path();
            rc.addHeadersEndHandler(ignored -> record(method, path, rc.response().getStatusCode()));
            rc.next();
        });
    }

    static void record(String method, String path, int status) {
        FILE.append(method, path, String.valueOf(status));
    }

    /** The answers recorded in this JVM, each {@code [method, path, status]}; empty when none. */
    static List<String[]> read() {
        return FILE.read(3);
    }
}
