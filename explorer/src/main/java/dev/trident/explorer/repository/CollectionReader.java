package dev.trident.explorer.repository;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.entity.Attribute;
import dev.trident.keys.pattern.ExplorerPatterns;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.EntityPage;
import dev.trident.support.dynamo.KeyQuery;
import dev.trident.support.dynamo.StoredItem;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;

/**
 * The explorer's reads: one Query of one partition (of the table or of GSI1) at a time, and the GetItem of a
 * workspace's settings for its shard count. Never a Scan; every read eventually consistent (a view, not a write's
 * precondition).
 */
@ApplicationScoped
public class CollectionReader {

    private static final Map<String, AccessPattern> INDEX_PARTITION = Map.of(
            TableSchema.GSI1, ExplorerPatterns.EXPLORER_GSI1_PARTITION,
            TableSchema.GSI2, ExplorerPatterns.EXPLORER_GSI2_PARTITION);
    private static final Attribute<Integer> SHARDS = Attribute.integer("shards");

    private final DynamoTable table;

    CollectionReader(DynamoTable table) {
        this.table = table;
    }

    public String tableName() {
        return table.name();
    }

    /**
     * Up to {@code limit} items of one partition in key order, as stored, each with its key there, from where
     * {@code resume} left off (null: from its start): one Query {@code <PK, GSI1PK or GSI2PK> = :pk} with
     * {@code Limit = limit}, its consumed capacity returned (TOTAL). A cursor of another partition is a 400.
     *
     * @param indexName null for the table
     */
    public Uni<EntityPage<StoredItem>> partition(String indexName, String partition, CursorState resume, int limit) {
        AccessPattern pattern = indexName == null ? ExplorerPatterns.EXPLORER_PARTITION
                : INDEX_PARTITION.get(indexName);
        return table.queryItems(KeyQuery.of(pattern).in(partition).resumingAt(resume).limit(limit));
    }

    /** A workspace's shard count from its settings item (1 when it has none); null when there is no such workspace. */
    public Uni<Integer> workspaceShards(String wsId) {
        return table.get(ExplorerPatterns.EXPLORER_WORKSPACE_LAYOUT, WorkspaceKeys.workspace(wsId))
                .map(item -> item == null ? null : SHARDS.read(item, 1));
    }
}
