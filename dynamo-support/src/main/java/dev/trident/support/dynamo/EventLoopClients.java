package dev.trident.support.dynamo;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * The service's DynamoDB clients: one per Vert.x event loop, each with its own pooled connections on that loop. A call
 * takes the client of the loop it is made on ({@link #current()}), so the HTTP request that makes it, the DynamoDB
 * request and its answer, and the HTTP answer all run on one thread.
 * <p>
 * Why: with one client for all loops, a call made on loop A borrowed a connection that mostly lived on another loop B,
 * so each DynamoDB call crossed threads twice (the request handed to B, the answer's continuation handed back to A for
 * the HTTP response), each time a queued task and a wake-up. On 2 cores that was a quarter of the service's CPU per
 * catalogue request (benchmarks/README.md "One DynamoDB client per event loop").
 * <p>
 * A call made off the event loops (a worker thread, the scheduler, start-up) takes any client; the stages that follow
 * its answer then run on that client's loop and keep to it.
 */
public final class EventLoopClients implements AutoCloseable {

    private final EventExecutor[] loops;
    private final DynamoDbAsyncClient[] clients;

    private EventLoopClients(EventExecutor[] loops, DynamoDbAsyncClient[] clients) {
        this.loops = loops;
        this.clients = clients;
    }

    /** One client for every thread (the SDK's own event loops, or a test's client). */
    public static EventLoopClients of(DynamoDbAsyncClient client) {
        return new EventLoopClients(new EventExecutor[0], new DynamoDbAsyncClient[] { client });
    }

    /** A client for each loop of {@code group}, made by {@code clientOn} for that loop. */
    static EventLoopClients perLoop(EventLoopGroup group, Function<EventLoop, DynamoDbAsyncClient> clientOn) {
        List<EventExecutor> loops = new ArrayList<>();
        List<DynamoDbAsyncClient> clients = new ArrayList<>();
        for (EventExecutor loop : group) {
            loops.add(loop);
            clients.add(clientOn.apply((EventLoop) loop));
        }
        return new EventLoopClients(loops.toArray(EventExecutor[]::new), clients.toArray(DynamoDbAsyncClient[]::new));
    }

    /** The client of the event loop this thread is, or any client off the event loops. */
    public DynamoDbAsyncClient current() {
        for (int i = 0; i < loops.length; i++) {
            if (loops[i].inEventLoop()) {
                return clients[i];
            }
        }
        return clients.length == 1 ? clients[0] : clients[ThreadLocalRandom.current().nextInt(clients.length)];
    }

    /** The first client: the one injected where a single client is asked for (readiness, table bootstrap, tests). */
    public DynamoDbAsyncClient first() {
        return clients[0];
    }

    /** How many clients there are: one per event loop, or one. */
    public int size() {
        return clients.length;
    }

    @Override
    public void close() {
        for (DynamoDbAsyncClient client : clients) {
            client.close();
        }
    }
}
