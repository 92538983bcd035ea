package dev.trident.containers;

import static dev.trident.containers.Containers.ENROLLMENT;
import static dev.trident.containers.Containers.SOCIAL;
import static dev.trident.containers.Containers.WORKSPACE;
import static dev.trident.containers.Containers.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * A short load on all three services at once (writes and reads, every route kind that allocates: JSON in and out,
 * token checks, calls between services): every service container stays under its 256 MiB limit, is never killed
 * for memory and never restarts. Reports each one's resident memory and the cgroup's peak.
 */
@EnabledIfSystemProperty(named = Containers.ENABLED_BY, matches = ".+")
class MemoryUnderLoadTest {

    private static final Duration LOAD = Duration.ofSeconds(Long.getLong("trident.containers.load-seconds", 20));
    private static final int CLIENTS = 8;
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
        AtomicInteger failures = new AtomicInteger();
        AtomicLong sequence = new AtomicLong();
        long until = System.nanoTime() + LOAD.toNanos();
        ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
        List<Future<?>> clients = new ArrayList<>();
        Map<String, long[]> peakRss = new LinkedHashMap<>();
        try {
            for (int c = 0; c < CLIENTS; c++) {
                clients.add(pool.submit(() -> {
                    while (System.nanoTime() < until) {
                        long n = sequence.incrementAndGet();
                        int status = switch ((int) (n % 6)) {
                            case 0 -> send("POST", SOCIAL + "/users/" + owner + "/posts", token,
                                    "{\"body\":\"post " + n + " " + "x".repeat(400) + "\"}").statusCode();
                            case 1 -> send("GET", SOCIAL + "/users/" + owner + "/posts?limit=50", token, null).statusCode();
                            case 2 -> send("PUT", ENROLLMENT + "/courses/" + owner + "-c" + (n % 40), token,
                                    "{\"title\":\"Course " + n + "\",\"credits\":3,\"term\":\"2026-fall\",\"workspaceId\":\""
                                            + workspaceId + "\"}").statusCode();
                            case 3 -> send("GET", ENROLLMENT + "/students/" + owner + "?include=courses", token, null)
                                    .statusCode();
                            case 4 -> send("GET", WORKSPACE + "/workspaces/" + workspaceId, token, null).statusCode();
                            default -> send("GET", SOCIAL + "/timeline?limit=50", token, null).statusCode();
                        };
                        requests.incrementAndGet();
                        if (status >= 500) {
                            failures.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            // Resident memory sampled through the load, the highest kept.
            while (System.nanoTime() < until) {
                for (String container : SERVICES) {
                    long rss = kib(status(container), "VmRSS:");
                    peakRss.merge(container, new long[] {rss}, (a, b) -> new long[] {Math.max(a[0], b[0])});
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
        assertEquals(0, failures.get(), "no 5xx among " + requests + " requests");
        Containers.report("load: %d requests in %d s from %d clients on the three services, no 5xx", requests.get(),
                LOAD.toSeconds(), CLIENTS);
        for (String container : SERVICES) {
            String status = status(container);
            long peakCgroup = cgroupPeakBytes(container);
            assertEquals("false", Containers.inspect(container, "{{.State.OOMKilled}}"), container + " OOM-killed");
            assertEquals(restartsBefore.get(container), Containers.inspect(container, "{{.RestartCount}}"),
                    container + " restarted during the load");
            // The cgroup's own peak also counts page cache (the jars read at start), which the kernel reclaims at the
            // limit instead of killing: it is reported, the process's resident high-water mark is what must fit.
            assertTrue(kib(status, "VmHWM:") * 1024 < Containers.SERVICE_MEMORY_LIMIT, container + " " + status);
            Containers.report("%-27s RSS under load: peak sampled %d MiB, high-water mark %d MiB, now %d MiB;"
                            + " cgroup peak (with page cache) %d MiB of 256 MiB", container, peakRss.get(container)[0] / 1024,
                    kib(status, "VmHWM:") / 1024, kib(status, "VmRSS:") / 1024, peakCgroup / (1024 * 1024));
        }
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
