package dev.trident.workspace;

import static dev.trident.workspace.Api.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

@QuarkusTest
class ProjectCreationConcurrencyTest {

    private static final int CREATES = 50;

    @Test
    void fiftyConcurrentCreatesGetFiftyDistinctConsecutiveIdsAndNoneIsLost() throws Exception {
        String ws = Api.createWorkspace("race", 4);
        ExecutorService pool = Executors.newFixedThreadPool(CREATES);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<CompletableFuture<Response>> calls = IntStream.range(0, CREATES)
                    .mapToObj(i -> CompletableFuture.supplyAsync(() -> {
                        awaitQuietly(start);
                        return Api.postProject(ws, "race " + i, null);
                    }, pool))
                    .toList();
            start.countDown();
            List<Response> responses = calls.stream().map(CompletableFuture::join).toList();
            responses.forEach(r -> assertEquals(201, r.statusCode(), r.asString()));
            Set<String> ids = responses.stream().map(r -> r.<String>path("projectId")).collect(Collectors.toCollection(TreeSet::new));
            int year = Year.now(ZoneOffset.UTC).getValue();
            Set<String> expected = IntStream.rangeClosed(1, CREATES).mapToObj(n -> String.format("%d-%04d", year, n))
                    .collect(Collectors.toCollection(TreeSet::new));
            assertEquals(expected, ids);

            List<String> listed = given().queryParam("limit", 100).get("/workspaces/" + ws + "/projects")
                    .then().statusCode(200).extract().path("items.projectId");
            assertEquals(CREATES, listed.size());
            assertEquals(expected, new TreeSet<>(listed));
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
