package dev.trident.containers;

import static dev.trident.containers.Containers.ENROLLMENT;
import static dev.trident.containers.Containers.SOCIAL;
import static dev.trident.containers.Containers.WORKSPACE;
import static dev.trident.containers.Containers.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A short load on all three services at once (writes and reads, every route kind that allocates: JSON in and out,
 * token checks, calls between services): every request is served (a 503 with Retry-After is sent again, as the API
 * asks of a client), every admission place is given back, and every service container stays under its 256 MiB limit
 * (its anonymous memory), is never killed for memory and never restarts. Reports each one's memory and the cgroup's
 * peak.
 */
@EnabledIfSystemProperty(named = Containers.ENABLED_BY, matches = ".+")
class MemoryUnderLoadTest {

    private static final Duration LOAD = Duration.ofSeconds(Long.getLong("trident.containers.load-seconds", 20));
    private static final int CLIENTS = 8;
    private static final int KINDS = 6;
    private static final int MAX_RETRIES = 3;
    private static final List<String> SERVICES = List.of("trident-social-service", "trident-enrollment-service",
            "trident-workspace-service");

    @Test
    void everyServiceContainerStaysUnderItsMemoryLimitThroughALoad() throws Exception {
        Map<String, String> restartsBefore = new LinkedHashMap<>();
        for (String container : SERVICES) {
            assertEquals(String.valueOf(Containers.SERVICE_MEMORY_LIMIT), Containers.inspect(container,
                    "{{.HostConfig.Memory}}"), container + " has the 256 MiB limit");
            restartsBefore.put(container, Containers.inspect(container, "{{.RestartCount}}"));
        }
        String owner = Containers.unique("load");
        Containers.createUser(owner, "Load Owner");
        String token = Containers.bearer(owner, "registrar");
        String workspaceId = Containers.unique("loadws");
        assertEquals(201, send("POST", WORKSPACE + "/workspaces", token,
                "{\"id\":\"" + workspaceId + "\",\"displayName\":\"Load\",\"region\":\"eu-west-1\",\"seatLimit\":5}")
                .statusCode());
        assertEquals(201, send("PUT", ENROLLMENT + "/students/" + owner, token, "{\"year\":1,\"major\":\"CS\"}")
                .statusCode());

        AtomicInteger requests = new AtomicInteger();
        AtomicInteger refusals = new AtomicInteger();
        Queue<String> failures = new ConcurrentLinkedQueue<>();
        AtomicLong sequence = new AtomicLong();
        long until = System.nanoTime() + LOAD.toNanos();
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        List<Future<?>> clients = new ArrayList<>();
        Map<String, Long> peakAnon = new LinkedHashMap<>();
        try {
            for (int c = 0; c < CLIENTS; c++) {
                clients.add(pool.submit(() -> {
                    while (System.nanoTime() < until) {
                        long n = sequence.incrementAndGet();
                        HttpResponse<String> answer = request(n, owner, token, workspaceId);
                        // A client as the API asks: a 503 with Retry-After is sent again once that time has passed.
                        for (int retry = 0; retry < MAX_RETRIES && refusedForNow(answer); retry++) {
                            refusals.incrementAndGet();
                            Containers.sleep(1000L * Long.parseLong(answer.headers().firstValue("Retry-After")
                                    .orElseThrow()));
                            answer = request(n, owner, token, workspaceId);
                        }
                        requests.incrementAndGet();
                        if (answer.statusCode() >= 500) {
                            failures.add(answer.request().method() + " " + answer.uri() + " -> " + answer.statusCode()
                                    + " Retry-After " + answer.headers().firstValue("Retry-After").orElse("-") + " "
                                    + answer.body());
                        }
                    }
                    return null;
                }));
            }
            // Resident memory sampled through the load, the highest kept.
            while (System.nanoTime() < until) {
                for (String container : SERVICES) {
                    peakAnon.merge(container, kib(status(container), "RssAnon:"), Math::max);
                }
                Containers.sleep(1000);
            }
            for (Future<?> client : clients) {
                client.get();
            }
        } finally {
            pool.shutdownNow();
        }

        assertTrue(requests.get() > 100, "a load at all: " + requests);
        assertEquals(List.of(), List.copyOf(failures), "no 5xx among " + requests + " requests (after " + refusals
                + " answers of 503 with Retry-After, each sent again)");
        for (String service : List.of(SOCIAL, ENROLLMENT, WORKSPACE)) {
            // Every request has ended, so every admission place is free again and nothing waits for one.
            Containers.awaitMetric(service, "trident_admission_in_flight", 0);
            assertEquals(0, Containers.metric(service, "trident_admission_queued"), service);
        }
        Containers.report("load: %d requests in %d s from %d clients on the three services, no 5xx (%d answers of 503"
                + " with Retry-After, sent again)", requests.get(), LOAD.toSeconds(), CLIENTS, refusals.get());
        for (String container : SERVICES) {
            String status = status(container);
            long peakCgroup = cgroupPeakBytes(container);
            assertEquals("false", Containers.inspect(container, "{{.State.OOMKilled}}"), container + " OOM-killed");
            assertEquals(restartsBefore.get(container), Containers.inspect(container, "{{.RestartCount}}"),
                    container + " restarted during the load");
            // What must fit is the process's anonymous memory (heap, metaspace, code, threads): the kernel cannot give
            // it back. Its resident file pages (the runtime's modules, the AOT cache) are clean page cache that the
            // kernel drops at the limit instead of killing, and partly charged to another container of the same image,
            // so the resident total (VmRSS, VmHWM) may pass 256 MiB without harm: it is reported, not asserted.
            long anon = Math.max(peakAnon.get(container), kib(status, "RssAnon:"));
            assertTrue(anon * 1024 < Containers.SERVICE_MEMORY_LIMIT, container + " " + status);
            Containers.report("%-27s under load: anonymous memory peak sampled %d MiB of 256 MiB; resident high-water"
                            + " mark %d MiB, now %d MiB (%d MiB of it file pages); cgroup peak %d MiB", container,
                    anon / 1024, kib(status, "VmHWM:") / 1024, kib(status, "VmRSS:") / 1024,
                    kib(status, "RssFile:") / 1024, peakCgroup / (1024 * 1024));
        }
    }

    /** The n-th request of the load: six kinds in turn, writes and reads on the three services. */
    private static HttpResponse<String> request(long n, String owner, String token, String workspaceId) {
        return switch ((int) (n % KINDS)) {
            case 0 -> send("POST", SOCIAL + "/users/" + owner + "/posts", token,
                    "{\"body\":\"post " + n + " " + "x".repeat(400) + "\"}");
            case 1 -> send("GET", SOCIAL + "/users/" + owner + "/posts?limit=50", token, null);
            case 2 -> send("PUT", ENROLLMENT + "/courses/" + owner + "-c" + (n % 40), token,
                    "{\"title\":\"Course " + n + "\",\"credits\":3,\"term\":\"2026-fall\",\"workspaceId\":\""
                            + workspaceId + "\"}");
            case 3 -> send("GET", ENROLLMENT + "/students/" + owner + "?include=courses", token, null);
            case 4 -> send("GET", WORKSPACE + "/workspaces/" + workspaceId, token, null);
            default -> send("GET", SOCIAL + "/timeline?limit=50", token, null);
        };
    }

    private static boolean refusedForNow(HttpResponse<String> answer) {
        return answer.statusCode() == 503 && answer.headers().firstValue("Retry-After").isPresent();
    }

    /** /proc/1/status of the container: its JVM is process 1 (the images' ENTRYPOINT runs java directly). */
    private static String status(String container) {
        return Containers.docker("exec", container, "cat", "/proc/1/status");
    }

    private static long kib(String status, String field) {
        return status.lines().filter(l -> l.startsWith(field)).findFirst()
                .map(l -> Long.parseLong(l.replaceAll("[^0-9]", ""))).orElseThrow(() -> new AssertionError(field));
    }

    /** The most memory the container's cgroup has used since it started (cgroup v1 or v2). */
    private static long cgroupPeakBytes(String container) {
        String peak = Containers.docker("exec", container, "bash", "-c",
                "cat /sys/fs/cgroup/memory/memory.max_usage_in_bytes 2>/dev/null || cat /sys/fs/cgroup/memory.peak");
        return Long.parseLong(peak.trim());
    }
}
