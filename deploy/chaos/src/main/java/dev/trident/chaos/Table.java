package dev.trident.chaos;

import dev.trident.keys.ErasureKeys;
import dev.trident.keys.ItemKey;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkKeys;
import java.net.URI;
import java.util.ArrayList;
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

/**
 * The table as the checks read it, straight from DynamoDB Local (never through the fault proxy): strongly consistent
 * GetItems, and the Queries of what pending work is left (the pending-work partitions, a user's post deletions).
 */
final class Table implements Check.Items, AutoCloseable {
    /** The services that have pending-work shards ({@code WORK#<service>#<shard>}). */
    static final List<String> WORK_SERVICES = List.of("social", "enrollment", "workspace");
    /** An erasure record's overall status, and the one it ends with. */
    static final String ERASURE_STATUS = "status";
    static final String ERASURE_DONE = "DONE";

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

    @Override
    public boolean exists(ItemKey key) {
        return !dynamo.getItem(GetItemRequest.builder().tableName(name).key(key.toAttributes()).consistentRead(true)
                .build()).join().item().isEmpty();
    }

    /**
     * The tasks still in any shard of {@code service} or in its legacy unsharded partition
     * ({@code <shard>/<sort key>}), at most 100 a partition.
     */
    List<String> pendingTasks(String service) {
        List<String> tasks = new ArrayList<>();
        List<String> partitions = new ArrayList<>(WorkKeys.workPartitions(service));
        partitions.add(WorkKeys.legacyWorkPartition(service));
        for (String partition : partitions) {
            String shard = partition.substring(WorkKeys.legacyWorkPartition(service).length());
            sortKeys(partition, WorkKeys.tasksPrefix()).forEach(sk -> tasks.add(
                    (shard.isEmpty() ? "(unsharded)" : shard.substring(1)) + "/" + sk));
        }
        return tasks;
    }

    /**
     * The status of {@code userId}'s erasure record ({@code PENDING}, {@code DONE}; "(none)" when it has none), or
     * null when there is no record.
     */
    String erasureStatus(String userId) {
        Map<String, AttributeValue> item = dynamo.getItem(GetItemRequest.builder().tableName(name)
                .key(ErasureKeys.record(userId).toAttributes()).consistentRead(true).build()).join().item();
        if (item == null || item.isEmpty()) {
            return null;
        }
        AttributeValue status = item.get(ERASURE_STATUS);
        return status == null || status.s() == null ? "(none)" : status.s();
    }

    /** The post deletions still recorded in {@code userId}'s partition (their sort keys), at most 100. */
    List<String> postDeletions(String userId) {
        return sortKeys(SocialKeys.userPartition(userId), SocialKeys.POST_DELETIONS_PREFIX);
    }

    private List<String> sortKeys(String pk, String prefix) {
        return dynamo.query(QueryRequest.builder().tableName(name)
                        .keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                        .expressionAttributeNames(Map.of("#pk", TableSchema.PK, "#sk", TableSchema.SK))
                        .expressionAttributeValues(Map.of(
                                ":pk", AttributeValue.fromS(pk),
                                ":prefix", AttributeValue.fromS(prefix)))
                        .consistentRead(true).limit(100).build())
                .join().items().stream().map(item -> item.get(TableSchema.SK).s()).toList();
    }

    @Override
    public void close() {
        dynamo.close();
    }
}
