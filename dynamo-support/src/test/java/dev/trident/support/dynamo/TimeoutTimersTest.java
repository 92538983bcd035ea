package dev.trident.support.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbLocalResource;
import io.netty.util.concurrent.AbstractScheduledEventExecutor;
import io.netty.util.concurrent.EventExecutor;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Each event loop's DynamoDB client times its calls on that loop: a call to a stalled table fails by its timeout on
 * the loop that made it, not on a timer thread that every timed-out call would queue behind; and a call that
 * completed leaves no timer behind to hold its request in memory until the deadline.
 */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class TimeoutTimersTest {

    @Inject
    Vertx vertx;

    @Inject
    EventLoopClients clients;

    @Test
    void everyCallIsTimedOnItsOwnLoopAndACompletedCallLeavesNoTimerQueued() throws Exception {
        for (EventExecutor loop : vertx.nettyEventLoopGroup()) {
            CompletableFuture<Void> calls = loop.submit(() -> CompletableFuture.allOf(IntStream.range(0, 20)
                    .mapToObj(call -> clients.current().listTables()).toArray(CompletableFuture[]::new)))
                    .get(5, TimeUnit.SECONDS);
            assertTrue(timeoutTimersQueuedOn(loop) >= 20, "timers queued on the loop for 20 calls in flight");
            calls.get(10, TimeUnit.SECONDS);
            assertEquals(0, timeoutTimersQueuedOnAfter(loop, SETTLE_MILLIS),
                    "timers still queued after every call completed");
        }
    }

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

    /**
     * A caller can see a call complete a moment before the SDK has cancelled its timers on the event loop, so the
     * queue gets this long to empty: well under the shortest deadline (700 ms), until which a timer that is not
     * removed on cancellation would stay queued.
     */
    private static final long SETTLE_MILLIS = 200;

    private static int timeoutTimersQueuedOnAfter(EventExecutor loop, long millis) throws Exception {
        long deadline = System.nanoTime() + millis * 1_000_000;
        int queued = timeoutTimersQueuedOn(loop);
        while (queued > 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
            queued = timeoutTimersQueuedOn(loop);
        }
        return queued;
    }

    /**
     * The SDK's timeout timers in the loop's queue of scheduled tasks, read on the loop. Netty shows that queue to
     * its subclasses only, and it also holds Vert.x's and Netty's own timers: the SDK's are those whose task is its
     * {@code AsyncTimeoutTask} (named in each queued task's description).
     */
    private static int timeoutTimersQueuedOn(EventExecutor loop) throws Exception {
        return loop.submit(() -> {
            Field queueField = AbstractScheduledEventExecutor.class.getDeclaredField("scheduledTaskQueue");
            queueField.setAccessible(true);
            Collection<?> queue = (Collection<?>) queueField.get(loop);
            return queue == null ? 0
                    : (int) queue.stream().filter(task -> task.toString().contains("AsyncTimeoutTask")).count();
        }).get(5, TimeUnit.SECONDS);
    }

    private static Throwable cause(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }
}
