package dev.trident.support.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.testing.DynamoDbLocalResource;
import java.lang.ref.WeakReference;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import org.reactivestreams.Subscriber;
import org.reactivestreams.Subscription;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.SdkHttpResponse;
import software.amazon.awssdk.http.async.AsyncExecuteRequest;
import software.amazon.awssdk.http.async.SdkAsyncHttpClient;
import software.amazon.awssdk.http.async.SdkAsyncHttpResponseHandler;
import software.amazon.awssdk.http.async.SdkHttpContentPublisher;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;

/**
 * A completed call leaves nothing of its request behind in the HTTP client: the pooled connections that sent the
 * calls, now idle, do not keep the last request each sent (its headers and body), which the Netty client on its own
 * does until the connection's next call. Real HTTP to DynamoDB Local, several connections at once.
 */
class ReleasedRequestsTest {

    private static final int CONCURRENT_CALLS = 8;

    @Test
    void idleConnectionsKeepNoRequestOfTheCallsTheySent() throws InterruptedException {
        try (SdkAsyncHttpClient client = new ReleasingHttpClient(NettyNioAsyncHttpClient.builder().build())) {
            List<WeakReference<Object>> sent = sentConcurrently(client, URI.create(DynamoDbLocalResource.endpoint()));

            assertEquals(0, Collected.stillReachable(sent),
                    "requests or bodies still reachable after their calls completed");
        }
    }

    /** Calls sent together, so that several connections serve them; only weak references to what was sent remain. */
    private static List<WeakReference<Object>> sentConcurrently(SdkAsyncHttpClient client, URI endpoint) {
        List<WeakReference<Object>> sent = new ArrayList<>();
        List<CompletableFuture<Void>> answered = new ArrayList<>();
        for (int call = 0; call < CONCURRENT_CALLS; call++) {
            SdkHttpRequest request = SdkHttpRequest.builder().uri(endpoint).method(SdkHttpMethod.POST)
                    .putHeader("Content-Type", "application/x-amz-json-1.0")
                    .putHeader("X-Amz-Target", "DynamoDB_20120810.ListTables")
                    .putHeader("Content-Length", "2").build();
            SdkHttpContentPublisher body = new JsonBody("{}");
            CompletableFuture<Void> bodyRead = new CompletableFuture<>();
            CompletableFuture<Void> exchange = client.execute(AsyncExecuteRequest.builder().request(request)
                    .requestContentPublisher(body).responseHandler(new ReadingHandler(bodyRead)).build());
            answered.add(CompletableFuture.allOf(exchange, bodyRead));
            sent.add(new WeakReference<>(request));
            sent.add(new WeakReference<>(body));
        }
        answered.forEach(CompletableFuture::join);
        return sent;
    }

    /** A body of one buffer. */
    private record JsonBody(String json) implements SdkHttpContentPublisher {

        @Override
        public Optional<Long> contentLength() {
            return Optional.of((long) json.getBytes(StandardCharsets.UTF_8).length);
        }

        @Override
        public void subscribe(Subscriber<? super ByteBuffer> subscriber) {
            subscriber.onSubscribe(new Subscription() {
                private boolean sent;

                @Override
                public void request(long n) {
                    if (!sent) {
                        sent = true;
                        subscriber.onNext(ByteBuffer.wrap(json.getBytes(StandardCharsets.UTF_8)));
                        subscriber.onComplete();
                    }
                }

                @Override
                public void cancel() {
                }
            });
        }
    }

    /** Reads the whole answer and completes {@code done} when it has ended. */
    private record ReadingHandler(CompletableFuture<Void> done) implements SdkAsyncHttpResponseHandler {

        @Override
        public void onHeaders(SdkHttpResponse headers) {
        }

        @Override
        public void onStream(Publisher<ByteBuffer> stream) {
            stream.subscribe(new Subscriber<ByteBuffer>() {
                @Override
                public void onSubscribe(Subscription subscription) {
                    subscription.request(Long.MAX_VALUE);
                }

                @Override
                public void onNext(ByteBuffer part) {
                }

                @Override
                public void onError(Throwable error) {
                    done.completeExceptionally(error);
                }

                @Override
                public void onComplete() {
                    done.complete(null);
                }
            });
        }

        @Override
        public void onError(Throwable error) {
            done.completeExceptionally(error);
        }
    }
}
