package dev.trident.workspace;

import static dev.trident.workspace.Api.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.RetriedCreate;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Year;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

@QuarkusTest
class ProjectCreationConcurrencyTest {

    private static final int CREATES = 50;

    /**
     * Each create is sent as a client should (RetriedCreate: a 503 is sent again under the same Idempotency-Key). Every
     * attempt moves the workspace's sequence at most once, and only one that failed after moving it leaves a gap: so
     * the fifty ids are distinct numbers within 1..attempts, exactly 1..50 when nothing had to be retried.
     */
    @Test
    void fiftyConcurrentCreatesGetFiftyDistinctIdsFromTheSequenceAndNoneIsLost() throws Exception {
        String ws = Api.createWorkspace("race", 4);
        AtomicInteger attempts = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(CREATES);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<CompletableFuture<Response>> calls = IntStream.range(0, CREATES)
                    .mapToObj(i -> CompletableFuture.supplyAsync(() -> {
                        awaitQuietly(start);
                        return RetriedCreate.send(key -> {
                            attempts.incrementAndGet();
                            return Api.postProject(ws, "race " + i, null, Api.owner(), key);
                        });
                    }, pool))
                    .toList();
            start.countDown();
            List<Response> responses = calls.stream().map(CompletableFuture::join).toList();
            responses.forEach(r -> assertEquals(201, r.statusCode(), r.asString()));
            Set<String> ids = responses.stream().map(r -> r.<String>path("projectId")).collect(Collectors.toCollection(TreeSet::new));
            assertEquals(CREATES, ids.size(), "distinct ids: " + ids);
            int year = Year.now(ZoneOffset.UTC).getValue();
            Set<String> handedOut = IntStream.rangeClosed(1, attempts.get())
                    .mapToObj(n -> String.format("%d-%04d", year, n)).collect(Collectors.toCollection(TreeSet::new));
            assertTrue(handedOut.containsAll(ids), attempts.get() + " attempts, ids " + ids);

            List<String> listed = given().queryParam("limit", 100).get("/workspaces/" + ws + "/projects")
                    .then().statusCode(200).extract().path("items.projectId");
            assertEquals(CREATES, listed.size());
            assertEquals(ids, new TreeSet<>(listed));
        } finally {
            pool.shutdownNow();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
