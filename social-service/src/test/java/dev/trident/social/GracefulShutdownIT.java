package dev.trident.social;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.testing.ServiceProcess;
import dev.trident.testing.Tokens;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The packaged service as production runs it: a request in flight when SIGTERM arrives still gets its answer before
 * the process exits (quarkus.shutdown.timeout), and with QUARKUS_LOG_CONSOLE_JSON and the access log switched on,
 * every line is one JSON object and the request's access-log line carries the caller's trace id (its traceparent).
 */
class GracefulShutdownIT {

    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    @Test
    void aRequestInFlightWhenSigtermArrivesIsAnsweredBeforeTheServiceExits() throws Exception {
        ServiceProcess service = ServiceProcess.start("social-service", Map.of(
                "QUARKUS_LOG_CONSOLE_JSON", "true",
                "QUARKUS_HTTP_ACCESS_LOG_ENABLED", "true"));
        try {
            assertEquals(404, send(service, "/users/before-stop", TRACE_ID).get(5, TimeUnit.SECONDS).statusCode());

            CompletableFuture<HttpResponse<String>> inFlight;
            DynamoDbLocalResource.freeze();
            try {
                // The request waits on DynamoDB (well inside its 700 ms attempt timeout) while SIGTERM arrives.
                inFlight = send(service, "/users/in-flight", null);
                Thread.sleep(200);
                service.terminate();
                Thread.sleep(300);
            } finally {
                DynamoDbLocalResource.resume();
            }
            HttpResponse<String> answer = inFlight.get(10, TimeUnit.SECONDS);
            assertEquals(404, answer.statusCode(), answer.body());
            assertTrue(answer.body().contains("\"status\":404"), answer.body());
            // Quarkus ran its shutdown and the JVM exited: 0, or 143 (128 + SIGTERM) as the JVM reports a signal.
            int exit = service.awaitExit(Duration.ofSeconds(25));
            assertTrue(exit == 0 || exit == 143, "exit code " + exit);

            List<JsonNode> lines = jsonLines(service.output());
            assertTrue(lines.stream().anyMatch(line -> "io.quarkus.http.access-log".equals(line.path("loggerName").asText())
                    && line.path("message").asText().contains("GET /users/before-stop")
                    && line.path("message").asText().contains("traceparent=00-" + TRACE_ID + "-")),
                    "access-log line with the trace id: " + service.output());
        } finally {
            DynamoDbLocalResource.resume();
            service.close();
        }
    }

    private CompletableFuture<HttpResponse<String>> send(ServiceProcess service, String path, String traceId) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(service.url() + path))
                .header("Authorization", Tokens.user("shutdown-probe").bearer())
                .timeout(Duration.ofSeconds(10));
        if (traceId != null) {
            request.header("traceparent", "00-" + traceId + "-00f067aa0ba902b7-01");
        }
        return http.sendAsync(request.GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Every non-empty line of the output must be a JSON object. */
    private static List<JsonNode> jsonLines(String output) throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> lines = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (!line.isBlank()) {
                JsonNode node = json.readTree(line);
                assertTrue(node.isObject(), line);
                lines.add(node);
            }
        }
        return lines;
    }
}
