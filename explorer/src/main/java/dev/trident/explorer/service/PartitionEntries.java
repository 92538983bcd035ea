package dev.trident.explorer.service;

import dev.trident.explorer.service.ExplorerViews.PartitionEntry;
import dev.trident.keys.ItemCollection;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.WorkKeys;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.support.erasure.ErasureRecords;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Every kind of partition the grammar reads, as a way into it: the ones that need no id are listed as they are (the
 * timeline's months, each status shard of the projects by status under the default shard count, each shard of each
 * service's pending work and its legacy unsharded partition), and every collection as its partition key's template,
 * the declaration common-keys builds and reads its keys with, so a template never drifts from the grammar. Write
 * shards are a part of the template (0..15): a service may run with another count than the default.
 */
final class PartitionEntries {

    private PartitionEntries() {
    }

    static List<PartitionEntry> all() {
        List<PartitionEntry> entries = new ArrayList<>();
        open(entries, SocialKeys.TIMELINE_MONTHS_COLLECTION, SocialKeys.TIMELINE_MONTHS_PARTITION);
        for (ProjectStatus status : ProjectStatus.values()) {
            for (int n = 0; n < WorkspaceKeys.DEFAULT_PROJECT_STATUS_SHARDS; n++) {
                open(entries, WorkspaceKeys.PROJECTS_BY_STATUS_COLLECTION,
                        WorkspaceKeys.projectStatusPartition(status, n,
                        WorkspaceKeys.DEFAULT_PROJECT_STATUS_SHARDS));
            }
        }
        for (String service : ErasureRecords.PARTS) {
            for (String shard : WorkKeys.workPartitions(service)) {
                open(entries, WorkKeys.PENDING_WORK_COLLECTION, shard);
            }
            // Tasks written before the work was sharded, until the backfill has moved them.
            open(entries, WorkKeys.PENDING_WORK_COLLECTION, WorkKeys.legacyWorkPartition(service));
        }
        for (ItemCollection collection : ItemCollection.values()) {
            if (collection != SocialKeys.TIMELINE_MONTHS_COLLECTION) {
                entries.add(new PartitionEntry(collection.name(), collection.indexName(), null,
                        collection.partitionKey().toString(), collection.description()));
            }
        }
        return List.copyOf(entries);
    }

    /** The key templates of one index (null: the table), for a message. */
    static String templates(String indexName) {
        return all().stream()
                .filter(e -> Objects.equals(e.index(), indexName))
                .map(e -> e.template() != null ? e.template() : e.partition())
                .distinct()
                .collect(Collectors.joining(", "));
    }

    private static void open(List<PartitionEntry> entries, ItemCollection collection, String partition) {
        entries.add(new PartitionEntry(collection.name(), collection.indexName(), partition, null,
                collection.description()));
    }
}
