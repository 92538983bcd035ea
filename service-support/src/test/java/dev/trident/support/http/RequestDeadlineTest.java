package dev.trident.support.http;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.support.dynamo.DynamoTable;
import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.testing.FrozenTableContract;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;

/**
 * docs/operations.md "When DynamoDB stalls": a request's DynamoDB calls share the request's deadline
 * ({@code trident.request.deadline}, 2 s): three calls one after another to a frozen DynamoDB, each of which alone
 * would wait its full 1.7 s call timeout (about 5 s in all), answer 503 with Retry-After within the 2.5 s bound, the
 * last one failed at once without being sent. The same calls outside a request keep their full per-call timeouts.
 */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
@TestProfile(RequestDeadlineTest.OwnApplication.class)
class RequestDeadlineTest {

    /**
     * An application of its own: in test mode the SDK completes its futures on Quarkus' worker threads, and a request
     * whose DynamoDB call timed out leaves such a thread with a tracing context that later blocking requests on it
     * inherit (UnexportedSpansTest then sees no span). Production completes on the SDK's own threads.
     */
    public static class OwnApplication implements QuarkusTestProfile {
    }

    /** A call that keeps its configured 1.7 s call timeout fails no sooner than this (the timer never fires early). */
    private static final long FULL_CALL_TIMEOUT_MILLIS = 1700;

    @Inject
    DynamoTable table;

    @Test
    void threeSequentialCallsToAFrozenTableAnswer503WithRetryAfterWithinTheBound() {
        String warm = UUID.randomUUID().toString();
        given().header(DeadlineProbeResource.PROBE_HEADER, warm).get("/deadline-probe").then().statusCode(200);
        assertEquals(3, DeadlineProbeResource.outcomes(warm).size(), "three calls while DynamoDB runs");

        List<String> probes = List.of(UUID.randomUUID().toString(), UUID.randomUUID().toString());
        long[] millis = new long[probes.size()];
        Response[] answers = new Response[probes.size()];
        DynamoDbLocalResource.freeze();
        try {
            for (int i = 0; i < probes.size(); i++) {
                long started = System.nanoTime();
                answers[i] = given().header(DeadlineProbeResource.PROBE_HEADER, probes.get(i)).get("/deadline-probe");
                millis[i] = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            }
        } finally {
            DynamoDbLocalResource.resume();
        }

        for (int i = 0; i < probes.size(); i++) {
            List<String> outcomes = DeadlineProbeResource.outcomes(probes.get(i));
            String seen = "answered after " + millis[i] + " ms, calls " + outcomes;
            System.out.println("[request-deadline] " + seen);
            assertEquals(503, answers[i].statusCode(), seen);
            assertTrue(answers[i].contentType().startsWith("application/problem+json"), seen);
            assertTrue(answers[i].getHeader("Retry-After") != null
                    && answers[i].getHeader("Retry-After").matches("[1-9][0-9]*"), seen);
            assertTrue(millis[i] < FrozenTableContract.BOUND.toMillis(), seen);
            assertEquals(3, outcomes.size(), seen);
            assertTrue(outcomes.stream().allMatch(outcome -> outcome.contains("ApiCallTimeoutException")), seen);
            assertTrue(outcomes.get(2).contains("deadline passed before DynamoDB was called"), seen);
        }
    }

    @Test
    void outsideARequestEachCallKeepsItsFullCallTimeout() {
        List<String> outcomes = new CopyOnWriteArrayList<>();
        DynamoDbLocalResource.freeze();
        try {
            assertThrows(ApiCallTimeoutException.class,
                    () -> DeadlineProbeResource.threeReads(table, outcomes).await().atMost(Duration.ofSeconds(20)));
        } finally {
            DynamoDbLocalResource.resume();
        }
        System.out.println("[request-deadline] outside a request: " + outcomes);
        assertEquals(3, outcomes.size(), outcomes::toString);
        for (String outcome : outcomes) {
            assertTrue(outcome.contains("ApiCallTimeoutException") && !outcome.contains("deadline"), outcomes::toString);
            assertTrue(Long.parseLong(outcome.substring(0, outcome.indexOf(' '))) >= FULL_CALL_TIMEOUT_MILLIS,
                    outcomes::toString);
        }
    }
}
