package dev.trident.explorer.repository;

import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.support.dynamo.AccessPattern;
import dev.trident.support.dynamo.Consistency;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.KeyQuery;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The explorer's reads: one Query of one partition (of the table or of GSI1) at a time, and the GetItem of a
 * workspace's settings for its shard count. Never a Scan; every read eventually consistent (a view, not a write's
 * precondition).
 */
@ApplicationScoped
public class CollectionReader {

    private static final KeyQuery TABLE_PARTITION = KeyQuery.onTable("explorer-partition");
    private static final Map<String, KeyQuery> INDEX_PARTITION = Map.of(
            TableSchema.GSI1, KeyQuery.onIndex(TableSchema.GSI1, TABLE_PARTITION.pattern().name()),
            TableSchema.GSI2, KeyQuery.onIndex(TableSchema.GSI2, TABLE_PARTITION.pattern().name()));
    private static final AccessPattern WORKSPACE_LAYOUT = AccessPattern.named("explorer-workspace-layout");
    private static final String SHARDS = "shards";

    private final DynamoTable table;

    CollectionReader(DynamoTable table) {
        this.table = table;
    }

    public String tableName() {
        return table.name();
    }

    /** The items one Query read and the read capacity it consumed (null where the table does not say). */
    public record PartitionRead(List<Map<String, AttributeValue>> items, Double capacityUnits) {
    }

    /**
     * Up to {@code limit} items of one partition in key order, after {@code startKey} (null: from its start): one
     * Query {@code <PK, GSI1PK or GSI2PK> = :pk} with {@code Limit = limit}, its consumed capacity returned (TOTAL).
     *
     * @param indexName null for the table
     */
    public Uni<PartitionRead> partition(String indexName, String partition, Map<String, AttributeValue> startKey,
            int limit) {
        KeyQuery query = indexName == null ? TABLE_PARTITION : INDEX_PARTITION.get(indexName);
        return table.query(query.in(partition).resumingAfter(startKey).limit(limit))
                .map(page -> new PartitionRead(page.items(), page.capacityUnits()));
    }

    /** A workspace's shard count from its settings item (1 when it has none); null when there is no such workspace. */
    public Uni<Integer> workspaceShards(String wsId) {
        return table.get(WORKSPACE_LAYOUT, WorkspaceKeys.workspace(wsId), Consistency.EVENTUAL)
                .map(item -> {
                    if (item == null) {
                        return null;
                    }
                    AttributeValue shards = item.get(SHARDS);
                    return shards == null || shards.n() == null ? 1 : Integer.valueOf(shards.n());
                });
    }
}
