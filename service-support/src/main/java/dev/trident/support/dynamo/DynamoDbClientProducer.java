package dev.trident.support.dynamo;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFactory;
import io.netty.channel.EventLoopGroup;
import io.quarkiverse.amazon.common.runtime.AmazonClientNettyTransportRecorder;
import io.quarkiverse.amazon.common.runtime.AsyncHttpClientConfig;
import io.quarkiverse.amazon.dynamodb.runtime.DynamoDbConfig;
import io.quarkus.runtime.RuntimeValue;
import io.smallrye.config.SmallRyeConfig;
import io.vertx.core.Vertx;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.eclipse.microprofile.config.ConfigProvider;
import software.amazon.awssdk.http.async.SdkAsyncHttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.http.nio.netty.SdkEventLoopGroup;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClientBuilder;

/**
 * The DynamoDB clients exactly as the extension configures them (endpoint, credentials, timeouts, interceptors, client
 * spans, the Netty HTTP client's settings), one per Vert.x event loop ({@link EventLoopClients}), with two changes that
 * keep finished requests out of the old generation.
 * Each one's HTTP client lets go of each response once delivered ({@link ReleasingHttpClient}). And the timers of its call
 * and attempt timeouts run on a scheduler that forgets a timer as soon as the call completes and cancels it. On the
 * extension's default, Quarkus' shared executor, a cancelled timer stays queued until its deadline (0.7 s and 1.7 s
 * on) and holds the request's Vert.x context, with its request scope and everything reachable from it, that long:
 * at 1,400 requests a second about a thousand of them were queued (JFR OldObjectSample paths to GC roots). Young
 * collections copied them and promoted them, and the old generation filled with dead requests in 5 to 30 s, each time
 * a 60-90 ms full collection (benchmarks/README.md "Memory").
 */
@ApplicationScoped
public class DynamoDbClientProducer {

    private TimeoutTimers timeoutTimers;

    @PostConstruct
    void startTimers() {
        // Here and not in a constructor, which the bean's client proxy runs too.
        timeoutTimers = new TimeoutTimers();
    }

    /**
     * A client per Vert.x event loop ({@link EventLoopClients}), each built from the configured builder with its own
     * Netty HTTP client on that one loop. With {@code quarkus.dynamodb.async-client.event-loop.override=true} the SDK
     * runs its own loops, none of which serves HTTP requests: then one client, as the extension makes it.
     */
    @Produces
    @Singleton
    EventLoopClients eventLoopClients(DynamoDbAsyncClientBuilder configured, Vertx vertx) {
        configured.overrideConfiguration(configured.overrideConfiguration().toBuilder()
                .scheduledExecutorService(timeoutTimers).build());
        RuntimeValue<AsyncHttpClientConfig> config = new RuntimeValue<>(ConfigProvider.getConfig()
                .unwrap(SmallRyeConfig.class).getConfigMapping(DynamoDbConfig.class).asyncClient());
        EventLoopGroup loops = vertx.nettyEventLoopGroup();
        if (config.getValue().eventLoop().override()) {
            return EventLoopClients.of(configured.httpClientBuilder(
                    ReleasingHttpClient.wrapping(nettyHttpClient(config, loops))).build());
        }
        ChannelFactory<? extends Channel> channels = SdkEventLoopGroup.create(loops).channelFactory();
        return EventLoopClients.perLoop(loops, loop -> configured.httpClientBuilder(ReleasingHttpClient.wrapping(
                ((NettyNioAsyncHttpClient.Builder) nettyHttpClient(config, loops))
                        .eventLoopGroup(SdkEventLoopGroup.create(new OneEventLoop(loop, loops), channels))))
                .build());
    }

    /** The client asked for by type (readiness, the table bootstrap, tests): the first loop's. */
    @Produces
    @ApplicationScoped
    DynamoDbAsyncClient dynamoDbAsyncClient(EventLoopClients clients) {
        return clients.first();
    }

    /**
     * The Netty HTTP client builder exactly as the extension makes it from {@code quarkus.dynamodb.async-client.*}
     * (its own recorder, on Vert.x's event loops unless {@code event-loop.override}), since the configured client
     * builder does not hand out the one it holds.
     */
    private static SdkAsyncHttpClient.Builder<?> nettyHttpClient(RuntimeValue<AsyncHttpClientConfig> config,
            EventLoopGroup loops) {
        AmazonClientNettyTransportRecorder transport = new AmazonClientNettyTransportRecorder();
        return transport.configureNettyAsync(transport.configureAsync("dynamodb", config), () -> loops, config)
                .getValue();
    }

    void close(@Disposes EventLoopClients clients) {
        clients.close();
    }

    /** How many timeout timers the client has scheduled so far. */
    long timersScheduled() {
        return timeoutTimers.scheduled.sum();
    }

    /** How many timeout timers are queued now: none once every call has completed. */
    int timersQueued() {
        return timeoutTimers.getQueue().size();
    }

    @PreDestroy
    void stopTimers() {
        timeoutTimers.shutdownNow();
    }

    /**
     * One thread, which only runs the timers that fire (the calls that time out); a cancelled timer leaves the queue
     * at once. Counts the timers scheduled, since a cancelled one leaves no other trace.
     */
    private static final class TimeoutTimers extends ScheduledThreadPoolExecutor {

        private final LongAdder scheduled = new LongAdder();

        TimeoutTimers() {
            super(1, runnable -> {
                Thread thread = new Thread(runnable, "dynamodb-timeout-timer");
                thread.setDaemon(true);
                return thread;
            });
            setRemoveOnCancelPolicy(true);
        }

        @Override
        public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
            scheduled.increment();
            return super.schedule(command, delay, unit);
        }
    }
}
