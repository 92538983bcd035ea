package dev.trident.support.dynamo;

import dev.trident.keys.AccessPattern;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.awscore.AwsRequestOverrideConfiguration;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;

/**
 * The SDK's side of an access pattern: the request override that carries the pattern's name to
 * {@link DynamoDbMetrics} (calls, latency and consumed capacity per pattern) and, as the request header
 * {@value #HEADER}, to whatever stands between the service and DynamoDB (the test fault proxy's capacity ledger
 * attributes units by it; DynamoDB ignores it). Each pattern's override is built once per table, so tagging a request
 * allocates nothing.
 */
public final class PatternTags {

    static final ExecutionAttribute<String> NAME = ReloadSafeAttribute.named("trident.access-pattern");
    /** The request header that names a call's access pattern. */
    public static final String HEADER = "X-Trident-Pattern";

    private final Map<AccessPattern, AwsRequestOverrideConfiguration> tags = new ConcurrentHashMap<>();
    private final Map<AccessPattern, AwsRequestOverrideConfiguration> longerAttempts = new ConcurrentHashMap<>();

    /** The request override that names {@code pattern}. */
    AwsRequestOverrideConfiguration tag(AccessPattern pattern) {
        AwsRequestOverrideConfiguration tag = tags.get(pattern);
        return tag != null ? tag : tags.computeIfAbsent(pattern, PatternTags::build);
    }

    /**
     * The tag with each attempt given {@code attemptNanos} instead of the client's configured attempt timeout (a
     * transaction's, longer). Built once per pattern: every caller of one table asks with the same value.
     */
    AwsRequestOverrideConfiguration tagWithAttempt(AccessPattern pattern, long attemptNanos) {
        AwsRequestOverrideConfiguration tag = longerAttempts.get(pattern);
        return tag != null ? tag : longerAttempts.computeIfAbsent(pattern,
                p -> tag(p).toBuilder().apiCallAttemptTimeout(Duration.ofNanos(attemptNanos)).build());
    }

    /**
     * The tag with the call's timeouts cut to what is left of its request's deadline: the call within
     * {@code remainingNanos}, each attempt within the lesser of that and {@code attemptNanos}. Built per call, only
     * for calls that have less time left than their configured timeouts.
     */
    AwsRequestOverrideConfiguration tagWithin(AccessPattern pattern, long remainingNanos, long attemptNanos) {
        Duration call = Duration.ofNanos(remainingNanos);
        return tag(pattern).toBuilder()
                .apiCallTimeout(call)
                .apiCallAttemptTimeout(attemptNanos < remainingNanos ? Duration.ofNanos(attemptNanos) : call)
                .build();
    }

    /** A new override naming {@code pattern}, for a call made outside the table (DescribeTable, CreateTable). */
    public static AwsRequestOverrideConfiguration build(AccessPattern pattern) {
        return AwsRequestOverrideConfiguration.builder().putExecutionAttribute(NAME, pattern.name())
                .putHeader(HEADER, pattern.name()).build();
    }
}
