package dev.trident.workspace.repository;

import static dev.trident.keys.TableSchema.GSI1;
import static dev.trident.keys.TableSchema.GSI1PK;
import static dev.trident.keys.TableSchema.GSI1SK;
import static dev.trident.keys.TableSchema.PK;
import static dev.trident.keys.TableSchema.SK;
import static dev.trident.workspace.repository.WorkspaceEntities.MEMBER;
import static dev.trident.workspace.repository.WorkspaceEntities.OWNER_COUNT;
import static dev.trident.workspace.repository.WorkspaceEntities.ROLE;

import dev.trident.keys.WorkspaceKeys;
import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.expr.Condition;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.keys.expr.UpdateExpressionBuilder.UpdateExpression;
import dev.trident.support.dynamo.AccessPattern;
import dev.trident.support.dynamo.Consistency;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.paging.Slice;
import dev.trident.workspace.model.Member;
import dev.trident.workspace.model.MemberRole;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Member edges {@code WS#<id>/MEMBER#<userId>} (inverted on GSI1 as {@code USER#<userId>/WS#<id>}) and the owner
 * count on META that keeps at least one owner in every workspace.
 */
@ApplicationScoped
public class MemberRepository {

    // The actions whose conditions can refuse a write, as WriteRefused names them.
    /** The edge is no longer as it was read: added, removed or re-roled concurrently. */
    public static final String MEMBER_EDGE = "member-edge";
    /** The owner count would drop to zero: the member is the last owner. */
    public static final String OWNER_COUNT_CHANGE = "owner-count";

    // The access patterns, as named in the metrics (trident_dynamodb_requests_seconds{pattern=...}).
    private static final AccessPattern MEMBER_READ = AccessPattern.named("member");
    private static final AccessPattern MEMBER_ROLE = AccessPattern.named("member-role");
    private static final AccessPattern WORKSPACE_MEMBERS = AccessPattern.named("workspace-members");
    private static final AccessPattern WORKSPACES_OF_USER = AccessPattern.named("workspaces-of-user");
    private static final AccessPattern MEMBER_PUT = AccessPattern.named("member-put");
    private static final AccessPattern MEMBER_REMOVE = AccessPattern.named("member-remove");

    private final DynamoTable table;

    MemberRepository(DynamoTable table) {
        this.table = table;
    }

    /**
     * The caller's membership: one GetItem of the edge {@code WS#<id>/MEMBER#<userId>}, strongly consistent (it
     * decides who may read and change the workspace: a member removed a moment ago is refused at once). Emits null
     * when the user is not a member (or the workspace does not exist).
     */
    public Uni<MemberRole> memberRole(String wsId, String userId) {
        return table.get(MEMBER_ROLE, MEMBER, WorkspaceKeys.member(wsId, userId), Consistency.STRONG)
                .map(member -> member == null ? null : member.role());
    }

    /**
     * A member edge, as a change to it is decided on: one GetItem, strongly consistent. Emits null when absent.
     */
    public Uni<Member> member(String wsId, String userId) {
        return table.get(MEMBER_READ, MEMBER, WorkspaceKeys.member(wsId, userId), Consistency.STRONG);
    }

    /**
     * A workspace's members in user id order: one Query {@code PK=WS#<id> AND begins_with(SK, MEMBER#)}, eventually
     * consistent (a list), {@code Limit = limit + 1}, from {@code resume} (null: the first page).
     */
    public Uni<Slice<Member>> workspaceMembers(String wsId, CursorState resume, int limit) {
        Map<String, AttributeValue> startKey = WorkspaceQueries.startKey(resume);
        return table.query(WORKSPACE_MEMBERS, q -> WorkspaceQueries.underPrefix(q, PK,
                        WorkspaceKeys.workspacePartition(wsId), SK, WorkspaceKeys.membersPrefix())
                        .exclusiveStartKey(startKey)
                        .limit(limit + 1))
                .map(response -> Slice.fromQuery(response.items(), limit, null, MEMBER::fromItem));
    }

    /**
     * The workspaces a user belongs to, in workspace id order: one Query on GSI1
     * {@code GSI1PK=USER#<userId> AND begins_with(GSI1SK, WS#)}, eventually consistent (as every index read),
     * {@code Limit = limit + 1}, from {@code resume} (null: the first page).
     */
    public Uni<Slice<Member>> workspacesOfUser(String userId, CursorState resume, int limit) {
        Map<String, AttributeValue> startKey = WorkspaceQueries.startKey(resume);
        return table.query(WORKSPACES_OF_USER, q -> WorkspaceQueries.underPrefix(q.indexName(GSI1), GSI1PK,
                        WorkspaceKeys.userWorkspacesPartition(userId), GSI1SK, WorkspaceKeys.workspacesOfUserPrefix())
                        .exclusiveStartKey(startKey)
                        .limit(limit + 1))
                .map(response -> Slice.fromQuery(response.items(), limit, GSI1, MEMBER::fromItem));
    }

    /**
     * Add a member or change their role, given the edge as it was read ({@code before}, null when absent): one
     * TransactWriteItems of the edge put, conditioned on the edge still being as read ({@code attribute_not_exists}
     * or {@code role = :before}; refused as {@link #MEMBER_EDGE}), and, when the owner count moves, an update
     * {@code ADD ownerCount ±1} on META (a demotion conditioned on {@code ownerCount > 1}; refused as
     * {@link #OWNER_COUNT_CHANGE}). Both or neither: the count always equals the owner edges, and the last owner
     * cannot be demoted however requests interleave. A change within admin/member is the edge put alone.
     */
    public Uni<Member> putMember(Member before, Member after) {
        Transaction transaction = Transaction.of().put(MEMBER_EDGE, MEMBER.toItem(after), edgeAsRead(before));
        int ownerDelta = ownerDelta(before == null ? null : before.role(), after.role());
        if (ownerDelta != 0) {
            transaction.update(OWNER_COUNT_CHANGE, WorkspaceKeys.workspace(after.workspaceId()),
                    ownerCountChange(ownerDelta));
        }
        return table.transact(MEMBER_PUT, transaction).replaceWith(after);
    }

    /**
     * Remove a member, given the edge as read: one TransactWriteItems of the edge delete, conditioned on its role
     * being as read ({@link #MEMBER_EDGE}), and for an owner {@code ADD ownerCount -1} on META conditioned on
     * {@code ownerCount > 1} ({@link #OWNER_COUNT_CHANGE}), so the last owner is never removed.
     */
    public Uni<Void> removeMember(Member before) {
        Transaction transaction = Transaction.of().delete(MEMBER_EDGE,
                WorkspaceKeys.member(before.workspaceId(), before.userId()), edgeAsRead(before));
        if (before.role() == MemberRole.OWNER) {
            transaction.update(OWNER_COUNT_CHANGE, WorkspaceKeys.workspace(before.workspaceId()), ownerCountChange(-1));
        }
        return table.transact(MEMBER_REMOVE, transaction);
    }

    private static int ownerDelta(MemberRole before, MemberRole after) {
        int was = before == MemberRole.OWNER ? 1 : 0;
        int is = after == MemberRole.OWNER ? 1 : 0;
        return is - was;
    }

    /** The edge's condition: absent when it was read absent, else still with the role it was read with. */
    private static Condition edgeAsRead(Member before) {
        return before == null ? Conditions.ITEM_NOT_EXISTS
                : Conditions.equalTo(ROLE.name(), ROLE.encode(before.role().value()));
    }

    /** {@code ADD ownerCount :delta} on an existing META; a decrease only while more than one owner remains. */
    private static UpdateExpression ownerCountChange(int delta) {
        UpdateExpressionBuilder update = new UpdateExpressionBuilder().add(OWNER_COUNT, delta)
                .condition(Conditions.ITEM_EXISTS);
        if (delta < 0) {
            update.condition(p -> p.name(OWNER_COUNT.name()) + " > " + p.value(OWNER_COUNT.encode(1L)));
        }
        return update.build();
    }
}
