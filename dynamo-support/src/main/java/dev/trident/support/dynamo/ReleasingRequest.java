package dev.trident.support.dynamo;

import java.net.URI;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Predicate;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;

/**
 * A request as the Netty client sees it ({@link ReleasingHttpClient}): the SDK's request until the call has ended,
 * then only its method and address. The pooled connection that sent it keeps this object until its next call; what
 * it then holds is a few strings, not the headers (a signature, a date, about ten entries) and the body. Every method
 * forwards, so nothing of the request changes while it is sent.
 */
final class ReleasingRequest implements SdkHttpRequest {

    private volatile SdkHttpRequest delegate;
    private volatile boolean released;

    ReleasingRequest(SdkHttpRequest delegate) {
        this.delegate = delegate;
    }

    /** Keeps the method and address, for a late error message about the connection; drops headers and body. */
    void release() {
        if (released) {
            return;
        }
        released = true;
        SdkHttpRequest sent = delegate;
        delegate = SdkHttpRequest.builder().protocol(sent.protocol()).host(sent.host()).port(sent.port())
                .method(sent.method()).encodedPath(sent.encodedPath()).build();
    }

    @Override
    public String protocol() {
        return delegate.protocol();
    }

    @Override
    public String host() {
        return delegate.host();
    }

    @Override
    public int port() {
        return delegate.port();
    }

    @Override
    public String encodedPath() {
        return delegate.encodedPath();
    }

    @Override
    public Map<String, List<String>> rawQueryParameters() {
        return delegate.rawQueryParameters();
    }

    @Override
    public Optional<String> firstMatchingRawQueryParameter(String key) {
        return delegate.firstMatchingRawQueryParameter(key);
    }

    @Override
    public Optional<String> firstMatchingRawQueryParameter(Collection<String> keys) {
        return delegate.firstMatchingRawQueryParameter(keys);
    }

    @Override
    public List<String> firstMatchingRawQueryParameters(String key) {
        return delegate.firstMatchingRawQueryParameters(key);
    }

    @Override
    public void forEachRawQueryParameter(BiConsumer<? super String, ? super List<String>> consumer) {
        delegate.forEachRawQueryParameter(consumer);
    }

    @Override
    public int numRawQueryParameters() {
        return delegate.numRawQueryParameters();
    }

    @Override
    public Optional<String> encodedQueryParameters() {
        return delegate.encodedQueryParameters();
    }

    @Override
    public Optional<String> encodedQueryParametersAsFormData() {
        return delegate.encodedQueryParametersAsFormData();
    }

    @Override
    public URI getUri() {
        return delegate.getUri();
    }

    @Override
    public SdkHttpMethod method() {
        return delegate.method();
    }

    @Override
    public Map<String, List<String>> headers() {
        return delegate.headers();
    }

    @Override
    public Optional<String> firstMatchingHeader(String header) {
        return delegate.firstMatchingHeader(header);
    }

    @Override
    public Optional<String> firstMatchingHeader(Collection<String> headersToFind) {
        return delegate.firstMatchingHeader(headersToFind);
    }

    @Override
    public boolean anyMatchingHeader(Predicate<String> predicate) {
        return delegate.anyMatchingHeader(predicate);
    }

    @Override
    public List<String> matchingHeaders(String header) {
        return delegate.matchingHeaders(header);
    }

    @Override
    public void forEachHeader(BiConsumer<? super String, ? super List<String>> consumer) {
        delegate.forEachHeader(consumer);
    }

    @Override
    public int numHeaders() {
        return delegate.numHeaders();
    }

    @Override
    public Builder toBuilder() {
        return delegate.toBuilder();
    }

    @Override
    public String toString() {
        return delegate.toString();
    }
}
