package dev.trident.workspace.repository;

import static dev.trident.support.dynamo.Attributes.n;
import static dev.trident.support.dynamo.Attributes.s;

import dev.trident.keys.EntityType;
import dev.trident.keys.ItemKey;
import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.ShardMerge;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.cursor.InvalidCursorException;
import dev.trident.keys.expr.Condition;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.Expression;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.keys.expr.UpdateExpressionBuilder.UpdateExpression;
import dev.trident.support.dynamo.AccessPattern;
import dev.trident.support.dynamo.Attributes;
import dev.trident.support.paging.Cursors;
import dev.trident.workspace.model.Member;
import dev.trident.workspace.model.MemberRole;
import dev.trident.workspace.model.Project;
import dev.trident.workspace.model.ProjectChanges;
import dev.trident.workspace.model.Slice;
import dev.trident.workspace.model.Workspace;
import dev.trident.workspace.model.WorkspaceChanges;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * Every access pattern of the workspace domain, one method each. Conditional failures surface as
 * {@link ConditionNotMet} carrying the item as it was, so the service can tell 404 from 409 from 412.
 */
@ApplicationScoped
public class WorkspaceRepository {

    /** On META: how many members are owners, so that removing or demoting the last one can be refused atomically. */
    static final String OWNER_COUNT = "ownerCount";
    private static final String WS_ID = "wsId";
    private static final String DISPLAY_NAME = "displayName";
    private static final String REGION = "region";
    private static final String SEAT_LIMIT = "seatLimit";
    private static final String OWNER_ID = "ownerId";
    private static final String SHARDS = "shards";
    private static final String USER_ID = "userId";
    private static final String ROLE = "role";
    private static final String PROJECT_ID = "projectId";
    private static final String TITLE = "title";
    private static final String STATUS = "status";
    private static final String CREATED_BY = "createdBy";
    private static final String CREATED_BY_NAME = "createdByName";
    private static final String SEQ = "seq";

    /** Newest project first: project sort keys are time-ordered and fixed-width. */
    private static final Comparator<Map<String, AttributeValue>> NEWEST_PROJECT_FIRST =
            Comparator.comparing((Map<String, AttributeValue> item) -> item.get(TableSchema.SK).s()).reversed();
    /** Newest first on the status index; the GSI2 sort key starts with the fixed-width creation time. */
    private static final Comparator<Map<String, AttributeValue>> NEWEST_STATUS_ENTRY_FIRST =
            Comparator.comparing((Map<String, AttributeValue> item) -> item.get(TableSchema.GSI2SK).s()).reversed();

    // The access patterns, as named in the metrics (trident_dynamodb_requests_seconds{pattern=...}).
    private static final AccessPattern MEMBER = AccessPattern.named("member");
    private static final AccessPattern MEMBER_ROLE = AccessPattern.named("member-role");
    private static final AccessPattern WORKSPACE_MEMBERS = AccessPattern.named("workspace-members");
    private static final AccessPattern WORKSPACES_OF_USER = AccessPattern.named("workspaces-of-user");
    private static final AccessPattern MEMBER_PUT = AccessPattern.named("member-put");
    private static final AccessPattern MEMBER_REMOVE = AccessPattern.named("member-remove");
    private static final AccessPattern WORKSPACE_CREATE = AccessPattern.named("workspace-create");
    private static final AccessPattern WORKSPACE = AccessPattern.named("workspace");
    private static final AccessPattern WORKSPACE_STACK = AccessPattern.named("workspace-with-projects");
    private static final AccessPattern WORKSPACE_UPDATE = AccessPattern.named("workspace-update");
    private static final AccessPattern PROJECT_SEQUENCE = AccessPattern.named("project-sequence");
    private static final AccessPattern PROJECT_CREATE = AccessPattern.named("project-create");
    private static final AccessPattern PROJECT = AccessPattern.named("project");
    private static final AccessPattern WORKSPACE_PROJECTS = AccessPattern.named("workspace-projects");
    private static final AccessPattern PROJECTS_BY_STATUS = AccessPattern.named("projects-by-status");
    private static final AccessPattern PROJECT_UPDATE = AccessPattern.named("project-update");
    private static final AccessPattern PROJECT_DELETE = AccessPattern.named("project-delete");

    private final DynamoDbAsyncClient dynamo;
    private final String table;

    WorkspaceRepository(DynamoDbAsyncClient dynamo, TableDefinition table) {
        this.dynamo = dynamo;
        this.table = table.tableName();
    }

    /** Thrown when a write's condition fails; {@code current} is the item as stored, null when absent. */
    public static final class ConditionNotMet extends RuntimeException {
        private final transient Map<String, AttributeValue> current;

        ConditionNotMet(Map<String, AttributeValue> current) {
            super("condition not met", null, false, false);
            this.current = current == null || current.isEmpty() ? null : current;
        }

        public boolean itemExists() {
            return current != null;
        }

        public long currentVersion() {
            return Attributes.number(current, TableSchema.VERSION);
        }

        public Integer currentShards() {
            return Attributes.optionalInt(current, SHARDS);
        }
    }

    // Members

    /**
     * A member edge: GetItem {@code WS#<id>/MEMBER#<userId>} (strongly consistent, since a role change is decided on
     * it). Emits null when absent.
     */
    public Uni<Member> member(String wsId, String userId) {
        return call(() -> dynamo.getItem(r -> r.tableName(table)
                        .key(WorkspaceKeys.member(wsId, userId).toAttributes())
                        .consistentRead(true)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .overrideConfiguration(MEMBER.tag())))
                .map(response -> response.hasItem() && !response.item().isEmpty() ? toMember(response.item()) : null);
    }

    /**
     * A workspace's members in user id order: one Query {@code PK=WS#<id> AND begins_with(SK, MEMBER#)}, reading
     * {@code limit + 1} to know whether there is more. {@code startAfter} resumes; null = first page.
     */
    public Uni<Slice<Member>> workspaceMembers(String wsId, Map<String, String> startAfter, int limit) {
        return call(() -> dynamo.query(r -> r.tableName(table)
                        .keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                        .expressionAttributeNames(Map.of("#pk", TableSchema.PK, "#sk", TableSchema.SK))
                        .expressionAttributeValues(Map.of(":pk", s(WorkspaceKeys.workspacePartition(wsId)),
                                ":prefix", s(WorkspaceKeys.membersPrefix())))
                        .exclusiveStartKey(startAfter == null ? null : CursorState.keyAttributes(startAfter))
                        .limit(limit + 1)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .overrideConfiguration(WORKSPACE_MEMBERS.tag())))
                .map(response -> singlePartitionSlice(response.items(), limit, null, WorkspaceRepository::toMember));
    }

    /**
     * The workspaces a user belongs to, in workspace id order: one Query on GSI1
     * {@code GSI1PK=USER#<userId> AND begins_with(GSI1SK, WS#)}. Eventually consistent on DynamoDB.
     */
    public Uni<Slice<Member>> workspacesOfUser(String userId, Map<String, String> startAfter, int limit) {
        return call(() -> dynamo.query(r -> r.tableName(table)
                        .indexName(TableSchema.GSI1)
                        .keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                        .expressionAttributeNames(Map.of("#pk", TableSchema.GSI1PK, "#sk", TableSchema.GSI1SK))
                        .expressionAttributeValues(Map.of(":pk", s(WorkspaceKeys.userWorkspacesPartition(userId)),
                                ":prefix", s(WorkspaceKeys.workspacesOfUserPrefix())))
                        .exclusiveStartKey(startAfter == null ? null : CursorState.keyAttributes(startAfter))
                        .limit(limit + 1)
                        .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                        .overrideConfiguration(WORKSPACES_OF_USER.tag())))
                .map(response -> singlePartitionSlice(response.items(), limit, TableSchema.GSI1,
                        WorkspaceRepository::toMember));
    }

    /**
     * Add a member or change their role, given the edge as it was read ({@code before}, null when absent):
     * TransactWriteItems of the edge put, conditional on the edge still being as read ({@code attribute_not_exists}
     * or {@code role = :before}), and, when the owner count moves, an UpdateItem {@code ADD ownerCount ±1} on META
     * (a demotion conditional on {@code ownerCount > 1}). Both or neither: the count always equals the owner edges,
     * and the last owner cannot be demoted however requests interleave. A change within admin/member is the edge
     * put alone. Fails with {@link MembershipRefused}.
     */
    public Uni<Member> putMember(Member before, Member after) {
        Expression asRead = edgeAsRead(before);
        List<TransactWriteItem> writes = new ArrayList<>();
        writes.add(TransactWriteItem.builder().put(Put.builder().tableName(table).item(memberItem(after))
                .conditionExpression(asRead.expression())
                .expressionAttributeNames(asRead.namesOrNull())
                .expressionAttributeValues(asRead.valuesOrNull())
                .build()).build());
        int ownerDelta = ownerDelta(before == null ? null : before.role(), after.role());
        if (ownerDelta != 0) {
            writes.add(ownerCountChange(after.workspaceId(), ownerDelta));
        }
        return memberTransaction(MEMBER_PUT, writes).replaceWith(after);
    }

    /**
     * Remove a member, given the edge as read: TransactWriteItems of the edge delete, conditional on its role being
     * as read, and for an owner {@code ADD ownerCount -1} on META conditional on {@code ownerCount > 1}, so the last
     * owner is never removed. Fails with {@link MembershipRefused}.
     */
    public Uni<Void> removeMember(Member before) {
        Expression asRead = edgeAsRead(before);
        List<TransactWriteItem> writes = new ArrayList<>();
        writes.add(TransactWriteItem.builder().delete(Delete.builder().tableName(table)
                .key(WorkspaceKeys.member(before.workspaceId(), before.userId()).toAttributes())
                .conditionExpression(asRead.expression())
                .expressionAttributeNames(asRead.namesOrNull())
                .expressionAttributeValues(asRead.valuesOrNull())
                .build()).build());
        if (before.role() == MemberRole.OWNER) {
            writes.add(ownerCountChange(before.workspaceId(), -1));
        }
        return memberTransaction(MEMBER_REMOVE, writes).replaceWithVoid();
    }

    /** Why a membership write was refused: the edge changed since it was read, or the last owner would go. */
    public static final class MembershipRefused extends RuntimeException {
        private final boolean lastOwner;

        MembershipRefused(boolean lastOwner) {
            super(lastOwner ? "last owner" : "member changed concurrently", null, false, false);
            this.lastOwner = lastOwner;
        }

        public boolean lastOwner() {
            return lastOwner;
        }
    }

    private static int ownerDelta(MemberRole before, MemberRole after) {
        int was = before == MemberRole.OWNER ? 1 : 0;
        int is = after == MemberRole.OWNER ? 1 : 0;
        return is - was;
    }

    /** The edge's condition: absent when it was read absent, else still with the role it was read with. */
    private static Expression edgeAsRead(Member before) {
        return Conditions.render(before == null ? Conditions.ITEM_NOT_EXISTS
                : Conditions.equalTo(ROLE, s(before.role().value())));
    }

    /** {@code ADD ownerCount :delta} on META; a decrease only while more than one owner remains. */
    private TransactWriteItem ownerCountChange(String wsId, int delta) {
        String condition = "attribute_exists(#pk)" + (delta < 0 ? " AND #count > :one" : "");
        Map<String, AttributeValue> values = delta < 0 ? Map.of(":delta", n(delta), ":one", n(1))
                : Map.of(":delta", n(delta));
        return TransactWriteItem.builder().update(Update.builder().tableName(table)
                .key(WorkspaceKeys.workspace(wsId).toAttributes())
                .updateExpression("ADD #count :delta")
                .conditionExpression(condition)
                .expressionAttributeNames(Map.of("#pk", TableSchema.PK, "#count", OWNER_COUNT))
                .expressionAttributeValues(values)
                .build()).build();
    }

    /**
     * Runs a membership transaction. A conflict with another transaction on the same items is retried (the
     * conditions are evaluated again); a failed condition becomes {@link MembershipRefused}: on the edge (first
     * action) it changed concurrently, on META (second) the last owner would go; so does a conflict that outlasts
     * the retries.
     */
    private Uni<Void> memberTransaction(AccessPattern pattern, List<TransactWriteItem> writes) {
        return call(() -> dynamo.transactWriteItems(r -> r
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .overrideConfiguration(pattern.tag())
                        .transactItems(writes)))
                .onFailure(WorkspaceRepository::isTransactionConflict).retry()
                .withBackOff(Duration.ofMillis(20), Duration.ofMillis(200)).withJitter(0.5).atMost(8)
                .onFailure(TransactionCanceledException.class).transform(failure -> {
                    List<CancellationReason> reasons = ((TransactionCanceledException) failure).cancellationReasons();
                    for (int i = 0; i < reasons.size(); i++) {
                        if ("ConditionalCheckFailed".equals(reasons.get(i).code())) {
                            return new MembershipRefused(i == 1);
                        }
                    }
                    // Still conflicting after the retries: the client may retry as well.
                    return isTransactionConflict(failure) ? new MembershipRefused(false) : failure;
                })
                .replaceWithVoid();
    }

    private static boolean isTransactionConflict(Throwable failure) {
        return failure instanceof TransactionCanceledException cancelled
                && cancelled.cancellationReasons().stream().anyMatch(r -> "TransactionConflict".equals(r.code()));
    }

    // Workspaces

    /**
     * Create a workspace: TransactWriteItems of the META item and the creator's owner edge (member item, on
     * GSI1 as {@code USER#<ownerId>}), both {@code attribute_not_exists}, so a workspace never exists without
     * its first owner. Fails with {@link ConditionNotMet} (current = the stored META) when the id is taken.
     */
    public Uni<Workspace> createWorkspace(Workspace workspace) {
        Expression notExists = Conditions.render(Conditions.ITEM_NOT_EXISTS);
        Map<String, AttributeValue> meta = workspaceItem(workspace);

        Map<String, AttributeValue> owner = memberItem(
                new Member(workspace.id(), workspace.ownerId(), MemberRole.OWNER, 1, workspace.createdAt(),
                        workspace.updatedAt()));

        return call(() -> dynamo.transactWriteItems(r -> r
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .overrideConfiguration(WORKSPACE_CREATE.tag())
                        .transactItems(conditionalPut(meta, notExists), conditionalPut(owner, notExists))))
                .onFailure(TransactionCanceledException.class).transform(WorkspaceRepository::cancelledTransaction)
                .replaceWith(workspace);
    }

    /**
     * The caller's membership: GetItem of the member edge {@code WS#<id>/MEMBER#<userId>}, projected to its role.
     * Emits null when the user is not a member (or the workspace does not exist).
     */
    public Uni<MemberRole> memberRole(String wsId, String userId) {
        return call(() -> dynamo.getItem(r -> r.tableName(table)
                        .key(WorkspaceKeys.member(wsId, userId).toAttributes())
                        .projectionExpression("#role")
                        .expressionAttributeNames(Map.of("#role", ROLE))
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .overrideConfiguration(MEMBER_ROLE.tag())))
                .map(response -> response.hasItem() && !response.item().isEmpty()
                        ? MemberRole.parse(ROLE, Attributes.string(response.item(), ROLE)) : null);
    }

    /** Workspace settings: GetItem {@code SK=META}. Emits null when absent. */
    public Uni<Workspace> workspace(String wsId) {
        return call(() -> dynamo.getItem(r -> r.tableName(table)
                        .key(WorkspaceKeys.workspace(wsId).toAttributes())
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .overrideConfiguration(WORKSPACE.tag())))
                .map(response -> response.hasItem() && !response.item().isEmpty() ? toWorkspace(response.item()) : null);
    }

    /**
     * The whole stack of an unsharded workspace, settings then projects in key order (oldest first): ONE Query
     * {@code PK=WS#<id> AND SK BETWEEN META AND PROJSEQ#}. In that partition {@code MEMBER#} sorts below
     * {@code META} and the sequence items ({@code PROJSEQ#<yyyy>}) above every {@code PROJ#}, so the range holds
     * exactly the META item and the projects. The first page (no start key) reads one more item for META.
     */
    public Uni<WorkspaceStack> workspaceStack(String wsId, Map<String, String> startAfter, int limit) {
        boolean firstPage = startAfter == null || startAfter.isEmpty();
        return call(() -> dynamo.query(r -> r.tableName(table)
                        .keyConditionExpression("#pk = :pk AND #sk BETWEEN :from AND :to")
                        .expressionAttributeNames(Map.of("#pk", TableSchema.PK, "#sk", TableSchema.SK))
                        .expressionAttributeValues(Map.of(":pk", s(WorkspaceKeys.workspacePartition(wsId)),
                                ":from", s(WorkspaceKeys.META), ":to", s(WorkspaceKeys.SEQUENCE_PREFIX)))
                        .exclusiveStartKey(firstPage ? null : CursorState.keyAttributes(startAfter))
                        .limit(limit + (firstPage ? 2 : 1))
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .overrideConfiguration(WORKSPACE_STACK.tag())))
                .map(response -> {
                    Workspace workspace = null;
                    List<Map<String, AttributeValue>> projects = new ArrayList<>();
                    for (Map<String, AttributeValue> item : response.items()) {
                        if (WorkspaceKeys.META.equals(item.get(TableSchema.SK).s())) {
                            workspace = toWorkspace(item);
                        } else {
                            projects.add(item);
                        }
                    }
                    return new WorkspaceStack(workspace,
                            singlePartitionSlice(projects, limit, null, WorkspaceRepository::toProject));
                });
    }

    /** A page of the whole stack: the settings (first page only) and the projects. */
    public record WorkspaceStack(Workspace workspace, Slice<Project> projects) {
    }

    /**
     * Update settings: UpdateItem on META, conditional on existence, on {@code version} when given, and on
     * {@code shards} being the stored value when the caller sent one (it is immutable). Returns ALL_NEW.
     */
    public Uni<Workspace> updateWorkspace(String wsId, WorkspaceChanges changes, Long expectedVersion, String now) {
        UpdateExpressionBuilder update = new UpdateExpressionBuilder()
                .set(TableSchema.UPDATED_AT, s(now))
                .add(TableSchema.VERSION, 1)
                .condition(Conditions.ITEM_EXISTS);
        if (changes.displayName() != null) {
            update.set(DISPLAY_NAME, s(changes.displayName()));
        }
        if (changes.region() != null) {
            update.set(REGION, s(changes.region()));
        }
        if (changes.seatLimit() != null) {
            update.set(SEAT_LIMIT, n(changes.seatLimit()));
        }
        if (changes.shards() != null) {
            update.condition(Conditions.equalTo(SHARDS, n(changes.shards())));
        }
        if (expectedVersion != null) {
            update.condition(Conditions.versionEquals(expectedVersion));
        }
        return conditionalUpdate(WORKSPACE_UPDATE, WorkspaceKeys.workspace(wsId), update.build()).map(WorkspaceRepository::toWorkspace);
    }

    // Projects

    /**
     * Allocate the next project number of a workspace and year: UpdateItem {@code ADD seq 1} on
     * {@code WS#<id>/PROJSEQ#<yyyy>} returning UPDATED_NEW. Atomic, so concurrent callers never get the same number.
     */
    public Uni<Long> allocateProjectSequence(String wsId, int year, String now) {
        UpdateExpression update = new UpdateExpressionBuilder()
                .add(SEQ, 1)
                .setIfNotExists(TableSchema.TYPE, EntityType.PROJECT_SEQUENCE.typeAttribute())
                .setIfNotExists(TableSchema.CREATED_AT, s(now))
                .set(TableSchema.UPDATED_AT, s(now))
                .build();
        return call(() -> dynamo.updateItem(r -> r.tableName(table)
                        .key(WorkspaceKeys.projectSequence(wsId, year).toAttributes())
                        .updateExpression(update.updateExpression())
                        .expressionAttributeNames(update.names())
                        .expressionAttributeValues(update.valuesOrNull())
                        .returnValues(ReturnValue.UPDATED_NEW)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .overrideConfiguration(PROJECT_SEQUENCE.tag())))
                .map(response -> Attributes.number(response.attributes(), SEQ));
    }

    /**
     * Create a project: PutItem {@code attribute_not_exists(PK)} on its shard partition, with its GSI2 status key.
     * The SDK re-sends a PutItem whose answer was lost; if the lost attempt was written, the re-sent one fails its
     * condition on exactly the item it wrote (ALL_OLD), which is this create succeeding, not a taken id.
     */
    public Uni<Project> createProject(Project project, int shards) {
        Expression notExists = Conditions.render(Conditions.ITEM_NOT_EXISTS);
        Map<String, AttributeValue> item = projectItem(project, shards);
        return call(() -> dynamo.putItem(r -> r.tableName(table)
                        .item(item)
                        .conditionExpression(notExists.expression())
                        .expressionAttributeNames(notExists.namesOrNull())
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .overrideConfiguration(PROJECT_CREATE.tag())))
                .replaceWith(project)
                .onFailure(ConditionalCheckFailedException.class).recoverWithUni(failure ->
                        item.equals(((ConditionalCheckFailedException) failure).item())
                                ? Uni.createFrom().item(project)
                                : Uni.createFrom().failure(conditionNotMet(failure)));
    }

    /** One project: GetItem on the shard partition derived from the project id. Emits null when absent. */
    public Uni<Project> project(String wsId, int shards, ProjectId projectId) {
        return call(() -> dynamo.getItem(r -> r.tableName(table)
                        .key(WorkspaceKeys.project(wsId, shards, projectId).toAttributes())
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .overrideConfiguration(PROJECT.tag())))
                .map(response -> response.hasItem() && !response.item().isEmpty() ? toProject(response.item()) : null);
    }

    /**
     * A workspace's projects, newest first: one Query {@code begins_with PROJ#} descending per shard partition, in
     * parallel, merged by sort key, each for its share of the page (see {@link #mergedQuery}); a shard that runs out
     * before the page is full is read again. {@code positions} (label = shard number) resumes each shard; null =
     * first page.
     */
    public Uni<Slice<Project>> workspaceProjects(String wsId, int shards, Map<String, Map<String, String>> positions,
            int limit) {
        Map<String, ShardQuery> shardQueries = new LinkedHashMap<>();
        for (int shard = 0; shard < shards; shard++) {
            String partition = WorkspaceKeys.projectPartition(wsId, shard, shards);
            shardQueries.put(Integer.toString(shard), (startKey, readLimit) -> QueryRequest.builder().tableName(table)
                    .keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                    .expressionAttributeNames(Map.of("#pk", TableSchema.PK, "#sk", TableSchema.SK))
                    .expressionAttributeValues(Map.of(":pk", s(partition), ":prefix", s(WorkspaceKeys.projectsPrefix())))
                    .scanIndexForward(false)
                    .exclusiveStartKey(startKey)
                    .limit(readLimit)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                    .overrideConfiguration(WORKSPACE_PROJECTS.tag())
                    .build());
        }
        return mergedQuery(shardQueries, positions, limit, null, NEWEST_PROJECT_FIRST);
    }

    /**
     * Projects of one status across all workspaces, newest first: one Query on GSI2 per write shard
     * {@code PROJSTATUS#<status>#<n>} (n = 0..3), descending, in parallel, merged by GSI2SK, each for its share of
     * the page (see {@link #mergedQuery}). Eventually consistent.
     */
    public Uni<Slice<Project>> projectsByStatus(ProjectStatus status, Map<String, Map<String, String>> positions,
            int limit) {
        Map<String, ShardQuery> shardQueries = new LinkedHashMap<>();
        for (int n = 0; n < WorkspaceKeys.PROJECT_STATUS_SHARDS; n++) {
            String partition = WorkspaceKeys.projectStatusPartition(status, n);
            shardQueries.put(Integer.toString(n), (startKey, readLimit) -> QueryRequest.builder().tableName(table)
                    .indexName(TableSchema.GSI2)
                    .keyConditionExpression("#pk = :pk")
                    .expressionAttributeNames(Map.of("#pk", TableSchema.GSI2PK))
                    .expressionAttributeValues(Map.of(":pk", s(partition)))
                    .scanIndexForward(false)
                    .exclusiveStartKey(startKey)
                    .limit(readLimit)
                    .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                    .overrideConfiguration(PROJECTS_BY_STATUS.tag())
                    .build());
        }
        return mergedQuery(shardQueries, positions, limit, TableSchema.GSI2, NEWEST_STATUS_ENTRY_FIRST);
    }

    /**
     * Update a project: UpdateItem conditional on existence (and version when given). A status change rewrites
     * GSI2PK to the new status partition; GSI2SK (creation time, workspace, id) and the write shard stay, so the
     * project moves between status partitions in the same write. Returns ALL_NEW.
     */
    public Uni<Project> updateProject(String wsId, int shards, ProjectId projectId, ProjectChanges changes,
            Long expectedVersion, String now) {
        UpdateExpressionBuilder update = new UpdateExpressionBuilder()
                .set(TableSchema.UPDATED_AT, s(now))
                .add(TableSchema.VERSION, 1)
                .condition(Conditions.ITEM_EXISTS);
        if (changes.title() != null) {
            update.set(TITLE, s(changes.title()));
        }
        if (changes.status() != null) {
            update.set(STATUS, s(changes.status().name()));
            update.set(TableSchema.GSI2PK, s(WorkspaceKeys.projectStatusPartition(changes.status(),
                    WorkspaceKeys.projectStatusShard(wsId, projectId))));
        }
        if (expectedVersion != null) {
            update.condition(Conditions.versionEquals(expectedVersion));
        }
        return conditionalUpdate(PROJECT_UPDATE, WorkspaceKeys.project(wsId, shards, projectId), update.build())
                .map(WorkspaceRepository::toProject);
    }

    /** Delete a project: DeleteItem conditional on existence (and version when given). */
    public Uni<Void> deleteProject(String wsId, int shards, ProjectId projectId, Long expectedVersion) {
        Condition condition = expectedVersion == null ? Conditions.ITEM_EXISTS
                : Conditions.and(Conditions.ITEM_EXISTS, Conditions.versionEquals(expectedVersion));
        Expression rendered = Conditions.render(condition);
        return call(() -> dynamo.deleteItem(r -> r.tableName(table)
                        .key(WorkspaceKeys.project(wsId, shards, projectId).toAttributes())
                        .conditionExpression(rendered.expression())
                        .expressionAttributeNames(rendered.namesOrNull())
                        .expressionAttributeValues(rendered.valuesOrNull())
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                        .overrideConfiguration(PROJECT_DELETE.tag())))
                .onFailure(ConditionalCheckFailedException.class).transform(WorkspaceRepository::conditionNotMet)
                .replaceWithVoid();
    }

    // Item shapes

    /** The stored form of a workspace's settings (META); shared with tests that write items directly. */
    public static Map<String, AttributeValue> workspaceItem(Workspace workspace) {
        Map<String, AttributeValue> item = new HashMap<>(WorkspaceKeys.workspace(workspace.id()).toAttributes());
        item.put(TableSchema.TYPE, EntityType.WORKSPACE.typeAttribute());
        item.put(WS_ID, s(workspace.id()));
        item.put(DISPLAY_NAME, s(workspace.displayName()));
        item.put(REGION, s(workspace.region()));
        item.put(SEAT_LIMIT, n(workspace.seatLimit()));
        item.put(OWNER_ID, s(workspace.ownerId()));
        item.put(SHARDS, n(workspace.shards()));
        item.put(OWNER_COUNT, n(1));
        putAudit(item, workspace.version(), workspace.createdAt(), workspace.updatedAt());
        return item;
    }

    /**
     * The stored form of a member edge {@code WS#<id>/MEMBER#<userId>}, inverted on GSI1 as
     * {@code USER#<userId>/WS#<id>}; shared with tests that write items directly.
     */
    public static Map<String, AttributeValue> memberItem(Member member) {
        Map<String, AttributeValue> item = new HashMap<>(
                WorkspaceKeys.member(member.workspaceId(), member.userId()).toAttributes());
        item.putAll(WorkspaceKeys.memberIndex(member.userId(), member.workspaceId()).toAttributes());
        item.put(TableSchema.TYPE, EntityType.MEMBER.typeAttribute());
        item.put(WS_ID, s(member.workspaceId()));
        item.put(USER_ID, s(member.userId()));
        item.put(ROLE, s(member.role().value()));
        putAudit(item, member.version(), member.createdAt(), member.updatedAt());
        return item;
    }

    /** The stored form of a project; shared with tests that load large data sets with BatchWriteItem. */
    public static Map<String, AttributeValue> projectItem(Project project, int shards) {
        Map<String, AttributeValue> item = new HashMap<>(
                WorkspaceKeys.project(project.workspaceId(), shards, project.id()).toAttributes());
        item.putAll(WorkspaceKeys.projectStatusIndex(project.status(), Instant.parse(project.createdAt()),
                project.workspaceId(), project.id()).toAttributes());
        item.put(TableSchema.TYPE, EntityType.PROJECT.typeAttribute());
        item.put(WS_ID, s(project.workspaceId()));
        item.put(PROJECT_ID, s(project.id().toString()));
        item.put(TITLE, s(project.title()));
        item.put(STATUS, s(project.status().name()));
        item.put(CREATED_BY, s(project.createdBy()));
        if (project.createdByName() != null) {
            item.put(CREATED_BY_NAME, s(project.createdByName()));
        }
        putAudit(item, project.version(), project.createdAt(), project.updatedAt());
        return item;
    }

    private static Workspace toWorkspace(Map<String, AttributeValue> item) {
        return new Workspace(Attributes.string(item, WS_ID), Attributes.string(item, DISPLAY_NAME),
                Attributes.string(item, REGION), (int) Attributes.number(item, SEAT_LIMIT),
                Attributes.string(item, OWNER_ID), (int) Attributes.number(item, SHARDS),
                Attributes.number(item, TableSchema.VERSION), Attributes.string(item, TableSchema.CREATED_AT),
                Attributes.string(item, TableSchema.UPDATED_AT));
    }

    private static Member toMember(Map<String, AttributeValue> item) {
        return new Member(Attributes.string(item, WS_ID), Attributes.string(item, USER_ID),
                MemberRole.parse(ROLE, Attributes.string(item, ROLE)), Attributes.number(item, TableSchema.VERSION),
                Attributes.string(item, TableSchema.CREATED_AT), Attributes.string(item, TableSchema.UPDATED_AT));
    }

    private static Project toProject(Map<String, AttributeValue> item) {
        return new Project(Attributes.string(item, WS_ID), WorkspaceKeys.parseProjectSk(item.get(TableSchema.SK).s()),
                Attributes.string(item, TITLE), ProjectStatus.valueOf(Attributes.string(item, STATUS)),
                Attributes.string(item, CREATED_BY), Attributes.string(item, CREATED_BY_NAME),
                Attributes.number(item, TableSchema.VERSION),
                Attributes.string(item, TableSchema.CREATED_AT), Attributes.string(item, TableSchema.UPDATED_AT));
    }

    private static void putAudit(Map<String, AttributeValue> item, long version, String createdAt, String updatedAt) {
        item.put(TableSchema.VERSION, n(version));
        item.put(TableSchema.CREATED_AT, s(createdAt));
        item.put(TableSchema.UPDATED_AT, s(updatedAt));
    }

    // Mechanics

    /** The Query of one partition, from an exclusive start key (null: the beginning), with a Limit. */
    @FunctionalInterface
    private interface ShardQuery {
        QueryRequest from(Map<String, AttributeValue> startKey, int limit);
    }

    /**
     * One page merged from several partitions in {@code order}, at most {@code limit} items ({@link ShardMerge}): a
     * first round of one Query per open partition in parallel, each with a Limit of about its share of the page
     * ({@code limit / partitions} plus a margin), then, only while the page is not full, one more Query of each
     * partition that ran out of read items and may hold more, for its share of what is still needed. The page is
     * exactly the items a single ordered list would give; each open partition's position (after its last item
     * taken) goes into the next cursor, so only items read and not taken are read again.
     */
    private Uni<Slice<Project>> mergedQuery(Map<String, ShardQuery> queries, Map<String, Map<String, String>> positions,
            int limit, String indexName, Comparator<Map<String, AttributeValue>> order) {
        if (positions != null && !queries.keySet().containsAll(positions.keySet())) {
            throw new InvalidCursorException("cursor does not fit this listing");
        }
        Map<String, Map<String, String>> open = new LinkedHashMap<>();
        for (String label : queries.keySet()) {
            if (positions == null) {
                open.put(label, Map.of());
            } else if (positions.containsKey(label)) {
                open.put(label, positions.get(label)); // a partition absent from the cursor was exhausted
            }
        }
        if (open.isEmpty()) {
            return Uni.createFrom().item(new Slice<>(List.of(), Map.of()));
        }
        ShardMerge<Map<String, AttributeValue>> page = ShardMerge.page(open, order,
                item -> CursorState.keyStrings(Cursors.keyOf(item, indexName)), limit);
        return readUntilComplete(page, queries).map(merged -> new Slice<>(
                merged.items().stream().map(WorkspaceRepository::toProject).toList(), merged.openPositions()));
    }

    /** Sends the merge's reads, a round at a time (each round's Queries in parallel), until the page is complete. */
    private Uni<ShardMerge.Result<Map<String, AttributeValue>>> readUntilComplete(
            ShardMerge<Map<String, AttributeValue>> page, Map<String, ShardQuery> queries) {
        List<ShardMerge.Read> reads = page.nextReads();
        if (reads.isEmpty()) {
            return Uni.createFrom().item(page.result());
        }
        List<Uni<QueryResponse>> round = new ArrayList<>(reads.size());
        for (ShardMerge.Read read : reads) {
            QueryRequest request = queries.get(read.label()).from(
                    read.startAfter().isEmpty() ? null : CursorState.keyAttributes(read.startAfter()), read.limit());
            round.add(call(() -> dynamo.query(request)));
        }
        return Uni.join().all(round).andFailFast().chain(responses -> {
            for (int i = 0; i < reads.size(); i++) {
                QueryResponse response = responses.get(i);
                Map<String, String> last = response.hasLastEvaluatedKey() && !response.lastEvaluatedKey().isEmpty()
                        ? CursorState.keyStrings(response.lastEvaluatedKey()) : null;
                page.accept(reads.get(i).label(), response.items(), last);
            }
            return readUntilComplete(page, queries);
        });
    }

    /** A single-partition page from a Query of {@code limit + 1}: the extra item only proves there is more. */
    private static <T> Slice<T> singlePartitionSlice(List<Map<String, AttributeValue>> items, int limit,
            String indexName, Function<Map<String, AttributeValue>, T> mapper) {
        if (items.size() <= limit) {
            return new Slice<>(items.stream().map(mapper).toList(), Map.of());
        }
        List<Map<String, AttributeValue>> taken = items.subList(0, limit);
        Map<String, String> resume = CursorState.keyStrings(Cursors.keyOf(taken.get(limit - 1), indexName));
        return new Slice<>(taken.stream().map(mapper).toList(), Map.of(CursorState.SINGLE, resume));
    }

    private Uni<Map<String, AttributeValue>> conditionalUpdate(AccessPattern pattern, ItemKey key,
            UpdateExpression update) {
        return call(() -> dynamo.updateItem(r -> r.tableName(table)
                        .overrideConfiguration(pattern.tag())
                        .key(key.toAttributes())
                        .updateExpression(update.updateExpression())
                        .conditionExpression(update.conditionExpression())
                        .expressionAttributeNames(update.names())
                        .expressionAttributeValues(update.valuesOrNull())
                        .returnValues(ReturnValue.ALL_NEW)
                        .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                        .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)))
                .onFailure(ConditionalCheckFailedException.class).transform(WorkspaceRepository::conditionNotMet)
                .map(response -> response.attributes());
    }

    private TransactWriteItem conditionalPut(Map<String, AttributeValue> item, Expression condition) {
        return TransactWriteItem.builder().put(Put.builder().tableName(table).item(item)
                .conditionExpression(condition.expression())
                .expressionAttributeNames(condition.namesOrNull())
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD)
                .build()).build();
    }

    private static Throwable conditionNotMet(Throwable failure) {
        return new ConditionNotMet(((ConditionalCheckFailedException) failure).item());
    }

    /** The META put (first action) failing its condition means the id is taken; anything else is unexpected. */
    private static Throwable cancelledTransaction(Throwable failure) {
        List<CancellationReason> reasons = ((TransactionCanceledException) failure).cancellationReasons();
        if (!reasons.isEmpty() && "ConditionalCheckFailed".equals(reasons.get(0).code())) {
            return new ConditionNotMet(reasons.get(0).item());
        }
        return failure;
    }

    /** Wraps an SDK call lazily (a resubscription re-sends) and unwraps CompletionException. */
    private static <T> Uni<T> call(Supplier<CompletionStage<T>> request) {
        return Uni.createFrom().completionStage(request)
                .onFailure(CompletionException.class).transform(Throwable::getCause);
    }
}
