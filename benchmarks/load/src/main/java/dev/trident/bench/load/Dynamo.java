package dev.trident.bench.load;

import java.net.URI;
import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.SdkAdvancedAsyncClientOption;
import software.amazon.awssdk.http.async.SdkAsyncHttpClient;
import software.amazon.awssdk.http.crt.AwsCrtAsyncHttpClient;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * The async client the baseline and the seeder use: Netty, like the services, static local credentials, and futures
 * completed on the Netty event loop as the services complete theirs (no hop to the SDK's completion pool), so the
 * baseline is the limit the services chase and not a slower client. The baseline can also run on the AWS CRT HTTP
 * client ({@code --http-client crt}), to compare the two on the same sweep.
 */
final class Dynamo {
    private Dynamo() {
    }

    static DynamoDbAsyncClient client(String endpoint, int maxConcurrency) {
        return client(endpoint, maxConcurrency, "netty");
    }

    /** A client on the named HTTP client: {@code netty} or {@code crt}. */
    static DynamoDbAsyncClient client(String endpoint, int maxConcurrency, String httpClient) {
        SdkAsyncHttpClient.Builder<?> http = switch (httpClient) {
            case "netty" -> NettyNioAsyncHttpClient.builder()
                    .maxConcurrency(maxConcurrency)
                    .connectionAcquisitionTimeout(Duration.ofSeconds(30));
            case "crt" -> AwsCrtAsyncHttpClient.builder()
                    .maxConcurrency(maxConcurrency)
                    .connectionAcquisitionTimeout(Duration.ofSeconds(30));
            default -> throw new IllegalArgumentException("--http-client must be netty or crt: " + httpClient);
        };
        return DynamoDbAsyncClient.builder()
                .endpointOverride(URI.create(endpoint))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .httpClientBuilder(http)
                .asyncConfiguration(async -> async.advancedOption(
                        SdkAdvancedAsyncClientOption.FUTURE_COMPLETION_EXECUTOR, Runnable::run))
                .build();
    }
}
