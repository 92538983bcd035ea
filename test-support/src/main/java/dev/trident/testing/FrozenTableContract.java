package dev.trident.testing;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.restassured.response.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * docs/operations.md "When DynamoDB stalls": with DynamoDB frozen (its process stopped with SIGSTOP: connections are
 * accepted, nothing is answered), every route answers 503 problem+json with Retry-After within 2.5 s, never a hang
 * and never a 500; readiness is DOWN, within the same bound; once DynamoDB runs again (SIGCONT) the service is ready
 * and answers normally within seconds, by itself. Each service names a few of its reads and writes in a small
 * subclass ({@code *FrozenTableTest}).
 *
 * <p>The freeze is a few seconds of the module's shared DynamoDB Local, always resumed in a finally (and by the
 * resource's shutdown hook); the test then proves the service recovered, so the classes that run after it see a
 * healthy table. With {@code -Dfrozen-table.stall-seconds=60} it also runs the long stall: that many seconds frozen
 * under continuous load, then the same recovery (the name is outside {@code trident.*}, where a service refuses
 * properties it does not know).
 */
public abstract class FrozenTableContract {

    /** The answer time every route keeps while DynamoDB is frozen. */
    public static final Duration BOUND = Duration.ofMillis(2500);
    /** How soon after DynamoDB resumes the service is ready and every route answers normally. */
    public static final Duration RECOVERY = Duration.ofSeconds(5);
    public static final String STALL_PROPERTY = "frozen-table.stall-seconds";

    private static final int SENDS_PER_ROUTE = 3;
    private static final int LOAD_CLIENTS = 16;
    private static final Duration HANG = BOUND.plusSeconds(20);
    private static final Pattern METRIC = Pattern.compile("(?m)^(jvm_threads_live_threads|process_files_open_files)"
            + "(?:\\{[^}]*})? ([0-9.eE+]+)$");

    /**
     * A request the service answers from DynamoDB, sent afresh on each call (a write makes new ids, or is idempotent):
     * it must answer 2xx while DynamoDB runs.
     */
    public record Route(String name, Supplier<Response> send) {
    }

    /** Reads of this service, with a token allowed to make them. */
    protected abstract List<Route> reads();

    /** Writes of this service, with a token allowed to make them. */
    protected abstract List<Route> writes();

    /** Runs first, with DynamoDB running: creates what the routes read and change. */
    protected void prepare() {
    }

    /** One answer as the client saw it. */
    private record Answer(String route, int status, String contentType, String retryAfter, Object problemStatus,
            String readinessReason, long millis) {

        static Answer of(String route, Supplier<Response> send) {
            long started = System.nanoTime();
            Response response = send.get();
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);
            String contentType = response.getContentType();
            boolean json = contentType != null && contentType.contains("json");
            return new Answer(route, response.statusCode(), contentType, response.getHeader("Retry-After"),
                    json && contentType.contains("problem") ? response.path("status") : null,
                    route.equals(READINESS) && json
                            ? response.path("checks.find { it.name == 'dynamodb-table' }.data.reason") : null,
                    millis);
        }

        boolean normal() {
            return status >= 200 && status < 300;
        }

        /** What a client must get from a route while DynamoDB cannot answer. */
        void assertUnavailable() {
            assertEquals(503, status, this::toString);
            assertTrue(contentType != null && contentType.startsWith("application/problem+json"), this::toString);
            assertEquals(503, problemStatus, this::toString);
            assertTrue(retryAfter != null && retryAfter.matches("[1-9][0-9]*"), this::toString);
            assertTrue(millis < BOUND.toMillis(), () -> "answered after " + millis + " ms: " + this);
        }

        void assertNotReady() {
            assertEquals(503, status, this::toString);
            // One short line that names where DynamoDB was expected, not the SDK's kilobyte of text.
            assertTrue(readinessReason != null && readinessReason.length() < 200
                    && readinessReason.contains(DynamoDbLocalResource.endpoint()), this::toString);
            assertTrue(millis < BOUND.toMillis(), () -> "readiness answered after " + millis + " ms: " + this);
        }
    }

    private static final String READINESS = "GET /q/health/ready";

    @Test
    void aFrozenTableIsA503WithRetryAfterWithinTheBoundOnEveryRouteAndTheServiceRecoversByItself() throws Exception {
        List<Route> routes = routes();
        List<Callable<Answer>> sends = new ArrayList<>();
        for (int i = 0; i < SENDS_PER_ROUTE; i++) {
            for (Route route : routes) {
                sends.add(() -> Answer.of(route.name(), route.send()));
            }
        }
        sends.add(() -> Answer.of(READINESS, FrozenTableContract::readiness));

        List<Answer> answers;
        DynamoDbLocalResource.freeze();
        long resumedAt;
        try {
            answers = all(sends);
        } finally {
            DynamoDbLocalResource.resume();
            resumedAt = System.nanoTime();
        }

        for (Answer answer : answers) {
            if (answer.route().equals(READINESS)) {
                answer.assertNotReady();
            } else {
                answer.assertUnavailable();
            }
        }
        Answer worst = answers.stream().max(Comparator.comparingLong(Answer::millis)).orElseThrow();
        Recovery recovery = recover(routes, resumedAt);
        System.out.printf("[frozen-table] %d answers while frozen, worst %d ms (%s); ready %d ms and every route "
                + "normal %d ms after resuming%n", answers.size(), worst.millis(), worst.route(),
                recovery.readyMillis(), recovery.normalMillis());
    }

    @Test
    @EnabledIfSystemProperty(named = STALL_PROPERTY, matches = "[1-9][0-9]*")
    void aLongStallUnderLoadExhaustsNothingAndTheServiceAnswersWithinSecondsOfResuming() throws Exception {
        Duration stall = Duration.ofSeconds(Long.parseLong(System.getProperty(STALL_PROPERTY)));
        List<Route> routes = routes();
        Map<String, Double> before = processMetrics();
        ConcurrentLinkedQueue<Answer> answers = new ConcurrentLinkedQueue<>();
        ConcurrentLinkedQueue<Throwable> errors = new ConcurrentLinkedQueue<>();
        AtomicBoolean running = new AtomicBoolean(true);
        ExecutorService load = Executors.newFixedThreadPool(LOAD_CLIENTS + 1, daemonThreads());
        long resumedAt;
        DynamoDbLocalResource.freeze();
        try {
            for (int client = 0; client < LOAD_CLIENTS; client++) {
                int first = client;
                load.submit(() -> {
                    for (int i = first; running.get(); i++) {
                        Route route = routes.get(i % routes.size());
                        try {
                            answers.add(Answer.of(route.name(), route.send()));
                        } catch (RuntimeException e) {
                            errors.add(e);
                        }
                    }
                });
            }
            load.submit(() -> {
                while (running.get()) {
                    answers.add(Answer.of(READINESS, FrozenTableContract::readiness));
                    sleep(Duration.ofSeconds(1));
                }
            });
            sleep(stall);
            running.set(false);
            load.shutdown();
            assertTrue(load.awaitTermination(HANG.toMillis(), TimeUnit.MILLISECONDS), "the load did not stop");
        } finally {
            running.set(false);
            load.shutdownNow();
            DynamoDbLocalResource.resume();
            resumedAt = System.nanoTime();
        }
        Recovery recovery = recover(routes, resumedAt);
        Map<String, Double> after = processMetrics();

        assertTrue(errors.isEmpty(), () -> "requests failed on the client side: " + errors);
        Map<Integer, Integer> byStatus = new TreeMap<>();
        answers.forEach(answer -> byStatus.merge(answer.status(), 1, Integer::sum));
        Answer worst = answers.stream().max(Comparator.comparingLong(Answer::millis)).orElseThrow();
        System.out.printf("[frozen-table] %d s frozen under %d clients: %d answers %s, worst %d ms (%s); ready %d ms "
                + "and every route normal %d ms after resuming; threads %s -> %s, open files %s -> %s%n",
                stall.toSeconds(), LOAD_CLIENTS, answers.size(), byStatus, worst.millis(), worst.route(),
                recovery.readyMillis(), recovery.normalMillis(), before.get("jvm_threads_live_threads"),
                after.get("jvm_threads_live_threads"), before.get("process_files_open_files"),
                after.get("process_files_open_files"));
        for (Answer answer : answers) {
            if (answer.route().equals(READINESS)) {
                answer.assertNotReady();
            } else {
                answer.assertUnavailable();
            }
        }
        // After the stall, a burst of the load the service had before it is answered normally.
        List<Callable<Answer>> burst = new ArrayList<>();
        for (int i = 0; i < LOAD_CLIENTS * 2; i++) {
            Route route = routes.get(i % routes.size());
            burst.add(() -> Answer.of(route.name(), route.send()));
        }
        for (Answer answer : all(burst)) {
            assertTrue(answer.normal(), answer::toString);
        }
    }

    private List<Route> routes() {
        prepare();
        List<Route> routes = new ArrayList<>(reads());
        routes.addAll(writes());
        assertTrue(!reads().isEmpty() && !writes().isEmpty(), "name at least one read and one write");
        // Valid requests that reach DynamoDB, and a warm service: what is measured next is the freeze only.
        for (Route route : routes) {
            Answer answer = Answer.of(route.name(), route.send());
            assertTrue(answer.normal(), () -> "before the freeze: " + answer);
        }
        ReadinessContract.assertReady();
        return routes;
    }

    private record Recovery(long readyMillis, long normalMillis) {
    }

    /** Ready again, then every route answers normally, each within {@link #RECOVERY} of resuming. */
    private static Recovery recover(List<Route> routes, long resumedAt) {
        long deadline = resumedAt + RECOVERY.toNanos();
        Answer readiness = Answer.of(READINESS, FrozenTableContract::readiness);
        while (readiness.status() != 200 && System.nanoTime() < deadline) {
            sleep(Duration.ofMillis(100));
            readiness = Answer.of(READINESS, FrozenTableContract::readiness);
        }
        Answer lastReadiness = readiness;
        assertEquals(200, readiness.status(), () -> "not ready " + RECOVERY + " after resuming: " + lastReadiness);
        long readyMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - resumedAt);
        for (Route route : routes) {
            Answer answer = Answer.of(route.name(), route.send());
            while (!answer.normal() && System.nanoTime() < deadline) {
                sleep(Duration.ofMillis(100));
                answer = Answer.of(route.name(), route.send());
            }
            Answer last = answer;
            assertTrue(answer.normal(), () -> "not answering normally " + RECOVERY + " after resuming: " + last);
        }
        return new Recovery(readyMillis, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - resumedAt));
    }

    /** Sends all at once (each on its own thread) and collects the answers; a send that hangs fails the test. */
    private static List<Answer> all(List<Callable<Answer>> sends) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(sends.size(), daemonThreads());
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Answer>> futures = new ArrayList<>();
            for (Callable<Answer> send : sends) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return send.call();
                }));
            }
            start.countDown();
            List<Answer> answers = new ArrayList<>();
            long deadline = System.nanoTime() + HANG.toNanos();
            for (Future<Answer> future : futures) {
                try {
                    answers.add(future.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
                } catch (java.util.concurrent.TimeoutException e) {
                    fail("a request hung for " + HANG + " while DynamoDB was frozen");
                }
            }
            return answers;
        } finally {
            pool.shutdownNow();
        }
    }

    private static Response readiness() {
        return given().when().get("/q/health/ready");
    }

    private static Map<String, Double> processMetrics() {
        Map<String, Double> values = new TreeMap<>();
        Matcher matcher = METRIC.matcher(given().when().get("/q/metrics").asString());
        while (matcher.find()) {
            values.merge(matcher.group(1), Double.parseDouble(matcher.group(2)), Double::sum);
        }
        return values;
    }

    private static java.util.concurrent.ThreadFactory daemonThreads() {
        return runnable -> {
            Thread thread = new Thread(runnable, "frozen-table-client");
            thread.setDaemon(true);
            return thread;
        };
    }

    private static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A request with a bearer token for {@code userId} and these roles. */
    protected static io.restassured.specification.RequestSpecification as(String userId, String... roles) {
        return given().header("Authorization", Tokens.user(userId).roles(roles).bearer());
    }
}
