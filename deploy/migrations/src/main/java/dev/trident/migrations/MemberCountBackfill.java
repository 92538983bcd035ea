package dev.trident.migrations;

import static dev.trident.migrations.StoredAttributes.MEMBER_COUNT;

import dev.trident.keys.EntityType;
import dev.trident.keys.InvalidKeyException;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkspaceKeys;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;

/**
 * One-off count of the seats of workspaces stored before seats were counted: their META has no {@code memberCount},
 * and workspace-service, which moves the count in the same transaction as every member edge it adds or removes,
 * refuses to add or remove a member there. A parallel Scan of the workspace META items ({@code _type = Workspace},
 * filtered server-side; a Scan only to find the workspaces); for each META without {@code memberCount}, one Query
 * {@code PK = WS#<id> AND begins_with(SK, MEMBER#)} with {@code Select=COUNT}, strongly consistent, page by page,
 * then one UpdateItem {@code SET memberCount = :n} under {@code attribute_exists(PK) AND
 * attribute_not_exists(memberCount)}: a count set meanwhile (by a replica of the previous version, which counts
 * lazily) is left as it is. Exact on a table served by this version or the previous one: while the count is absent
 * neither adds nor removes a member there, so the edges cannot change between the Query and the write.
 *
 * <p>Idempotent (a META that has its count is read and skipped) and resumable like {@link CourseTermBackfill}: the
 * Scan's position is saved after every page, {@code --max-items} stops after that many workspaces.
 */
public final class MemberCountBackfill {

    private static final String WORKSPACE_TYPE = EntityType.WORKSPACE.typeName();

    private final DynamoDbClient dynamo;
    private final String table;
    private final TypeScan scan;

    /** What a run did; {@code finished} when every segment reached the end of the table. */
    public record Report(long workspacesRead, long counted, long alreadyCounted, long changedMeanwhile,
            List<String> uncountable, boolean finished) {
    }

    public MemberCountBackfill(DynamoDbClient dynamo, String table, int segments, int pageSize, Path stateFile) {
        this.dynamo = dynamo;
        this.table = table;
        this.scan = new TypeScan(dynamo, table, pageSize, BackfillState.open(stateFile, table, segments),
                WORKSPACE_TYPE, List.of(MEMBER_COUNT));
    }

    /** Runs every unfinished segment in parallel until the end of the table or until {@code maxItems} workspaces. */
    public Report run(long maxItems) throws InterruptedException {
        Counters counters = new Counters();
        long read = scan.run(maxItems, meta -> count(meta, counters));
        return new Report(read, counters.counted.get(), counters.alreadyCounted.get(),
                counters.changedMeanwhile.get(), List.copyOf(counters.uncountable), scan.finished());
    }

    private void count(Map<String, AttributeValue> meta, Counters counters) {
        if (meta.containsKey(MEMBER_COUNT)) {
            counters.alreadyCounted.incrementAndGet();
            return;
        }
        String pk = meta.get(TableSchema.PK).s();
        String wsId;
        try {
            wsId = WorkspaceKeys.parseWorkspacePk(pk);
        } catch (InvalidKeyException e) {
            counters.uncountable.add(pk + " (" + e.getMessage() + ")");
            return;
        }
        long members = memberEdges(wsId);
        try {
            dynamo.updateItem(r -> r.tableName(table).key(WorkspaceKeys.workspace(wsId).toAttributes())
                    .updateExpression("SET #count = :count")
                    .conditionExpression("attribute_exists(#pk) AND attribute_not_exists(#count)")
                    .expressionAttributeNames(Map.of("#count", MEMBER_COUNT, "#pk", TableSchema.PK))
                    .expressionAttributeValues(Map.of(":count", AttributeValue.fromN(Long.toString(members)))));
            counters.counted.incrementAndGet();
        } catch (ConditionalCheckFailedException e) {
            // Deleted, or counted by a replica of the previous version since the Scan read it: that count stands.
            counters.changedMeanwhile.incrementAndGet();
        }
    }

    /** The workspace's member edges: Query {@code Select=COUNT} on its partition, strongly consistent, every page. */
    private long memberEdges(String wsId) {
        long count = 0;
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            QueryResponse page = dynamo.query(r -> r.tableName(table).consistentRead(true).select(Select.COUNT)
                    .keyConditionExpression("#pk = :pk AND begins_with(#sk, :members)")
                    .expressionAttributeNames(Map.of("#pk", TableSchema.PK, "#sk", TableSchema.SK))
                    .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(WorkspaceKeys.workspacePartition(wsId)),
                            ":members", AttributeValue.fromS(WorkspaceKeys.membersPrefix())))
                    .exclusiveStartKey(from));
            count += page.count();
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return count;
    }

    private static final class Counters {
        final AtomicLong counted = new AtomicLong();
        final AtomicLong alreadyCounted = new AtomicLong();
        final AtomicLong changedMeanwhile = new AtomicLong();
        final List<String> uncountable = Collections.synchronizedList(new ArrayList<>());
    }

    /**
     * {@code deploy/backfill-member-counts.sh [--table NAME] [--endpoint URL] [--region REGION] [--segments N]
     * [--page-size N] [--max-items N] [--state FILE]} ({@link BackfillCommand}).
     */
    public static void main(String[] args) throws InterruptedException {
        BackfillCommand command = BackfillCommand.parse(args, "data/migrations/member-count-backfill.state");
        if (command == null) {
            return;
        }
        try (DynamoDbClient dynamo = command.client()) {
            Report report = new MemberCountBackfill(dynamo, command.table(), command.segments(), command.pageSize(),
                    Path.of(command.state())).run(command.maxItems());
            System.out.printf("workspaces read: %d, counted now: %d, already counted: %d, changed meanwhile: %d, "
                    + "not countable: %d%n", report.workspacesRead(), report.counted(), report.alreadyCounted(),
                    report.changedMeanwhile(), report.uncountable().size());
            report.uncountable().forEach(workspace -> System.out.println("  not countable: " + workspace));
            System.out.println(command.outcome(report.finished()));
        }
    }
}
