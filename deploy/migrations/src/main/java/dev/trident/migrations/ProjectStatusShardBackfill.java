package dev.trident.migrations;

import static dev.trident.migrations.StoredAttributes.STATUS;

import dev.trident.keys.EntityType;
import dev.trident.keys.IndexKey;
import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.Shards;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkspaceKeys;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Backfill of the projects-by-status index (GSI2 {@code PROJSTATUS#<status>#<n>} /
 * {@code <createdAt>#<wsId>#<projectId>}) to a status shard count: n is FNV-1a of {@code <wsId>#<projectId>} modulo
 * the count, so a project stored under another count (before the count was a setting it was 4) sits on that
 * count's shard: after a raise still read, but the stored projects stay on the old shards; after a lowering possibly
 * on a shard no longer read. A parallel Scan of the project items
 * ({@code _type = Project}, filtered server-side); each project whose GSI2 keys differ from what its status,
 * creation time, workspace and id give under the count is moved by one UpdateItem conditioned on its status and the
 * GSI2PK it was read with ({@link IndexKeyMove}): a project whose status changed meanwhile was re-keyed by the
 * service and is left alone.
 *
 * <p>Idempotent and resumable like {@link CourseTermBackfill}; a run for another shard count needs a new state file.
 * A project whose status or creation time cannot make a key is reported, not changed.
 */
public final class ProjectStatusShardBackfill implements BackfillCommand.Backfill {

    private static final String PROJECT_TYPE = EntityType.PROJECT.typeName();

    private final TypeScan scan;
    private final IndexKeyMove move;
    private final int shards;

    public ProjectStatusShardBackfill(DynamoDbClient dynamo, String table, int segments, int pageSize,
            Path stateFile, int shards) {
        this.shards = Shards.requireShardCount(shards);
        this.move = new IndexKeyMove(dynamo, table);
        this.scan = new TypeScan(dynamo, table, pageSize, BackfillState.open(stateFile, table, segments),
                PROJECT_TYPE, List.of(STATUS, TableSchema.CREATED_AT, TableSchema.GSI2PK, TableSchema.GSI2SK));
    }

    /** Runs every unfinished segment in parallel until the end of the table or until {@code maxItems} projects. */
    @Override
    public BackfillReport run(long maxItems) throws InterruptedException {
        BackfillTally tally = new BackfillTally();
        long read = scan.run(maxItems, project -> index(project, tally));
        return tally.report(read, scan.finished());
    }

    private void index(Map<String, AttributeValue> project, BackfillTally tally) {
        String name = project.get(TableSchema.PK).s() + "/" + project.get(TableSchema.SK).s();
        IndexKey expected;
        try {
            String wsId = WorkspaceKeys.parseProjectPartition(project.get(TableSchema.PK).s()).wsId();
            ProjectId id = WorkspaceKeys.parseProjectSk(project.get(TableSchema.SK).s());
            AttributeValue status = project.get(STATUS);
            AttributeValue createdAt = project.get(TableSchema.CREATED_AT);
            if (createdAt == null) {
                throw new IllegalArgumentException(TableSchema.CREATED_AT + " missing");
            }
            expected = WorkspaceKeys.projectStatusIndex(ProjectStatus.parse(STATUS, status == null ? null : status.s()),
                    shards, Instant.parse(createdAt.s()), wsId, id);
        } catch (IllegalArgumentException | DateTimeException e) {
            // A key or status outside the grammar (InvalidKeyException), or a creation time that is no instant.
            tally.left(name + " (" + e.getMessage() + ")");
            return;
        }
        move.move(project, expected, STATUS, tally);
    }

    /**
     * {@code deploy/backfill-project-status.sh [--table NAME] [--endpoint URL] [--region REGION] [--segments N]
     * [--page-size N] [--max-items N] [--state FILE] [--shards N]}; {@code --shards} is workspace-service's
     * {@code trident.workspace.project-status.shards} (default
     * {@value WorkspaceKeys#DEFAULT_PROJECT_STATUS_SHARDS}) ({@link BackfillCommand}).
     */
    public static void main(String[] args) throws InterruptedException {
        BackfillCommand.main(args, "data/migrations/project-status-backfill.state",
                WorkspaceKeys.DEFAULT_PROJECT_STATUS_SHARDS, ProjectStatusShardBackfill::new, "projects", "re-keyed",
                "not indexable");
    }
}
