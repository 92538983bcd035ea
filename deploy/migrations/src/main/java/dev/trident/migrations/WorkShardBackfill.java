package dev.trident.migrations;

import dev.trident.keys.EntityType;
import dev.trident.keys.InvalidKeyException;
import dev.trident.keys.ItemKey;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkKeys;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * One-off move of pending-work tasks from the unsharded {@code WORK#<service>} partitions, where services kept them
 * before the work was sharded, into the shard each belongs in ({@code WORK#<service>#<shard>}, the same sort key).
 * A parallel Scan of the task items (the one place a Scan is allowed: a migration, never a service); each legacy task
 * is read whole (strongly) and moved in one transaction: put it in its shard if no task is there, delete the legacy
 * item if it is unchanged since that read. Its lease, attempts and scope go with it, so a task a replica is working on
 * stays held until its lease runs out.
 *
 * <ul>
 *   <li>A task already in its shard for the same kind and id (a newer request for the same work) supersedes the
 *   legacy one: the legacy item alone is deleted.</li>
 *   <li>A legacy task changed between the read and the move (an older replica claimed, extended or released it) is
 *   read again and moved, up to three times; one that is gone was done by its service.</li>
 *   <li>Idempotent: a second run finds no legacy task and writes nothing. Resumable: each segment's position is saved
 *   after every page, as in every backfill; {@code --max-items} stops at a page boundary.</li>
 * </ul>
 */
public final class WorkShardBackfill implements BackfillCommand.Backfill {

    private static final int TRIES = 3;
    private static final String CONDITION_FAILED = "ConditionalCheckFailed";

    private final DynamoDbClient dynamo;
    private final String table;
    private final TypeScan scan;

    public WorkShardBackfill(DynamoDbClient dynamo, String table, int segments, int pageSize, Path stateFile) {
        this.dynamo = dynamo;
        this.table = table;
        this.scan = new TypeScan(dynamo, table, pageSize, BackfillState.open(stateFile, table, segments),
                EntityType.WORK_ITEM.typeName(), List.of());
    }

    /** Runs every unfinished segment in parallel until the end of the table or until {@code maxItems} tasks. */
    @Override
    public BackfillReport run(long maxItems) throws InterruptedException {
        BackfillTally tally = new BackfillTally();
        long read = scan.run(maxItems, task -> move(ItemKey.of(task), tally));
        return tally.report(read, scan.finished());
    }

    private void move(ItemKey legacy, BackfillTally tally) {
        ItemKey target;
        try {
            WorkKeys.WorkPartition partition = WorkKeys.parsePartition(legacy.pk());
            if (!partition.legacy()) {
                tally.alreadyDone();
                return;
            }
            WorkKeys.Task task = WorkKeys.parseTaskSk(legacy.sk());
            target = WorkKeys.task(partition.service(), task.kind(), task.id());
        } catch (InvalidKeyException e) {
            tally.left(legacy.pk() + "/" + legacy.sk() + " (" + e.getMessage() + ")");
            return;
        }
        for (int attempt = 0; attempt < TRIES; attempt++) {
            Map<String, AttributeValue> item = dynamo.getItem(r -> r.tableName(table).key(legacy.toAttributes())
                    .consistentRead(true)).item();
            if (item == null || item.isEmpty()) {
                // Done by its service (or moved by a parallel run) since the Scan read it.
                tally.changedMeanwhile();
                return;
            }
            Map<String, AttributeValue> moved = new HashMap<>(item);
            moved.putAll(target.toAttributes());
            try {
                dynamo.transactWriteItems(r -> r.transactItems(
                        TransactWriteItem.builder().put(Put.builder().tableName(table).item(moved)
                                .conditionExpression("attribute_not_exists(#pk)")
                                .expressionAttributeNames(Map.of("#pk", TableSchema.PK)).build()).build(),
                        TransactWriteItem.builder().delete(unchanged(legacy, item)).build()));
                tally.written();
                return;
            } catch (TransactionCanceledException e) {
                List<CancellationReason> reasons = e.cancellationReasons();
                boolean targetTaken = reasons.size() > 0 && CONDITION_FAILED.equals(reasons.get(0).code());
                boolean legacyChanged = reasons.size() > 1 && CONDITION_FAILED.equals(reasons.get(1).code());
                if (targetTaken && !legacyChanged) {
                    if (deleteSuperseded(legacy, item)) {
                        tally.alreadyDone();
                        return;
                    }
                } else if (!legacyChanged) {
                    throw e;
                }
            }
        }
        tally.left(legacy.pk() + "/" + legacy.sk() + " (changed at every try: run the backfill again)");
    }

    /** Deletes a legacy task a task in its shard supersedes; false when it changed since it was read. */
    private boolean deleteSuperseded(ItemKey legacy, Map<String, AttributeValue> item) {
        Delete delete = unchanged(legacy, item);
        try {
            dynamo.deleteItem(r -> r.tableName(table).key(delete.key())
                    .conditionExpression(delete.conditionExpression())
                    .expressionAttributeNames(delete.expressionAttributeNames())
                    .expressionAttributeValues(delete.expressionAttributeValues().isEmpty() ? null
                            : delete.expressionAttributeValues()));
            return true;
        } catch (ConditionalCheckFailedException e) {
            return false;
        }
    }

    /**
     * A Delete of the legacy item only if it is as it was read: every attribute a claim, an extension or a release
     * changes (lease owner, lease end, attempts) equal to the read value, or still absent.
     */
    private Delete unchanged(ItemKey legacy, Map<String, AttributeValue> item) {
        Map<String, String> names = new HashMap<>(Map.of("#pk", TableSchema.PK));
        Map<String, AttributeValue> values = new HashMap<>();
        StringBuilder condition = new StringBuilder("attribute_exists(#pk)");
        int i = 0;
        for (String attribute : List.of("leaseOwner", "leaseUntil", "attempts")) {
            String name = "#a" + i;
            names.put(name, attribute);
            AttributeValue value = item.get(attribute);
            if (value == null) {
                condition.append(" AND attribute_not_exists(").append(name).append(')');
            } else {
                values.put(":v" + i, value);
                condition.append(" AND ").append(name).append(" = :v").append(i);
            }
            i++;
        }
        return Delete.builder().tableName(table).key(legacy.toAttributes()).conditionExpression(condition.toString())
                .expressionAttributeNames(names).expressionAttributeValues(values.isEmpty() ? null : values).build();
    }

    /**
     * {@code deploy/backfill-work-shards.sh [--table NAME] [--endpoint URL] [--region REGION] [--segments N]
     * [--page-size N] [--max-items N] [--state FILE]}; AWS credentials from the default chain, or static dummy ones
     * with {@code --endpoint} (DynamoDB Local).
     */
    public static void main(String[] args) throws InterruptedException {
        BackfillCommand.main(args, "data/migrations/work-shard-backfill.state", WorkShardBackfill::new,
                "tasks", "moved", "not movable");
    }
}
