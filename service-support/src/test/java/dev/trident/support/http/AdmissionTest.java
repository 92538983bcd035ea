package dev.trident.support.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbLocalResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.RestAssured;
import io.restassured.response.Response;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Admission control with two places and a queue of one: the requests beyond them are answered at once with 503
 * problem+json and Retry-After, before authentication and before the route runs; a waiting request is served when a
 * place frees, or refused once it has waited the longest allowed; /q/* answers while every place is taken; and every
 * place is given back, whatever the clients do (many at once, or leaving while they wait).
 */
@QuarkusTest
@TestProfile(AdmissionTest.TwoPlaces.class)
@QuarkusTestResource(DynamoDbLocalResource.class)
class AdmissionTest {

    static final Duration MAX_QUEUE_WAIT = Duration.ofMillis(600);

    public static class TwoPlaces implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            // The shared configuration gives the test profile more room; this test sets the small values back.
            return Map.of("trident.admission.max-in-flight", "2", "%test.trident.admission.max-in-flight", "2",
                    "trident.admission.max-queued", "1", "%test.trident.admission.max-queued", "1",
                    "trident.admission.max-queue-wait", MAX_QUEUE_WAIT.toString(),
                    "%test.trident.admission.max-queue-wait", MAX_QUEUE_WAIT.toString());
        }
    }

    private static final String PROBE = "/admission-probe";
    private final ExecutorService clients = Executors.newCachedThreadPool();

    @BeforeEach
    void closeTheGate() {
        AdmissionProbeResource.close();
        AdmissionProbeResource.ARRIVED.set(0);
    }

    @AfterEach
    void openTheGate() throws InterruptedException {
        AdmissionProbeResource.open();
        clients.shutdown();
        assertTrue(clients.awaitTermination(10, TimeUnit.SECONDS), "clients still waiting for answers");
        awaitMetric("trident_admission_in_flight", 0);
        awaitMetric("trident_admission_queued", 0);
    }

    @Test
    void requestsBeyondThePlacesAndTheQueueAreRefusedAtOnceBeforeAuthenticationAndTheWaitingOneAfterItsWait() {
        CompletableFuture<Response> first = send(PROBE);
        CompletableFuture<Response> second = send(PROBE);
        await(() -> AdmissionProbeResource.ARRIVED.get(), 2);
        CompletableFuture<Response> waiting = send(PROBE);
        awaitMetric("trident_admission_queued", 1); // /q/metrics answers while every place is taken
        double shedFull = metric("trident_admission_shed_total\\{reason=\"full\"}");
        double shedWaited = metric("trident_admission_shed_total\\{reason=\"waited\"}");

        long started = System.nanoTime();
        // A route that needs a registrar's token, sent without one: refused for capacity, not for its token.
        Response refused = RestAssured.given().get("/probe/registrar");
        long refusedMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
        assertRefused(refused);
        assertTrue(refusedMillis < MAX_QUEUE_WAIT.toMillis() / 2, "refused after " + refusedMillis + " ms");
        assertEquals(shedFull + 1, metric("trident_admission_shed_total\\{reason=\"full\"}"));

        Response waited = waiting.join();
        assertRefused(waited);
        assertTrue(waited.time() >= MAX_QUEUE_WAIT.toMillis(), "a waiting request refused after " + waited.time()
                + " ms, before its " + MAX_QUEUE_WAIT.toMillis() + " ms");
        assertEquals(shedWaited + 1, metric("trident_admission_shed_total\\{reason=\"waited\"}"));
        assertEquals(2, AdmissionProbeResource.ARRIVED.get(), "a refused request reached the route");

        AdmissionProbeResource.open();
        assertEquals(200, first.join().statusCode());
        assertEquals(200, second.join().statusCode());
    }

    @Test
    void aWaitingRequestIsServedAsSoonAsAPlaceFrees() {
        CompletableFuture<Response> first = send(PROBE);
        CompletableFuture<Response> second = send(PROBE);
        await(() -> AdmissionProbeResource.ARRIVED.get(), 2);
        CompletableFuture<Response> waiting = send(PROBE);
        awaitMetric("trident_admission_queued", 1);
        assertEquals(2, AdmissionProbeResource.ARRIVED.get());

        AdmissionProbeResource.open();

        assertEquals(200, first.join().statusCode());
        assertEquals(200, second.join().statusCode());
        Response served = waiting.join();
        assertEquals(200, served.statusCode());
        assertEquals("served", served.asString());
        assertEquals(3, AdmissionProbeResource.ARRIVED.get());
    }

    @Test
    void aClientThatLeavesWhileWaitingTakesNoPlace() throws IOException {
        CompletableFuture<Response> first = send(PROBE);
        CompletableFuture<Response> second = send(PROBE);
        await(() -> AdmissionProbeResource.ARRIVED.get(), 2);
        try (Socket leaving = new Socket(InetAddress.getLoopbackAddress(), RestAssured.port)) {
            OutputStream out = leaving.getOutputStream();
            out.write(("GET " + PROBE + " HTTP/1.1\r\nHost: localhost\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            awaitMetric("trident_admission_queued", 1);
        }
        AdmissionProbeResource.open();
        assertEquals(200, first.join().statusCode());
        assertEquals(200, second.join().statusCode());
        awaitMetric("trident_admission_in_flight", 0);
        awaitMetric("trident_admission_queued", 0);

        // Both places are free again: two held requests are admitted, a third waits.
        AdmissionProbeResource.close();
        int before = AdmissionProbeResource.ARRIVED.get();
        CompletableFuture<Response> third = send(PROBE);
        CompletableFuture<Response> fourth = send(PROBE);
        await(() -> AdmissionProbeResource.ARRIVED.get() - before, 2);
        AdmissionProbeResource.open();
        assertEquals(200, third.join().statusCode());
        assertEquals(200, fourth.join().statusCode());
    }

    @Test
    void aClientThatLeavesWhileItsRequestIsInFlightGivesItsPlaceBack() throws IOException {
        for (int round = 0; round < 3; round++) { // more rounds than places: a place kept by a leaver would show
            int before = AdmissionProbeResource.ARRIVED.get();
            try (Socket leaving = new Socket(InetAddress.getLoopbackAddress(), RestAssured.port)) {
                OutputStream out = leaving.getOutputStream();
                out.write(("GET " + PROBE + " HTTP/1.1\r\nHost: localhost\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
                await(() -> AdmissionProbeResource.ARRIVED.get() - before, 1);
                awaitMetric("trident_admission_in_flight", 1);
            }
            // The gate stays closed: the route never answers, so only the client's leaving can free the place.
            awaitMetric("trident_admission_in_flight", 0);
        }
    }

    @Test
    void manyClientsAtOnceGetOnly2xxOr503WithRetryAfterAndEveryPlaceIsGivenBack() {
        AdmissionProbeResource.open();
        List<CompletableFuture<List<Response>>> batches = new ArrayList<>();
        for (int client = 0; client < 24; client++) {
            batches.add(CompletableFuture.supplyAsync(() -> {
                List<Response> answers = new ArrayList<>();
                for (int i = 0; i < 15; i++) {
                    answers.add(RestAssured.given().get(PROBE));
                }
                return answers;
            }, clients));
        }
        int served = 0;
        int refused = 0;
        for (CompletableFuture<List<Response>> batch : batches) {
            for (Response answer : batch.join()) {
                if (answer.statusCode() == 200) {
                    served++;
                } else {
                    assertRefused(answer);
                    refused++;
                }
            }
        }
        assertEquals(24 * 15, served + refused);
        assertTrue(served > 0, "nothing served");
        awaitMetric("trident_admission_in_flight", 0);
        awaitMetric("trident_admission_queued", 0);
    }

    private CompletableFuture<Response> send(String path) {
        return CompletableFuture.supplyAsync(() -> RestAssured.given().get(path), clients);
    }

    private static void assertRefused(Response answer) {
        assertEquals(503, answer.statusCode(), answer::asString);
        assertEquals("1", answer.header("Retry-After"));
        assertTrue(answer.contentType().startsWith("application/problem+json"), answer.contentType());
        assertEquals(503, answer.jsonPath().getInt("status"));
        assertEquals("nosniff", answer.header("X-Content-Type-Options"));
    }

    private static double metric(String nameAndTags) {
        String metrics = RestAssured.given().get("/q/metrics").then().statusCode(200).extract().asString();
        Matcher m = Pattern.compile("(?m)^" + nameAndTags + " ([0-9.eE+-]+)$").matcher(metrics);
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }

    private static void awaitMetric(String name, double expected) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        double seen = metric(name);
        while (seen != expected && System.nanoTime() < deadline) {
            sleep();
            seen = metric(name);
        }
        assertEquals(expected, seen, name);
    }

    private static void await(IntSupplier value, int expected) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (value.getAsInt() < expected && System.nanoTime() < deadline) {
            sleep();
        }
        assertEquals(expected, value.getAsInt());
    }

    private static void sleep() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
