package dev.trident.bench.load;

import java.net.URI;
import java.time.Duration;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.client.config.SdkAdvancedAsyncClientOption;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * The async client the baseline and the seeder use: Netty, like the services, static local credentials, and futures
 * completed on the Netty event loop as the services complete theirs (no hop to the SDK's completion pool), so the
 * baseline is the limit the services chase and not a slower client.
 */
final class Dynamo {
    private Dynamo() {
    }

    static DynamoDbAsyncClient client(String endpoint, int maxConcurrency) {
        return DynamoDbAsyncClient.builder()
                .endpointOverride(URI.create(endpoint))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .httpClientBuilder(NettyNioAsyncHttpClient.builder()
                        .maxConcurrency(maxConcurrency)
                        .connectionAcquisitionTimeout(Duration.ofSeconds(30)))
                .asyncConfiguration(async -> async.advancedOption(
                        SdkAdvancedAsyncClientOption.FUTURE_COMPLETION_EXECUTOR, Runnable::run))
                .build();
    }
}
