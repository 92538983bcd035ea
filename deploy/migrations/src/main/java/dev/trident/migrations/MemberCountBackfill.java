package dev.trident.migrations;

import static dev.trident.migrations.StoredAttributes.MEMBER_COUNT;
import static dev.trident.migrations.StoredAttributes.OWNER_COUNT;
import static dev.trident.migrations.StoredAttributes.OWNER_ROLE;
import static dev.trident.migrations.StoredAttributes.ROLE;

import dev.trident.keys.EntityType;
import dev.trident.keys.InvalidKeyException;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkspaceKeys;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;

/**
 * One-off count of the members and owners of workspaces stored before they were counted: their META has no
 * {@code memberCount} (seats) or no {@code ownerCount}, and workspace-service, which moves both counts in the same
 * transaction as every member edge it adds, removes or changes, refuses a change that needs a missing count. A
 * parallel Scan of the workspace META items ({@code _type = Workspace}, filtered server-side; a Scan only to find the
 * workspaces); for each META missing a count, one Query {@code PK = WS#<id> AND begins_with(SK, MEMBER#)} projecting
 * the role, strongly consistent, page by page, then one UpdateItem setting the missing counts under
 * {@code attribute_exists(PK)} and {@code attribute_not_exists} of each: a count set meanwhile (by a replica of the
 * previous version, which counted seats lazily) is left as it is. Exact on a table served by this version or the
 * previous one: while a count is absent no change that moves it is made, so the edges it counts cannot change
 * between the Query and the write.
 *
 * <p>Idempotent (a META that has its count is read and skipped) and resumable like {@link CourseTermBackfill}: the
 * Scan's position is saved after every page, {@code --max-items} stops after that many workspaces.
 */
public final class MemberCountBackfill implements BackfillCommand.Backfill {

    private static final String WORKSPACE_TYPE = EntityType.WORKSPACE.typeName();

    private final DynamoDbClient dynamo;
    private final String table;
    private final TypeScan scan;

    public MemberCountBackfill(DynamoDbClient dynamo, String table, int segments, int pageSize, Path stateFile) {
        this.dynamo = dynamo;
        this.table = table;
        this.scan = new TypeScan(dynamo, table, pageSize, BackfillState.open(stateFile, table, segments),
                WORKSPACE_TYPE, List.of(MEMBER_COUNT, OWNER_COUNT));
    }

    /** Runs every unfinished segment in parallel until the end of the table or until {@code maxItems} workspaces. */
    @Override
    public BackfillReport run(long maxItems) throws InterruptedException {
        BackfillTally tally = new BackfillTally();
        long read = scan.run(maxItems, meta -> count(meta, tally));
        return tally.report(read, scan.finished());
    }

    private void count(Map<String, AttributeValue> meta, BackfillTally tally) {
        boolean membersMissing = !meta.containsKey(MEMBER_COUNT);
        boolean ownersMissing = !meta.containsKey(OWNER_COUNT);
        if (!membersMissing && !ownersMissing) {
            tally.alreadyDone();
            return;
        }
        String pk = meta.get(TableSchema.PK).s();
        String wsId;
        try {
            wsId = WorkspaceKeys.parseWorkspacePk(pk);
        } catch (InvalidKeyException e) {
            tally.left(pk + " (" + e.getMessage() + ")");
            return;
        }
        MemberEdges edges = memberEdges(wsId);
        List<String> sets = new ArrayList<>();
        List<String> absent = new ArrayList<>();
        Map<String, String> names = new LinkedHashMap<>(Map.of("#pk", TableSchema.PK));
        Map<String, AttributeValue> values = new LinkedHashMap<>();
        if (membersMissing) {
            sets.add("#members = :members");
            absent.add("attribute_not_exists(#members)");
            names.put("#members", MEMBER_COUNT);
            values.put(":members", AttributeValue.fromN(Long.toString(edges.members())));
        }
        if (ownersMissing) {
            sets.add("#owners = :owners");
            absent.add("attribute_not_exists(#owners)");
            names.put("#owners", OWNER_COUNT);
            values.put(":owners", AttributeValue.fromN(Long.toString(edges.owners())));
        }
        try {
            dynamo.updateItem(r -> r.tableName(table).key(WorkspaceKeys.workspace(wsId).toAttributes())
                    .updateExpression("SET " + String.join(", ", sets))
                    .conditionExpression("attribute_exists(#pk) AND " + String.join(" AND ", absent))
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(values));
            tally.written();
        } catch (ConditionalCheckFailedException e) {
            // Deleted, or counted by a replica of the previous version since the Scan read it: that count stands.
            tally.changedMeanwhile();
        }
    }

    /**
     * The workspace's member edges and, of them, its owners: a Query of its partition projecting the role, strongly
     * consistent, every page.
     */
    private MemberEdges memberEdges(String wsId) {
        long members = 0;
        long owners = 0;
        Map<String, AttributeValue> start = null;
        do {
            Map<String, AttributeValue> from = start;
            QueryResponse page = dynamo.query(r -> r.tableName(table).consistentRead(true)
                    .keyConditionExpression("#pk = :pk AND begins_with(#sk, :members)")
                    .projectionExpression("#role")
                    .expressionAttributeNames(Map.of("#pk", TableSchema.PK, "#sk", TableSchema.SK, "#role", ROLE))
                    .expressionAttributeValues(Map.of(":pk",
                            AttributeValue.fromS(WorkspaceKeys.workspacePartition(wsId)),
                            ":members", AttributeValue.fromS(WorkspaceKeys.membersPrefix())))
                    .exclusiveStartKey(from));
            for (Map<String, AttributeValue> edge : page.items()) {
                members++;
                AttributeValue role = edge.get(ROLE);
                if (role != null && OWNER_ROLE.equals(role.s())) {
                    owners++;
                }
            }
            start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
        } while (start != null);
        return new MemberEdges(members, owners);
    }

    private record MemberEdges(long members, long owners) {
    }

    /**
     * {@code deploy/backfill-member-counts.sh [--table NAME] [--endpoint URL] [--region REGION] [--segments N]
     * [--page-size N] [--max-items N] [--state FILE]} ({@link BackfillCommand}).
     */
    public static void main(String[] args) throws InterruptedException {
        BackfillCommand.main(args, "data/migrations/member-count-backfill.state", MemberCountBackfill::new,
                "workspaces", "counted", "not countable");
    }
}
