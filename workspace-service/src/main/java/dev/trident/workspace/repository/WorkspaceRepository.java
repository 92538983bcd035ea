package dev.trident.workspace.repository;

import static dev.trident.keys.entity.StandardAttributes.CREATED_AT;
import static dev.trident.workspace.repository.WorkspaceEntities.DISPLAY_NAME;
import static dev.trident.workspace.repository.WorkspaceEntities.MEMBER;
import static dev.trident.workspace.repository.WorkspaceEntities.REGION;
import static dev.trident.workspace.repository.WorkspaceEntities.SEAT_LIMIT;
import static dev.trident.workspace.repository.WorkspaceEntities.SHARDS;
import static dev.trident.workspace.repository.WorkspaceEntities.WORKSPACE;

import dev.trident.keys.ItemKey;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.keys.expr.Condition;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.VersionedChange;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.erasure.ErasureRecords;
import dev.trident.workspace.model.Member;
import dev.trident.workspace.model.MemberRole;
import dev.trident.workspace.model.Workspace;
import dev.trident.workspace.model.WorkspaceChanges;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;

/** Workspaces: the settings item (META), created with its first owner (who takes the first seat). */
@ApplicationScoped
public class WorkspaceRepository {

    // The actions whose conditions can refuse a write, as WriteRefused names them.
    /** The workspace to create exists already. */
    public static final String NEW_WORKSPACE = "new-workspace";
    /** The creator's owner edge of the workspace to create exists already. */
    public static final String FIRST_OWNER = "first-owner";
    /**
     * The settings to change: gone ({@code itemExists() == false}), at another version, or holding another shard
     * count than the one sent.
     */
    public static final String WORKSPACE_CHANGE = "workspace";
    /** The workspace a write was decided on has ended (deleted, or deleted and created again) since it was read. */
    public static final String SAME_WORKSPACE = "same-workspace";

    /** A read of two items: unprocessed keys are not expected, and must still fit the request's time. */
    private static final Duration ACCESS_BUDGET = Duration.ofMillis(500);

    private final DynamoTable table;

    WorkspaceRepository(DynamoTable table) {
        this.table = table;
    }

    /**
     * Create a workspace: one TransactWriteItems of the META item ({@code ownerCount = 1}, {@code memberCount = 1}:
     * the creator takes a seat) and the creator's owner
     * edge (member item, on GSI1 as {@code USER#<ownerId>}), both {@code attribute_not_exists(PK)}, so a workspace
     * never exists without its first owner. Refused as {@link #NEW_WORKSPACE} (or {@link #FIRST_OWNER}).
     * {@code alongside} adds its actions to the same transaction (the check that no deletion of the id is running).
     */
    public Uni<Workspace> createWorkspace(Workspace workspace, Transaction.Part alongside) {
        Member owner = new Member(workspace.id(), workspace.ownerId(), MemberRole.OWNER, 1, workspace.createdAt(),
                workspace.updatedAt());
        return table.transact(WorkspaceKeys.WORKSPACE_CREATE, Transaction.of()
                        .create(NEW_WORKSPACE, WORKSPACE, workspace)
                        .create(FIRST_OWNER, MEMBER.toItem(owner))
                        .include(ErasureRecords.noErasureRunning(workspace.ownerId()))
                        .include(alongside))
                .replaceWith(workspace);
    }

    /** A workspace's settings and one user's member edge, read together; either may be null. */
    public record WorkspaceAccess(Workspace workspace, Member member) {
    }

    /**
     * The settings and the caller's member edge in one round trip: BatchGetItem of {@code WS#<id>/META} and
     * {@code WS#<id>/MEMBER#<userId>}, strongly consistent. Every workspace route decides on both: a member edge
     * alone would still admit its holder while the workspace is being deleted, and META carries the shard count,
     * read afresh each time so that no layout remembered from an earlier life of the id is ever used.
     */
    public Uni<WorkspaceAccess> workspaceAccess(String wsId, String userId) {
        ItemKey meta = WorkspaceKeys.workspace(wsId);
        return table.batchGet(WorkspaceKeys.WORKSPACE_ACCESS, List.of(meta, WorkspaceKeys.member(wsId, userId)),
                2, ACCESS_BUDGET)
                .map(items -> new WorkspaceAccess(WORKSPACE.firstIn(items), MEMBER.firstIn(items)));
    }

    /**
     * For a write decided on {@code workspace} as read: a ConditionCheck, named {@link #SAME_WORKSPACE}, that META
     * is still that life of the id with that layout (same createdAt, same shard count).
     */
    public static Transaction.Part sameWorkspace(Workspace workspace) {
        Condition same = Conditions.and(Conditions.ITEM_EXISTS,
                Conditions.equalTo(CREATED_AT, workspace.createdAt()),
                Conditions.equalTo(SHARDS, workspace.shards()));
        return transaction -> transaction.check(SAME_WORKSPACE, WorkspaceKeys.workspace(workspace.id()), same);
    }

    /**
     * Change settings: one UpdateItem on META, conditioned on {@code attribute_exists(PK)}, on {@code version} when
     * given (If-Match), and on {@code shards} being the stored value when the caller sent one (it is immutable);
     * bumps version and updatedAt. Emits the settings after the change. Refused as {@link #WORKSPACE_CHANGE}, with the
     * item it met (none: the workspace is gone).
     */
    public Uni<Workspace> updateWorkspace(String wsId, WorkspaceChanges changes, Long expectedVersion, String now) {
        UpdateExpressionBuilder update = new UpdateExpressionBuilder()
                .setIfGiven(DISPLAY_NAME, changes.displayName())
                .setIfGiven(REGION, changes.region())
                .setIfGiven(SEAT_LIMIT, changes.seatLimit());
        if (changes.shards() != null) {
            update.condition(Conditions.equalTo(SHARDS, changes.shards()));
        }
        return table.update(WorkspaceKeys.WORKSPACE_UPDATE, WORKSPACE_CHANGE, WorkspaceKeys.workspace(wsId),
                VersionedChange.of(update, expectedVersion, now)).map(WORKSPACE::fromItem);
    }

    /** The settings a refused {@link #WORKSPACE_CHANGE} met (version, shards); null when the workspace is gone. */
    public static Workspace found(WriteRefused refused) {
        return refused.current(WORKSPACE_CHANGE, WORKSPACE);
    }
}
