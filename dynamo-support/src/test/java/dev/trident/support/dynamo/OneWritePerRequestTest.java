package dev.trident.support.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.trident.testing.DynamoDbLocalResource;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOutboundBuffer;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioSocketChannel;
import java.net.URI;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.http.nio.netty.SdkEventLoopGroup;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * A DynamoDB call's request (headers and body) reaches the socket in one write. Real HTTP to DynamoDB Local through the
 * SDK's Netty client; the channels count their writes that carry bytes (each one a system call and a TCP segment).
 */
class OneWritePerRequestTest {

    private static final int CALLS = 20;

    @Test
    void eachCallsRequestLeavesInOneWrite() {
        AtomicInteger writes = new AtomicInteger();
        NioEventLoopGroup loop = new NioEventLoopGroup(1);
        try (DynamoDbAsyncClient client = DynamoDbAsyncClient.builder()
                .endpointOverride(URI.create(DynamoDbLocalResource.endpoint()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("test", "test")))
                .httpClientBuilder(NettyNioAsyncHttpClient.builder().eventLoopGroup(SdkEventLoopGroup.create(loop,
                        OneWritePerRequest.around(() -> new WriteCountingChannel(writes)))))
                .build()) {
            for (int call = 0; call < CALLS; call++) {
                client.listTables().join();
            }
        } finally {
            loop.shutdownGracefully();
        }

        assertEquals(CALLS, writes.get(), "writes with bytes for " + CALLS + " calls");
    }

    @Test
    void theServicesDynamoDbConnectionsAreMadeWithIt() {
        NioEventLoopGroup loops = new NioEventLoopGroup(1);
        Channel channel = DynamoDbClientProducer.connectionChannels(loops).newChannel();
        try {
            assertInstanceOf(OneWritePerRequest.FlushAtTurnEnd.class, channel.pipeline().first());
        } finally {
            channel.unsafe().closeForcibly();
            loops.shutdownGracefully();
        }
    }

    /** A socket channel that counts the flushes that write bytes (a flush of empty buffers writes nothing). */
    private static final class WriteCountingChannel extends NioSocketChannel {

        private final AtomicInteger writes;

        WriteCountingChannel(AtomicInteger writes) {
            this.writes = writes;
        }

        @Override
        protected void doWrite(ChannelOutboundBuffer flushed) throws Exception {
            flushed.nioBuffers();
            if (flushed.nioBufferSize() > 0) {
                writes.incrementAndGet();
            }
            super.doWrite(flushed);
        }
    }
}
