package dev.trident.migrations;

import static dev.trident.migrations.StoredAttributes.SHARDS;
import static dev.trident.migrations.StoredAttributes.STATUS;

import dev.trident.keys.EntityType;
import dev.trident.keys.IndexKey;
import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkspaceKeys;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * One-off backfill of the per-workspace status index (GSI1 {@code WS#<id>#STATUS#<status>#<shard>} /
 * {@code PROJ#<projectId>}) for projects stored before it existed: workspace-service writes those keys when it
 * creates a project and moves them with every status change, so only older items lack them. A parallel Scan of the
 * project items ({@code _type = Project}, filtered server-side); each project without GSI1PK or GSI1SK gets both,
 * built by common-keys from its workspace, its workspace's shard count (one GetItem of META per workspace, kept for
 * the run: the count is fixed at creation), its status and its id, by one UpdateItem conditioned on the project
 * being as it was read (its {@code version}, which every change of the service moves, and its status). A project
 * changed meanwhile is read again and indexed from what it is now; one that has its keys by then, or is gone, is
 * left alone. The version is not moved: the project's content, and so its ETag, are unchanged.
 *
 * <p>Idempotent (a project that has its keys is read and skipped) and resumable like {@link CourseTermBackfill}.
 * A project whose workspace is gone or whose status is not one of the statuses cannot be indexed: it is reported,
 * not changed.
 */
public final class ProjectIndexBackfill implements BackfillCommand.Backfill {

    private static final String PROJECT_TYPE = EntityType.PROJECT.typeName();
    /** How often a project changed meanwhile is read again before it is left to the next run. */
    private static final int ATTEMPTS = 3;

    private final DynamoDbClient dynamo;
    private final String table;
    private final TypeScan scan;
    /** Each workspace's shard count, empty when its META is gone. */
    private final Map<String, Optional<Integer>> shards = new ConcurrentHashMap<>();

    public ProjectIndexBackfill(DynamoDbClient dynamo, String table, int segments, int pageSize, Path stateFile) {
        this.dynamo = dynamo;
        this.table = table;
        this.scan = new TypeScan(dynamo, table, pageSize, BackfillState.open(stateFile, table, segments),
                PROJECT_TYPE, List.of(STATUS, TableSchema.VERSION, TableSchema.GSI1PK, TableSchema.GSI1SK));
    }

    /** Runs every unfinished segment in parallel until the end of the table or until {@code maxItems} projects. */
    @Override
    public BackfillReport run(long maxItems) throws InterruptedException {
        BackfillTally tally = new BackfillTally();
        long read = scan.run(maxItems, project -> index(project, tally));
        return tally.report(read, scan.finished());
    }

    private void index(Map<String, AttributeValue> project, BackfillTally tally) {
        if (indexed(project)) {
            tally.alreadyDone();
            return;
        }
        Map<String, AttributeValue> key = Map.of(TableSchema.PK, project.get(TableSchema.PK),
                TableSchema.SK, project.get(TableSchema.SK));
        String name = project.get(TableSchema.PK).s() + "/" + project.get(TableSchema.SK).s();
        Map<String, AttributeValue> current = project;
        for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
            IndexKey expected;
            try {
                expected = expectedIndex(current);
            } catch (IllegalArgumentException e) {
                // A key or status outside the grammar (InvalidKeyException), or a shard count that is no number.
                tally.left(name + " (" + e.getMessage() + ")");
                return;
            }
            if (expected == null) {
                tally.left(name + " (its workspace is gone)");
                return;
            }
            try {
                write(key, current, expected);
                tally.written();
                return;
            } catch (ConditionalCheckFailedException e) {
                // Changed since it was read: decide again on what it is now.
                current = dynamo.getItem(r -> r.tableName(table).key(key).consistentRead(true)).item();
                if (current == null || current.isEmpty() || indexed(current)) {
                    tally.changedMeanwhile();
                    return;
                }
            }
        }
        tally.changedMeanwhile();
    }

    private static boolean indexed(Map<String, AttributeValue> project) {
        return project.containsKey(TableSchema.GSI1PK) && project.containsKey(TableSchema.GSI1SK);
    }

    /** The GSI1 key workspace-service writes for this project; null when its workspace is gone. */
    private IndexKey expectedIndex(Map<String, AttributeValue> project) {
        String wsId = WorkspaceKeys.parseProjectPartition(project.get(TableSchema.PK).s()).wsId();
        ProjectId id = WorkspaceKeys.parseProjectSk(project.get(TableSchema.SK).s());
        AttributeValue status = project.get(STATUS);
        ProjectStatus parsed = ProjectStatus.parse(STATUS, status == null ? null : status.s());
        Optional<Integer> count = shards.computeIfAbsent(wsId, this::shardsOf);
        return count.map(n -> WorkspaceKeys.projectWorkspaceStatusIndex(wsId, n, parsed, id)).orElse(null);
    }

    /** The workspace's shard count from its META (absent: one shard, as the service reads it); empty when gone. */
    private Optional<Integer> shardsOf(String wsId) {
        Map<String, AttributeValue> meta = dynamo.getItem(r -> r.tableName(table)
                .key(WorkspaceKeys.workspace(wsId).toAttributes()).consistentRead(true)).item();
        if (meta == null || meta.isEmpty()) {
            return Optional.empty();
        }
        AttributeValue count = meta.get(SHARDS);
        return Optional.of(count == null ? 1 : Integer.parseInt(count.n()));
    }

    /** SET both keys, under the version and status the decision was made on. */
    private void write(Map<String, AttributeValue> key, Map<String, AttributeValue> project, IndexKey expected) {
        Map<String, String> names = new HashMap<>(Map.of("#pk", TableSchema.PK, "#version", TableSchema.VERSION,
                "#status", STATUS, "#gsi1pk", expected.pkAttribute(), "#gsi1sk", expected.skAttribute()));
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":gsi1pk", AttributeValue.fromS(expected.pk()),
                ":gsi1sk", AttributeValue.fromS(expected.sk()), ":status", project.get(STATUS)));
        AttributeValue version = project.get(TableSchema.VERSION);
        String sameVersion;
        if (version == null) {
            sameVersion = "attribute_not_exists(#version)";
        } else {
            sameVersion = "#version = :version";
            values.put(":version", version);
        }
        dynamo.updateItem(r -> r.tableName(table).key(key)
                .updateExpression("SET #gsi1pk = :gsi1pk, #gsi1sk = :gsi1sk")
                .conditionExpression("attribute_exists(#pk) AND " + sameVersion + " AND #status = :status")
                .expressionAttributeNames(names)
                .expressionAttributeValues(values));
    }

    /**
     * {@code deploy/backfill-project-index.sh [--table NAME] [--endpoint URL] [--region REGION] [--segments N]
     * [--page-size N] [--max-items N] [--state FILE]} ({@link BackfillCommand}).
     */
    public static void main(String[] args) throws InterruptedException {
        BackfillCommand.main(args, "data/migrations/project-index-backfill.state", ProjectIndexBackfill::new,
                "projects", "indexed", "not indexable");
    }
}
