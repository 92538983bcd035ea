package dev.trident.support.dynamo;

import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.http.async.AsyncExecuteRequest;
import software.amazon.awssdk.http.async.SdkAsyncHttpClient;
import software.amazon.awssdk.http.async.SdkAsyncHttpResponseHandler;
import software.amazon.awssdk.http.async.SdkHttpContentPublisher;
import software.amazon.awssdk.utils.AttributeMap;

/**
 * The SDK's Netty HTTP client, unchanged, except that each call lets go of its request and its response once the
 * response has been delivered. The Netty client keeps every pooled connection's last call (the request with its
 * headers and body, and the response handler) as a channel attribute until the connection serves its next call; the
 * handler holds the whole response (body, parsed items, the caller's context). A connection the load does not need at
 * the moment can sit idle for seconds with that call: long enough for young collections to promote it, so the old
 * generation filled with dead calls and was emptied by full collections under steady load (benchmarks/README.md
 * "Memory"). Here the connection keeps only shells that have forgotten what they forwarded to.
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
        ReleasingRequest sent = new ReleasingRequest(request.request());
        ReleasingBody body = new ReleasingBody(request.requestContentPublisher());
        return delegate.execute(AsyncExecuteRequest.builder()
                .request(sent)
                .requestContentPublisher(body)
                .responseHandler(new ReleasingResponseHandler(request.responseHandler(), sent, body))
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
     * Forwards to the SDK's handler until the response body has ended or the call failed, then drops it, and the
     * call's request and body with it. Every signal after that (a late error from a connection closing) has nobody
     * left to reach, as the SDK's handler would have ignored it once completed.
     */
    private static final class ReleasingResponseHandler implements SdkAsyncHttpResponseHandler {

        private volatile SdkAsyncHttpResponseHandler delegate;
        private final ReleasingRequest request;
        private final ReleasingBody body;

        ReleasingResponseHandler(SdkAsyncHttpResponseHandler delegate, ReleasingRequest request, ReleasingBody body) {
            this.delegate = delegate;
            this.request = request;
            this.body = body;
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
            release();
            if (handler != null) {
                handler.onError(error);
            }
        }

        void release() {
            delegate = null;
            request.release();
            body.release();
        }
    }

    /**
     * The request's body, as the Netty client sees it: the SDK's publisher (the marshalled JSON) until the call has
     * ended, then nothing, since the connection keeps this object until its next call.
     */
    private static final class ReleasingBody implements SdkHttpContentPublisher {

        private volatile SdkHttpContentPublisher delegate;

        ReleasingBody(SdkHttpContentPublisher delegate) {
            this.delegate = delegate;
        }

        @Override
        public Optional<Long> contentLength() {
            SdkHttpContentPublisher body = delegate;
            return body == null ? Optional.empty() : body.contentLength();
        }

        @Override
        public void subscribe(Subscriber<? super ByteBuffer> subscriber) {
            SdkHttpContentPublisher body = delegate;
            if (body != null) {
                body.subscribe(subscriber);
                return;
            }
            subscriber.onSubscribe(new Subscription() {
                @Override
                public void request(long n) {
                }

                @Override
                public void cancel() {
                }
            });
            subscriber.onError(new IllegalStateException("the call that sent this body has ended"));
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
