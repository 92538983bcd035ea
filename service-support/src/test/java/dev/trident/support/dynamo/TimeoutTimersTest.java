package dev.trident.support.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbLocalResource;
import io.netty.util.concurrent.EventExecutor;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Each event loop's DynamoDB client times its calls on that loop: a call to a stalled table fails by its timeout on
 * the loop that made it, not on a timer thread that every timed-out call would queue behind.
 */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class TimeoutTimersTest {

    @Inject
    Vertx vertx;

    @Inject
    EventLoopClients clients;

    @Test
    void aCallToAFrozenTableTimesOutOnTheEventLoopThatMadeIt() throws Exception {
        List<String> loopThreads = new ArrayList<>();
        for (EventExecutor loop : vertx.nettyEventLoopGroup()) {
            loopThreads.add(loop.submit(() -> Thread.currentThread().getName()).get(5, TimeUnit.SECONDS));
        }
        List<CompletableFuture<String>> outcomes = new ArrayList<>();
        DynamoDbLocalResource.freeze();
        try {
            for (EventExecutor loop : vertx.nettyEventLoopGroup()) {
                CompletableFuture<String> outcome = new CompletableFuture<>();
                loop.execute(() -> clients.current().listTables().whenComplete((answer, failure) -> outcome.complete(
                        Thread.currentThread().getName() + " "
                                + (failure == null ? "answered" : cause(failure).getClass().getSimpleName()))));
                outcomes.add(outcome);
            }
            for (int i = 0; i < outcomes.size(); i++) {
                // Well past the call timeout (1.7 s), which fails the call whatever its attempts are doing.
                String[] outcome = outcomes.get(i).get(10, TimeUnit.SECONDS).split(" ");
                assertTrue(outcome[1].endsWith("TimeoutException"), "the call to the frozen table: " + outcome[1]);
                assertEquals(loopThreads.get(i), outcome[0], "the thread the call made on loop " + i + " failed on");
            }
        } finally {
            DynamoDbLocalResource.resume();
        }
    }

    private static Throwable cause(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }
}
