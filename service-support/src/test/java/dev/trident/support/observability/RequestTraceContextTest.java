package dev.trident.support.observability;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbLocalResource;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Metrics and spans of a DynamoDB call belong to the request that made it: two requests, each with its own
 * {@code traceparent}, each find their own trace id on the exemplars of their meters and on the DynamoDB client span
 * of their call. Latency timers publish histogram buckets, so a p99 can be computed from {@code /q/metrics}.
 */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
@TestProfile(RequestTraceContextTest.SpansCollected.class)
class RequestTraceContextTest {

    private static final String OPEN_METRICS = "application/openmetrics-text; version=1.0.0; charset=utf-8";

    @Inject
    CollectedSpans spans;

    public static class SpansCollected implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.otel.traces.exporter", "cdi", "quarkus.otel.bsp.schedule.delay", "PT0.05S");
        }
    }

    @Test
    void eachRequestsDynamoDbExemplarsAndSpansCarryItsOwnTraceId() throws InterruptedException {
        String first = randomTraceId();
        String second = randomTraceId();
        // Both requests on the same connection and event loop, one after the other, as a keep-alive client sends them.
        given().header("traceparent", traceparent(first)).get("/traced-probe/one").then().statusCode(200);
        given().header("traceparent", traceparent(second)).get("/traced-probe/two").then().statusCode(200);

        String metrics = given().accept(OPEN_METRICS).get("/q/metrics").then().statusCode(200).extract().asString();
        for (String meter : List.of("trident_dynamodb_requests_seconds_bucket",
                "trident_dynamodb_consumed_capacity_units_total")) {
            assertEquals(List.of(first), exemplarTraceIds(metrics, meter, "traced-probe-one"), meter);
            assertEquals(List.of(second), exemplarTraceIds(metrics, meter, "traced-probe-two"), meter);
        }

        for (String traceId : List.of(first, second)) {
            List<SpanData> trace = awaitDynamoDbSpan(traceId);
            SpanData server = trace.stream().filter(span -> span.getKind() == SpanKind.SERVER).findFirst().orElseThrow();
            SpanData getItem = trace.stream().filter(RequestTraceContextTest::isDynamoDbCall).findFirst().orElseThrow();
            assertTrue(getItem.getName().contains("GetItem"), getItem.getName());
            assertEquals(1, trace.stream().filter(RequestTraceContextTest::isDynamoDbCall).count(), trace.toString());
            assertEquals(server.getSpanId(), getItem.getParentSpanId(), "the DynamoDB span is a child of the request's");
        }
    }

    @Test
    void withAnExporterARequestWithoutTraceparentIsRecorded() {
        String span = given().get("/traced-probe/current-span").then().statusCode(200).extract().asString();
        assertTrue(span.matches("[0-9a-f]{32} recording"), span);
    }

    @Test
    void httpServerAndDynamoDbTimersPublishHistogramBuckets() {
        given().get("/traced-probe/three").then().statusCode(200);
        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertTrue(metrics.lines().anyMatch(line -> line.startsWith("http_server_requests_seconds_bucket{")
                && line.contains("uri=\"/traced-probe/{which}\"") && line.contains("le=\"+Inf\"")), "HTTP buckets");
        assertTrue(metrics.lines().anyMatch(line -> line.startsWith("trident_dynamodb_requests_seconds_bucket{")
                && line.contains("pattern=\"traced-probe-three\"") && line.contains("le=\"+Inf\"")), "DynamoDB buckets");
        long dynamoBuckets = metrics.lines().filter(line -> line.startsWith("trident_dynamodb_requests_seconds_bucket{")
                && line.contains("pattern=\"traced-probe-three\"") && line.contains("outcome=\"success\"")).count();
        assertTrue(dynamoBuckets > 10 && dynamoBuckets < 80, dynamoBuckets + " buckets per DynamoDB timer");
    }

    private static boolean isDynamoDbCall(SpanData span) {
        return span.getKind() == SpanKind.CLIENT && span.getName().startsWith("DynamoDb");
    }

    private List<SpanData> awaitDynamoDbSpan(String traceId) throws InterruptedException {
        for (long deadline = System.nanoTime() + 5_000_000_000L; System.nanoTime() < deadline; Thread.sleep(50)) {
            List<SpanData> trace = spans.inTrace(traceId);
            if (trace.stream().anyMatch(RequestTraceContextTest::isDynamoDbCall)
                    && trace.stream().anyMatch(span -> span.getKind() == SpanKind.SERVER)) {
                return trace;
            }
        }
        throw new AssertionError("no server and DynamoDB span in trace " + traceId + ": " + spans.inTrace(traceId));
    }

    /** The trace ids on the exemplars of {@code meter}'s samples for one access pattern. */
    private static List<String> exemplarTraceIds(String metrics, String meter, String pattern) {
        Pattern traceId = Pattern.compile(" # \\{[^}]*trace_id=\"([0-9a-f]{32})\"");
        List<String> ids = metrics.lines()
                .filter(line -> line.startsWith(meter + "{") && line.contains("pattern=\"" + pattern + "\""))
                .map(traceId::matcher).filter(Matcher::find).map(m -> m.group(1)).distinct().toList();
        assertFalse(ids.isEmpty(), "no exemplar on " + meter + " for " + pattern + ":\n" + metrics.lines()
                .filter(line -> line.startsWith(meter + "{")).toList());
        return ids;
    }

    private static String randomTraceId() {
        byte[] bytes = new byte[16];
        ThreadLocalRandom.current().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    private static String traceparent(String traceId) {
        return "00-" + traceId + "-" + "00f067aa0ba902b7" + "-01";
    }
}
