package dev.trident.support.dynamo;

import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.http.async.AsyncExecuteRequest;
import software.amazon.awssdk.http.async.SdkAsyncHttpClient;
import software.amazon.awssdk.http.async.SdkAsyncHttpResponseHandler;
import software.amazon.awssdk.utils.AttributeMap;

/**
 * The SDK's Netty HTTP client, unchanged, except that each call lets go of its response once the response has been
 * delivered. The Netty client keeps every pooled connection's last request, with its response handler, as a channel
 * attribute until the connection serves its next request; the handler holds the whole response (body, parsed items,
 * the caller's context). A connection the load does not need at the moment can sit idle for seconds with that
 * response: long enough for young collections to promote it, so the old generation filled with dead responses and
 * was emptied by full collections under steady load (benchmarks/README.md "Memory"). Here the connection keeps only a
 * handler that has forgotten its delegate.
 */
final class ReleasingHttpClient implements SdkAsyncHttpClient {

    private final SdkAsyncHttpClient delegate;

    ReleasingHttpClient(SdkAsyncHttpClient delegate) {
        this.delegate = delegate;
    }

    /** Builds the delegate as the SDK would (with the client's defaults) and wraps it. */
    static SdkAsyncHttpClient.Builder<?> wrapping(SdkAsyncHttpClient.Builder<?> delegate) {
        return new Builder(delegate);
    }

    @Override
    public CompletableFuture<Void> execute(AsyncExecuteRequest request) {
        return delegate.execute(AsyncExecuteRequest.builder()
                .request(request.request())
                .requestContentPublisher(request.requestContentPublisher())
                .responseHandler(new ReleasingResponseHandler(request.responseHandler()))
                .metricCollector(request.metricCollector().orElse(null))
                .fullDuplex(request.fullDuplex())
                .httpExecutionAttributes(request.httpExecutionAttributes())
                .build());
    }

    @Override
    public String clientName() {
        return delegate.clientName();
    }

    @Override
    public void close() {
        delegate.close();
    }

    private record Builder(SdkAsyncHttpClient.Builder<?> delegate) implements SdkAsyncHttpClient.Builder<Builder> {

        @Override
        public SdkAsyncHttpClient buildWithDefaults(AttributeMap serviceDefaults) {
            return new ReleasingHttpClient(delegate.buildWithDefaults(serviceDefaults));
        }
    }

    /**
     * Forwards to the SDK's handler until the response body has ended or the call failed, then drops it. Every
     * signal after that (a late error from a connection closing) has nobody left to reach, as the SDK's handler
     * would have ignored it once completed.
     */
    private static final class ReleasingResponseHandler implements SdkAsyncHttpResponseHandler {

        private volatile SdkAsyncHttpResponseHandler delegate;

        ReleasingResponseHandler(SdkAsyncHttpResponseHandler delegate) {
            this.delegate = delegate;
        }

        @Override
        public void onHeaders(SdkHttpResponse headers) {
            SdkAsyncHttpResponseHandler handler = delegate;
            if (handler != null) {
                handler.onHeaders(headers);
            }
        }

        @Override
        public void onStream(Publisher<ByteBuffer> stream) {
            SdkAsyncHttpResponseHandler handler = delegate;
            if (handler != null) {
                handler.onStream(subscriber -> stream.subscribe(new ReleasingSubscriber(subscriber, this)));
            }
        }

        @Override
        public void onError(Throwable error) {
            SdkAsyncHttpResponseHandler handler = delegate;
            delegate = null;
            if (handler != null) {
                handler.onError(error);
            }
        }

        void release() {
            delegate = null;
        }
    }

    /** The body's subscriber, which the connection keeps too (a channel attribute); dropped once the body ended. */
    private static final class ReleasingSubscriber implements Subscriber<ByteBuffer> {

        private volatile Subscriber<? super ByteBuffer> delegate;
        private final ReleasingResponseHandler handler;

        ReleasingSubscriber(Subscriber<? super ByteBuffer> delegate, ReleasingResponseHandler handler) {
            this.delegate = delegate;
            this.handler = handler;
        }

        @Override
        public void onSubscribe(Subscription subscription) {
            Subscriber<? super ByteBuffer> subscriber = delegate;
            if (subscriber != null) {
                subscriber.onSubscribe(subscription);
            }
        }

        @Override
        public void onNext(ByteBuffer part) {
            Subscriber<? super ByteBuffer> subscriber = delegate;
            if (subscriber != null) {
                subscriber.onNext(part);
            }
        }

        @Override
        public void onError(Throwable error) {
            // The handler stays: the client may still report the failure to it (onError), which releases it.
            Subscriber<? super ByteBuffer> subscriber = delegate;
            delegate = null;
            if (subscriber != null) {
                subscriber.onError(error);
            }
        }

        @Override
        public void onComplete() {
            Subscriber<? super ByteBuffer> subscriber = delegate;
            delegate = null;
            handler.release();
            if (subscriber != null) {
                subscriber.onComplete();
            }
        }
    }
}
