package dev.trident.support.dynamo;

import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;

/**
 * The name of the access pattern a DynamoDB request serves (e.g. {@code course-roster}), carried on the request
 * itself so that {@link DynamoDbMetrics} can count calls, latency and consumed capacity per pattern. A repository
 * keeps one constant per pattern and tags each request with {@code .overrideConfiguration(PATTERN.tag())}; the
 * override is built once, so tagging allocates nothing per request.
 */
public final class AccessPattern {

    static final ExecutionAttribute<String> NAME = ReloadSafeAttribute.named("trident.access-pattern");
    private static final Pattern VALID = Pattern.compile("[a-z][a-z0-9-]{0,63}");

    private final String name;
    private final AwsRequestOverrideConfiguration tag;

    private AccessPattern(String name) {
        this.name = name;
        this.tag = AwsRequestOverrideConfiguration.builder().putExecutionAttribute(NAME, name).build();
    }

    /** A pattern name: lower-case words joined by '-', as it appears in the metrics' {@code pattern} tag. */
    public static AccessPattern named(String name) {
        Objects.requireNonNull(name, "name");
        if (!VALID.matcher(name).matches()) {
            throw new IllegalArgumentException("an access pattern name is lower-case words joined by '-': " + name);
        }
        return new AccessPattern(name);
    }

    public String name() {
        return name;
    }

    /** The request override that names this pattern; pass it to a request builder's overrideConfiguration. */
    public AwsRequestOverrideConfiguration tag() {
        return tag;
    }

    /**
     * The tag with the call's timeouts cut to what is left of its request's deadline: the call within
     * {@code remainingNanos}, each attempt within the lesser of that and {@code attemptNanos}. Built per call, only
     * for calls that have less time left than their configured timeouts.
     */
    AwsRequestOverrideConfiguration tagWithin(long remainingNanos, long attemptNanos) {
        Duration call = Duration.ofNanos(remainingNanos);
        return tag.toBuilder()
                .apiCallTimeout(call)
                .apiCallAttemptTimeout(attemptNanos < remainingNanos ? Duration.ofNanos(attemptNanos) : call)
                .build();
    }

    @Override
    public String toString() {
        return name;
    }
}
