package dev.trident.support.dynamo;

import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import software.amazon.awssdk.http.nio.netty.internal.DelegatingEventLoopGroup;

/**
 * One Vert.x event loop in the shape the SDK's Netty HTTP client takes (a group): every connection the client opens,
 * its pool and every task it schedules run on that loop. The SDK works out its channel types from the type of the
 * group, and knows no single loop's type, so {@link #getDelegate()}, which the SDK reads only for that, names the
 * group the loop belongs to. Netty's and the SDK's public types offer no group of one existing loop; this is the
 * SDK's own wrapper, the one it puts around every group a caller hands in.
 */
final class OneEventLoop extends DelegatingEventLoopGroup {

    private final EventLoopGroup group;

    OneEventLoop(EventLoop loop, EventLoopGroup group) {
        super(loop);
        this.group = group;
    }

    @Override
    public EventLoopGroup getDelegate() {
        return group;
    }
}
