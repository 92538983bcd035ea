package dev.trident.workspace.repository;

import static dev.trident.workspace.repository.WorkspaceEntities.DISPLAY_NAME;
import static dev.trident.workspace.repository.WorkspaceEntities.MEMBER;
import static dev.trident.workspace.repository.WorkspaceEntities.REGION;
import static dev.trident.workspace.repository.WorkspaceEntities.SEAT_LIMIT;
import static dev.trident.workspace.repository.WorkspaceEntities.SHARDS;
import static dev.trident.workspace.repository.WorkspaceEntities.WORKSPACE;

import dev.trident.keys.WorkspaceKeys;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.support.dynamo.AccessPattern;
import dev.trident.support.dynamo.Consistency;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.workspace.model.Member;
import dev.trident.workspace.model.MemberRole;
import dev.trident.workspace.model.Workspace;
import dev.trident.workspace.model.WorkspaceChanges;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

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

    // The access patterns, as named in the metrics (trident_dynamodb_requests_seconds{pattern=...}).
    private static final AccessPattern WORKSPACE_CREATE = AccessPattern.named("workspace-create");
    private static final AccessPattern WORKSPACE_READ = AccessPattern.named("workspace");
    private static final AccessPattern WORKSPACE_UPDATE = AccessPattern.named("workspace-update");

    private final DynamoTable table;

    WorkspaceRepository(DynamoTable table) {
        this.table = table;
    }

    /**
     * Create a workspace: one TransactWriteItems of the META item ({@code ownerCount = 1}, {@code memberCount = 1}:
     * the creator takes a seat) and the creator's owner
     * edge (member item, on GSI1 as {@code USER#<ownerId>}), both {@code attribute_not_exists(PK)}, so a workspace
     * never exists without its first owner. Refused as {@link #NEW_WORKSPACE} (or {@link #FIRST_OWNER}).
     * {@code alongside} adds its writes to the same transaction (an idempotency record; {@link Transaction.Part#NONE}
     * adds nothing).
     */
    public Uni<Workspace> createWorkspace(Workspace workspace, Transaction.Part alongside) {
        Member owner = new Member(workspace.id(), workspace.ownerId(), MemberRole.OWNER, 1, workspace.createdAt(),
                workspace.updatedAt());
        return table.transact(WORKSPACE_CREATE, Transaction.of()
                        .create(NEW_WORKSPACE, WORKSPACE.toItem(workspace))
                        .create(FIRST_OWNER, MEMBER.toItem(owner))
                        .include(alongside))
                .replaceWith(workspace);
    }

    /**
     * Workspace settings: one GetItem {@code WS#<id>/META}, strongly consistent (it carries the ETag a client sends
     * back in If-Match). Emits null when absent.
     */
    public Uni<Workspace> workspace(String wsId) {
        return table.get(WORKSPACE_READ, WORKSPACE, WorkspaceKeys.workspace(wsId), Consistency.STRONG);
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
            update.condition(Conditions.equalTo(SHARDS.name(), SHARDS.encode(changes.shards())));
        }
        return table.update(WORKSPACE_UPDATE, WORKSPACE_CHANGE, WorkspaceKeys.workspace(wsId),
                WorkspaceQueries.versionedChange(update, expectedVersion, now)).map(WORKSPACE::fromItem);
    }

    /** The settings a refused {@link #WORKSPACE_CHANGE} met (version, shards); null when the workspace is gone. */
    public static Workspace found(WriteRefused refused) {
        return WORKSPACE.fromItem(refused.currentItem(WORKSPACE_CHANGE));
    }
}
