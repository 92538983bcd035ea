package dev.trident.support.dynamo;

import io.netty.channel.Channel;
import io.netty.channel.ChannelFactory;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.quarkiverse.amazon.common.runtime.AmazonClientNettyTransportRecorder;
import io.quarkiverse.amazon.common.runtime.AsyncHttpClientConfig;
import io.quarkiverse.amazon.dynamodb.runtime.DynamoDbConfig;
import io.quarkus.runtime.RuntimeValue;
import io.smallrye.config.SmallRyeConfig;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.ConfigProvider;
import software.amazon.awssdk.http.async.SdkAsyncHttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.http.nio.netty.SdkEventLoopGroup;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClientBuilder;

/**
 * The DynamoDB clients exactly as the extension configures them (endpoint, credentials, timeouts, interceptors, client
 * spans, the Netty HTTP client's settings), one per Vert.x event loop ({@link EventLoopClients}), each connection
 * sending a request in one write ({@link OneWritePerRequest}), with two changes that keep finished requests out of the
 * old generation.
 * Each one's HTTP client lets go of each call's request and response once the response is delivered
 * ({@link ReleasingHttpClient}). And the timers of its call and attempt timeouts run on its own event loop, where a
 * call's completion cancels them and Netty takes a cancelled timer out of the loop's queue at once. On the extension's
 * default, Quarkus' shared executor, a cancelled timer stayed queued until its deadline (0.7 s and 1.7 s on) and held
 * the request's Vert.x context, with its request scope and everything reachable from it, that long: at 1,400 requests a
 * second about a thousand of them were queued (JFR OldObjectSample paths to GC roots). Young collections copied them
 * and promoted them, and the old generation filled with dead requests in 5 to 30 s, each time a 60-90 ms full
 * collection (benchmarks/README.md "Memory").
 * <p>
 * On the loop, a timer is scheduled and cancelled by the thread that makes the call, without a lock or a wake-up of
 * another thread, and a call that times out fails on the loop that made it: the 503s of a stalled table are mapped
 * and written by the loops that serve them, not all by one timer thread.
 */
@ApplicationScoped
public class DynamoDbClientProducer {

    /**
     * A client per Vert.x event loop ({@link EventLoopClients}), each built from the configured builder with its own
     * Netty HTTP client on that one loop and its timeout timers on the same loop. With
     * {@code quarkus.dynamodb.async-client.event-loop.override=true} the SDK runs its own loops, none of which serves
     * HTTP requests: then one client, as the extension makes it, its timers on one of Vert.x's loops.
     */
    @Produces
    @Singleton
    EventLoopClients eventLoopClients(DynamoDbAsyncClientBuilder configured, Vertx vertx) {
        RuntimeValue<AsyncHttpClientConfig> config = new RuntimeValue<>(ConfigProvider.getConfig()
                .unwrap(SmallRyeConfig.class).getConfigMapping(DynamoDbConfig.class).asyncClient());
        EventLoopGroup loops = vertx.nettyEventLoopGroup();
        if (config.getValue().eventLoop().override()) {
            return EventLoopClients.of(timersOn(loops.next(), configured).httpClientBuilder(
                    ReleasingHttpClient.wrapping(nettyHttpClient(config, loops))).build());
        }
        ChannelFactory<? extends Channel> channels = connectionChannels(loops);
        return EventLoopClients.perLoop(loops, loop -> timersOn(loop, configured).httpClientBuilder(
                ReleasingHttpClient.wrapping(((NettyNioAsyncHttpClient.Builder) nettyHttpClient(config, loops))
                        .eventLoopGroup(SdkEventLoopGroup.create(new OneEventLoop(loop, loops), channels))))
                .build());
    }

    /** The channels of the clients' connections: the ones the SDK makes for {@code loops}, one write a request. */
    static ChannelFactory<? extends Channel> connectionChannels(EventLoopGroup loops) {
        return OneWritePerRequest.around(SdkEventLoopGroup.create(loops).channelFactory());
    }

    /** The builder with its call and attempt timeouts timed on {@code loop} (the SDK never shuts a given one down). */
    private static DynamoDbAsyncClientBuilder timersOn(EventLoop loop, DynamoDbAsyncClientBuilder builder) {
        return builder.overrideConfiguration(builder.overrideConfiguration().toBuilder()
                .scheduledExecutorService(loop).build());
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
}
