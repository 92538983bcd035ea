package dev.trident.chaos;

import dev.trident.keys.ItemKey;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkKeys;
import java.net.URI;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/** The table as the checks read it: strongly consistent GetItems and the pending-work partitions' Queries. */
final class Table implements AutoCloseable {
    /** The services that have a pending-work partition ({@code WORK#<service>}). */
    static final List<String> WORK_SERVICES = List.of("social", "enrollment", "workspace");

    private final DynamoDbAsyncClient dynamo;
    private final String name;

    Table(String endpoint, String name) {
        this.name = name;
        this.dynamo = DynamoDbAsyncClient.builder()
                .endpointOverride(URI.create(endpoint))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .httpClientBuilder(NettyNioAsyncHttpClient.builder().maxConcurrency(4))
                .build();
    }

    boolean exists(ItemKey key) {
        return !dynamo.getItem(GetItemRequest.builder().tableName(name).key(key.toAttributes()).consistentRead(true)
                .build()).join().item().isEmpty();
    }

    /** The tasks still in {@code WORK#<service>} (their sort keys), at most 100. */
    List<String> pendingTasks(String service) {
        return dynamo.query(QueryRequest.builder().tableName(name)
                        .keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                        .expressionAttributeNames(Map.of("#pk", TableSchema.PK, "#sk", TableSchema.SK))
                        .expressionAttributeValues(Map.of(
                                ":pk", AttributeValue.fromS(WorkKeys.workPartition(service)),
                                ":prefix", AttributeValue.fromS(WorkKeys.tasksPrefix())))
                        .consistentRead(true).limit(100).build())
                .join().items().stream().map(item -> item.get(TableSchema.SK).s()).toList();
    }

    @Override
    public void close() {
        dynamo.close();
    }
}
