package dev.trident.keys.pattern;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkspaceKeys;

/** The explorer's reads: any partition of the table or of an index, and a workspace's shard layout. */
public final class ExplorerPatterns {

    public static final AccessPattern EXPLORER_PARTITION =
            AccessPattern.readsAnyPartitionOf("explorer-partition", null);
    public static final AccessPattern EXPLORER_GSI1_PARTITION =
            AccessPattern.readsAnyPartitionOf("explorer-partition", TableSchema.GSI1);
    public static final AccessPattern EXPLORER_GSI2_PARTITION =
            AccessPattern.readsAnyPartitionOf("explorer-partition", TableSchema.GSI2);
    /** A workspace's settings item, for its shard count (GetItem, eventual). */
    public static final AccessPattern EXPLORER_WORKSPACE_LAYOUT =
            AccessPattern.reads("explorer-workspace-layout", WorkspaceKeys.WORKSPACE_COLLECTION);

    private ExplorerPatterns() {
    }
}
