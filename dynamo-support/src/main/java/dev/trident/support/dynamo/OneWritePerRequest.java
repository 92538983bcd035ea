package dev.trident.support.dynamo;

import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFactory;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoop;
import io.netty.channel.SingleThreadEventLoop;

/**
 * The DynamoDB connections' channels, each with a handler nearest the socket that holds its flushes until the end of
 * the event loop's current turn and then flushes once, so that a request (headers and body) leaves in one write.
 * <p>
 * Why: the SDK's Netty client flushes a request's headers, then hands its body to a task of the loop, which writes and
 * flushes it; with Nagle off (the SDK's setting) each flush is a system call and a TCP segment, which DynamoDB reads on
 * its own: two of each per call. Netty's {@code FlushConsolidationHandler} does not join them: it flushes in a task
 * queued after the headers' flush, which runs before the body's task. A loop runs the tasks queued during its turn
 * (the body's among them) before the ones added to run after the turn, where this flush goes. Nothing waits past the
 * turn it was flushed in; a flush on a connection being closed, or one that has stopped taking writes, goes at once.
 * {@code executeAfterEventLoopIteration} is marked unstable in Netty 4.1; on a loop of another kind the handler flushes
 * at once, as without it.
 */
final class OneWritePerRequest<C extends Channel> implements ChannelFactory<C> {

    private final ChannelFactory<C> channels;

    private OneWritePerRequest(ChannelFactory<C> channels) {
        this.channels = channels;
    }

    /** {@code channels}' channels, each made with the handler first in its pipeline. */
    static <C extends Channel> ChannelFactory<C> around(ChannelFactory<C> channels) {
        return new OneWritePerRequest<>(channels);
    }

    @Override
    public C newChannel() {
        C channel = channels.newChannel();
        channel.pipeline().addFirst(new FlushAtTurnEnd());
        return channel;
    }

    /** A channel's flushes, held until its loop's turn ends (one channel's: not sharable). */
    static final class FlushAtTurnEnd extends ChannelDuplexHandler {

        private ChannelHandlerContext context;
        private boolean flushPending;
        private final Runnable pendingFlush = this::flushIfPending;

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            context = ctx;
        }

        @Override
        public void flush(ChannelHandlerContext ctx) {
            if (flushPending) {
                return;
            }
            EventLoop loop = ctx.channel().eventLoop();
            if (loop instanceof SingleThreadEventLoop turns && loop.inEventLoop() && ctx.channel().isWritable()) {
                flushPending = true;
                turns.executeAfterEventLoopIteration(pendingFlush);
            } else {
                ctx.flush();
            }
        }

        private void flushIfPending() {
            if (flushPending) {
                flushPending = false;
                context.flush();
            }
        }

        @Override
        public void channelWritabilityChanged(ChannelHandlerContext ctx) {
            if (!ctx.channel().isWritable()) {
                flushIfPending();
            }
            ctx.fireChannelWritabilityChanged();
        }

        @Override
        public void close(ChannelHandlerContext ctx, ChannelPromise promise) {
            flushIfPending();
            ctx.close(promise);
        }

        @Override
        public void disconnect(ChannelHandlerContext ctx, ChannelPromise promise) {
            flushIfPending();
            ctx.disconnect(promise);
        }

        @Override
        public void handlerRemoved(ChannelHandlerContext ctx) {
            flushIfPending();
        }
    }
}
