package dev.trident.workspace.repository;

import static dev.trident.keys.TableSchema.PK;
import static dev.trident.keys.TableSchema.SK;
import static dev.trident.keys.entity.StandardAttributes.UPDATED_AT;
import static dev.trident.keys.entity.StandardAttributes.VERSION;
import static dev.trident.workspace.repository.WorkspaceEntities.CREATED_BY;
import static dev.trident.workspace.repository.WorkspaceEntities.CREATED_BY_NAME;
import static dev.trident.workspace.repository.WorkspaceEntities.MEMBER;
import static dev.trident.workspace.repository.WorkspaceEntities.MEMBER_COUNT;
import static dev.trident.workspace.repository.WorkspaceEntities.OWNER_ID;
import static dev.trident.workspace.repository.WorkspaceEntities.SHARDS;

import dev.trident.keys.ItemKey;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.keys.expr.Condition;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.KeyQuery;
import dev.trident.support.dynamo.PageKey;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.workspace.model.Member;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * What erasing an account's memberships and deleting a workspace read and write: the account's workspaces (GSI1),
 * a workspace's members, its projects on every shard, and the whole of its partitions.
 */
@ApplicationScoped
public class WorkspaceErasureRepository {

    /** The workspace to delete is not there. */
    public static final String DELETED_WORKSPACE = "deleted-workspace";
    private static final String ANONYMISED_PROJECT = "anonymised-project";

    /** Items read (and deleted) at once. */
    public static final int PAGE = 100;

    private final DynamoTable table;

    WorkspaceErasureRepository(DynamoTable table) {
        this.table = table;
    }

    /** A page of the workspaces an account belongs to, and where the next page starts (null: none). */
    public record WorkspacePage(List<String> workspaceIds, PageKey next) {
    }

    /**
     * The ids of the workspaces {@code userId} belongs to, {@link #PAGE} after {@code after} (null: from the first):
     * one Query on GSI1 {@code GSI1PK = USER#<id> AND begins_with(GSI1SK, WS#)}, eventually consistent. Pages go on
     * from where the last one stopped: a membership just removed may linger in the index for a moment.
     */
    public Uni<WorkspacePage> workspacesOf(String userId, PageKey after) {
        return table.query(KeyQuery.of(WorkspaceKeys.ERASURE_MEMBERSHIPS).limit(PAGE)
                .in(WorkspaceKeys.userWorkspacesPartition(userId)).after(after))
                .map(page -> new WorkspacePage(page.items().stream().map(item -> MEMBER.fromItem(item).workspaceId())
                        .toList(), page.next()));
    }

    /**
     * Every member edge of a workspace, a page of {@link #PAGE} at a time (the next asked for when the last is dealt
     * with): Query {@code begins_with(SK, MEMBER#)}, strongly consistent.
     */
    public Multi<List<Member>> memberPages(String wsId) {
        return table.pages(KeyQuery.of(WorkspaceKeys.ERASURE_MEMBERS).limit(PAGE)
                .in(WorkspaceKeys.workspacePartition(wsId)))
                .map(page -> page.items().stream().map(MEMBER::fromItem).toList());
    }

    /** The workspace's shard count from META (strongly consistent); null when META is gone. */
    public Uni<Integer> shards(String wsId) {
        return table.get(WorkspaceKeys.ERASURE_WORKSPACE_META, WorkspaceKeys.workspace(wsId))
                .map(item -> item == null ? null : SHARDS.read(item, 1));
    }

    /**
     * The keys of the projects {@code userId} created in one shard of a workspace, a page at a time: Query
     * {@code begins_with(SK, PROJ#)} filtered on {@code createdBy}, {@link #PAGE} projects read a page (reads the
     * shard's projects; an erasure is rare).
     */
    public Multi<List<ItemKey>> projectPagesCreatedBy(String wsId, int shard, int shards, String userId) {
        return table.pages(KeyQuery.of(WorkspaceKeys.ERASURE_CREATED_PROJECTS).limit(PAGE)
                .in(WorkspaceKeys.projectPartition(wsId, shard, shards))
                        .filter(Conditions.equalTo(CREATED_BY.name(), CREATED_BY.encode(userId))))
                .map(page -> page.items().stream().map(ItemKey::of).toList());
    }

    /**
     * The project stays, its creator's id and name go: one UpdateItem {@code REMOVE createdBy, createdByName ADD
     * version 1 SET updatedAt} under {@code createdBy = :user} (a project another erasure or edit changed is left).
     */
    public Uni<Void> anonymiseCreator(ItemKey project, String userId, String now) {
        return table.update(WorkspaceKeys.ERASURE_PROJECT_ANONYMISE, ANONYMISED_PROJECT, project,
                new UpdateExpressionBuilder()
                        .remove(CREATED_BY.name())
                        .remove(CREATED_BY_NAME.name())
                        .add(VERSION, 1)
                        .set(UPDATED_AT, now)
                        .condition(Conditions.equalTo(CREATED_BY.name(), CREATED_BY.encode(userId)))
                        .build())
                .replaceWithVoid()
                .onFailure(WriteRefused.class).recoverWithNull();
    }

    /**
     * META names its creator ({@code ownerId}): where that is the erased account, it names {@code successor} instead
     * (one UpdateItem under {@code ownerId = :user}; a META naming someone else is left).
     */
    public Uni<Void> replaceOwnerId(String wsId, String userId, String successor, String now) {
        return table.update(WorkspaceKeys.ERASURE_WORKSPACE_META, ANONYMISED_PROJECT, WorkspaceKeys.workspace(wsId),
                        new UpdateExpressionBuilder()
                                .set(OWNER_ID, successor)
                                .set(UPDATED_AT, now)
                                .condition(Conditions.equalTo(OWNER_ID.name(), OWNER_ID.encode(userId)))
                                .build())
                .replaceWithVoid()
                .onFailure(WriteRefused.class).recoverWithNull();
    }

    /**
     * Deletes a workspace's settings and records the rest as a task: one TransactWriteItems = Delete META
     * ({@code attribute_exists(PK)} with the {@code shards} the task's sweep is scoped to, and {@code memberCount =
     * 1} when {@code onlyMember}, and {@code version = :expected} when given (If-Match); refused as
     * {@link #DELETED_WORKSPACE}) + Put the task. From then on no member or project can be added (both transactions
     * need META), no member reads it, and the id is reserved until the task is done.
     */
    public Uni<Void> deleteWorkspace(String wsId, int shards, boolean onlyMember, Long expectedVersion,
            Transaction.Part alongside) {
        Condition condition = Conditions.and(Conditions.ITEM_EXISTS,
                Conditions.equalTo(SHARDS.name(), SHARDS.encode(shards)));
        if (onlyMember) {
            condition = condition.and(Conditions.equalTo(MEMBER_COUNT.name(), MEMBER_COUNT.encode(1L)));
        }
        if (expectedVersion != null) {
            condition = condition.and(Conditions.versionEquals(expectedVersion));
        }
        return table.transact(WorkspaceKeys.WORKSPACE_DELETE, Transaction.of()
                .delete(DELETED_WORKSPACE, WorkspaceKeys.workspace(wsId), condition)
                .include(alongside));
    }

    /** The first {@link #PAGE} keys left in one partition (META, members, sequences, projects): strongly consistent. */
    public Uni<List<ItemKey>> partitionKeys(String partition) {
        return table.query(KeyQuery.of(WorkspaceKeys.WORKSPACE_PARTITION_ITEMS).project(PK, SK).limit(PAGE)
                .in(partition))
                .map(page -> page.items().stream().map(ItemKey::of).toList());
    }

    /** BatchWriteItem deletes, 25 a request, unprocessed items re-sent with backoff. */
    public Uni<Void> deleteAll(List<ItemKey> keys) {
        return table.batchDelete(WorkspaceKeys.WORKSPACE_PARTITION_DELETE, keys);
    }
}
