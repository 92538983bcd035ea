package dev.trident.explorer.service;

import dev.trident.explorer.service.ExplorerViews.PartitionEntry;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.ErasureKeys;
import dev.trident.keys.ItemCollection;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableSchema;
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
 * service's pending work and its legacy unsharded partition), the others as key templates made by common-keys'
 * builders with a sample id swapped for its name, so a template never drifts from the grammar. Write shards take a
 * {@code <shard>} (0..15): a service may run with another count than the default. A test checks that every
 * {@link ItemCollection} has an entry.
 */
final class PartitionEntries {

    private static final String SAMPLE = "sampleid";
    private static final String SAMPLE_MONTH = "2026-01";
    private static final String SAMPLE_TERM = "sampleterm";

    private PartitionEntries() {
    }

    static List<PartitionEntry> all() {
        List<PartitionEntry> entries = new ArrayList<>();
        open(entries, ItemCollection.TIMELINE_MONTHS, SocialKeys.TIMELINE_MONTHS_PARTITION);
        for (ProjectStatus status : ProjectStatus.values()) {
            for (int n = 0; n < WorkspaceKeys.DEFAULT_PROJECT_STATUS_SHARDS; n++) {
                open(entries, ItemCollection.PROJECTS_BY_STATUS, WorkspaceKeys.projectStatusPartition(status, n,
                        WorkspaceKeys.DEFAULT_PROJECT_STATUS_SHARDS));
            }
        }
        entries.add(new PartitionEntry(ItemCollection.PROJECTS_BY_STATUS.name(), TableSchema.GSI2, null,
                shardTemplate(WorkspaceKeys.projectStatusPartition(ProjectStatus.ACTIVE, 1, 2))
                        .replace(ProjectStatus.ACTIVE.name(), "<status>"),
                ItemCollection.PROJECTS_BY_STATUS.description()));
        for (String service : ErasureRecords.PARTS) {
            for (String shard : WorkKeys.workPartitions(service)) {
                open(entries, ItemCollection.PENDING_WORK, shard);
            }
            // Tasks written before the work was sharded, until the backfill has moved them.
            open(entries, ItemCollection.PENDING_WORK, WorkKeys.legacyWorkPartition(service));
        }
        template(entries, ItemCollection.USER, SocialKeys.userPartition(SAMPLE), "<userId>");
        template(entries, ItemCollection.USER_INVERTED, WorkspaceKeys.userWorkspacesPartition(SAMPLE), "<userId>");
        template(entries, ItemCollection.HANDLE, SocialKeys.handlePartition(SAMPLE), "<handle>");
        template(entries, ItemCollection.HANDLE_PROFILE, SocialKeys.userByHandle(SAMPLE).pk(), "<handle>");
        template(entries, ItemCollection.POST_COMMENTS, SocialKeys.commentPartition(SAMPLE), "<postId>");
        entries.add(new PartitionEntry(ItemCollection.TIMELINE.name(), TableSchema.GSI2, null,
                SocialKeys.timelinePartition(SAMPLE_MONTH, 1, 2).replace(SAMPLE_MONTH, "<yyyy-mm>")
                        .replaceAll("1$", "<shard>"),
                ItemCollection.TIMELINE.description()));
        template(entries, ItemCollection.STUDENT, EnrollmentKeys.studentPartition(SAMPLE), "<studentId>");
        template(entries, ItemCollection.COURSE, EnrollmentKeys.coursePartition(SAMPLE), "<courseId>");
        template(entries, ItemCollection.COURSE_ROSTER, EnrollmentKeys.courseIndex(SAMPLE).pk(), "<courseId>");
        entries.add(new PartitionEntry(ItemCollection.COURSES_BY_TERM.name(), TableSchema.GSI2, null,
                shardTemplate(EnrollmentKeys.termPartition(SAMPLE_TERM, 1, 2)).replace(SAMPLE_TERM, "<term>"),
                ItemCollection.COURSES_BY_TERM.description()));
        entries.add(new PartitionEntry(ItemCollection.STUDENT_TERM.name(), TableSchema.GSI2, null,
                EnrollmentKeys.studentTermPartition(SAMPLE, SAMPLE_TERM).replace(SAMPLE_TERM, "<term>")
                        .replace(SAMPLE, "<studentId>"), ItemCollection.STUDENT_TERM.description()));
        template(entries, ItemCollection.WORKSPACE, WorkspaceKeys.workspacePartition(SAMPLE), "<wsId>");
        entries.add(new PartitionEntry(ItemCollection.WORKSPACE_SHARD.name(), null, null,
                shardTemplate(WorkspaceKeys.projectPartition(SAMPLE, 1, 2)).replace(SAMPLE, "<wsId>"),
                ItemCollection.WORKSPACE_SHARD.description()));
        entries.add(new PartitionEntry(ItemCollection.WORKSPACE_PROJECTS_BY_STATUS.name(), TableSchema.GSI1, null,
                shardTemplate(WorkspaceKeys.workspaceStatusPartition(SAMPLE, ProjectStatus.ACTIVE, 1, 2))
                        .replace(SAMPLE, "<wsId>").replace(ProjectStatus.ACTIVE.name(), "<status>"),
                ItemCollection.WORKSPACE_PROJECTS_BY_STATUS.description()));
        template(entries, ItemCollection.ERASURE, ErasureKeys.record(SAMPLE).pk(), "<userId>");
        entries.add(new PartitionEntry(ItemCollection.IDEMPOTENCY.name(), null, null,
                EntityType.IDEMPOTENCY.pkPrefix() + "<sha256(caller, route, key)>",
                ItemCollection.IDEMPOTENCY.description()));
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

    /** A partition key built for shard 1 of 2, its shard number swapped for {@code <shard>}. */
    private static String shardTemplate(String builtOnShardOne) {
        return builtOnShardOne.replaceAll("1$", "<shard>");
    }

    private static void open(List<PartitionEntry> entries, ItemCollection collection, String partition) {
        entries.add(new PartitionEntry(collection.name(), collection.indexName(), partition, null,
                collection.description()));
    }

    private static void template(List<PartitionEntry> entries, ItemCollection collection, String built, String name) {
        entries.add(new PartitionEntry(collection.name(), collection.indexName(), null, built.replace(SAMPLE, name),
                collection.description()));
    }
}
