package dev.trident.workspace.repository;

import static dev.trident.workspace.repository.WorkspaceEntities.MEMBER;
import static dev.trident.workspace.repository.WorkspaceEntities.MEMBER_COUNT;
import static dev.trident.workspace.repository.WorkspaceEntities.OWNER_COUNT;
import static dev.trident.workspace.repository.WorkspaceEntities.ROLE;
import static dev.trident.workspace.repository.WorkspaceEntities.SEAT_LIMIT;

import dev.trident.keys.WorkspaceKeys;
import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.expr.Condition;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.UpdateExpressionBuilder.UpdateExpression;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.KeyQuery;
import dev.trident.support.dynamo.Slice;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.erasure.ErasureRecords;
import dev.trident.workspace.model.Member;
import dev.trident.workspace.model.MemberRole;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Set;

/**
 * Member edges {@code WS#<id>/MEMBER#<userId>} (inverted on GSI1 as {@code USER#<userId>/WS#<id>}) and the counts on
 * META moved with them: {@code memberCount} (seats taken, at most {@code seatLimit}) and {@code ownerCount} (never
 * below one).
 */
@ApplicationScoped
public class MemberRepository {

    // The actions whose conditions can refuse a write, as WriteRefused names them.
    /** The edge is no longer as it was read: added, removed or re-roled concurrently. */
    public static final String MEMBER_EDGE = "member-edge";
    /** The owner count would drop to zero: the member is the last owner. */
    public static final String OWNER_COUNT_CHANGE = "owner-count";
    /** Every seat is taken: {@code memberCount} has reached {@code seatLimit}. */
    public static final String SEAT = "seat";
    /** The caller's own edge no longer holds a role that allows the change: demoted or removed since it was read. */
    public static final String CALLER_ROLE = "caller-role";

    private final DynamoTable table;

    MemberRepository(DynamoTable table) {
        this.table = table;
    }

    /**
     * A member edge, as a change to it is decided on: one GetItem, strongly consistent. Emits null when absent.
     */
    public Uni<Member> member(String wsId, String userId) {
        return table.get(WorkspaceKeys.MEMBER, MEMBER, WorkspaceKeys.member(wsId, userId));
    }

    /**
     * A workspace's members in user id order: one Query {@code PK=WS#<id> AND begins_with(SK, MEMBER#)}, eventually
     * consistent (a list), {@code Limit = limit + 1}, from {@code resume} (null: the first page).
     */
    public Uni<Slice<Member>> workspaceMembers(String wsId, CursorState resume, int limit) {
        return table.list(KeyQuery.of(WorkspaceKeys.WORKSPACE_MEMBERS).in(WorkspaceKeys.workspacePartition(wsId))
                .resumingAt(resume), limit,
                MEMBER);
    }

    /**
     * The workspaces a user belongs to, in workspace id order: one Query on GSI1
     * {@code GSI1PK=USER#<userId> AND begins_with(GSI1SK, WS#)}, eventually consistent (as every index read),
     * {@code Limit = limit + 1}, from {@code resume} (null: the first page).
     */
    public Uni<Slice<Member>> workspacesOfUser(String userId, CursorState resume, int limit) {
        return table.list(KeyQuery.of(WorkspaceKeys.WORKSPACES_OF_USER)
                .in(WorkspaceKeys.userWorkspacesPartition(userId)).resumingAt(resume),
                limit, MEMBER);
    }

    /**
     * The manager a change is made for and the roles that allow it: the change's own transaction checks that the
     * manager's edge still holds one of them, so a manager demoted or removed after the decision changes nothing.
     */
    public record Mandate(String userId, Set<MemberRole> roles) {
        public Mandate {
            if (roles.isEmpty()) {
                throw new IllegalArgumentException("a mandate needs at least one role");
            }
            roles = Set.copyOf(roles);
        }
    }

    /** {@link #putMember(Member, Member, Mandate)} for a change nobody asked for (an erasure's hand-over). */
    public Uni<Member> putMember(Member before, Member after) {
        return putMember(before, after, null);
    }

    /**
     * Add a member or change their role, given the edge as it was read ({@code before}, null when absent): one
     * TransactWriteItems of the edge put, conditioned on the edge still being as read ({@code attribute_not_exists}
     * or {@code role = :before}; refused as {@link #MEMBER_EDGE}), and one update of META when a count moves:
     * <ul>
     * <li>a new member takes a seat: {@code ADD memberCount 1} (and {@code ownerCount 1} for an owner) under
     * {@code memberCount < seatLimit}; refused as {@link #SEAT} when the workspace is full;</li>
     * <li>a role change takes no seat; when the owner count moves, {@code ADD ownerCount ±1} (a demotion under
     * {@code ownerCount > 1}; refused as {@link #OWNER_COUNT_CHANGE}); within admin/member the edge put alone.</li>
     * </ul>
     * With a {@code mandate} (null: none), a ConditionCheck that the manager's edge still holds one of its roles
     * (refused as {@link #CALLER_ROLE}); not when the manager changes their own edge, which the edge's own condition
     * holds to the role read. All or nothing: the counts always equal the edges, however requests interleave. A
     * META without a count the change moves (stored before it was counted, not migrated) refuses it
     * ({@link #countsMissing}).
     */
    public Uni<Member> putMember(Member before, Member after, Mandate mandate) {
        Transaction transaction = Transaction.of().put(MEMBER_EDGE, MEMBER.toItem(after), edgeAsRead(before));
        checkMandate(transaction, after.workspaceId(), after.userId(), mandate);
        int ownerDelta = ownerDelta(before == null ? null : before.role(), after.role());
        if (before == null) {
            transaction.update(SEAT, WorkspaceKeys.workspace(after.workspaceId()), seatChange(1, ownerDelta));
            // A new edge is a trace of the account: none may attach while its erasure runs (found by the sweep
            // through GSI1 only if it was written before the erasure began).
            transaction.include(ErasureRecords.noErasureRunning(after.userId()));
        } else if (ownerDelta != 0) {
            transaction.update(OWNER_COUNT_CHANGE, WorkspaceKeys.workspace(after.workspaceId()),
                    ownerCountChange(ownerDelta));
        }
        return table.transact(WorkspaceKeys.MEMBER_PUT, transaction).replaceWith(after);
    }

    /** {@link #removeMember(Member, Mandate)} without a mandate: a member leaving, or an erasure. */
    public Uni<Void> removeMember(Member before) {
        return removeMember(before, null);
    }

    /**
     * Remove a member, given the edge as read; every removal (by a manager, by the member leaving, by an erasure) goes
     * through here: one TransactWriteItems of the edge delete, conditioned on its role being as read
     * ({@link #MEMBER_EDGE}), and {@code ADD memberCount -1} on META (the seat is free again), for an owner with
     * {@code ownerCount -1} under {@code ownerCount > 1} ({@link #OWNER_COUNT_CHANGE}), so the last owner never goes.
     * With a {@code mandate} (a manager removing someone else), the manager's role is checked in the same transaction
     * ({@link #CALLER_ROLE}). A META without the counts it moves refuses it ({@link #countsMissing}).
     */
    public Uni<Void> removeMember(Member before, Mandate mandate) {
        boolean owner = before.role() == MemberRole.OWNER;
        Transaction transaction = Transaction.of()
                .delete(MEMBER_EDGE, WorkspaceKeys.member(before.workspaceId(), before.userId()), edgeAsRead(before))
                .update(owner ? OWNER_COUNT_CHANGE : SEAT, WorkspaceKeys.workspace(before.workspaceId()),
                        seatChange(-1, owner ? -1 : 0));
        checkMandate(transaction, before.workspaceId(), before.userId(), mandate);
        return table.transact(WorkspaceKeys.MEMBER_REMOVE, transaction);
    }

    /**
     * The manager's edge still holds a role of the mandate: {@code role IN (...)}, false for an absent edge. Skipped
     * on the manager's own edge: a transaction touches an item once, and that edge's condition already holds it.
     */
    private static void checkMandate(Transaction transaction, String wsId, String targetUserId, Mandate mandate) {
        if (mandate == null || mandate.userId().equals(targetUserId)) {
            return;
        }
        List<MemberRole> roles = mandate.roles().stream().sorted().toList();
        transaction.check(CALLER_ROLE, WorkspaceKeys.member(wsId, mandate.userId()),
                Conditions.in(ROLE, roles.stream().map(MemberRole::value).toList()));
    }

    /** Seats as a refused {@link #SEAT} found them: taken ({@code memberCount}) and {@code seatLimit}. */
    public record Seats(long taken, int limit) {
    }

    public static Seats seatsFound(WriteRefused refused) {
        Long taken = refused.currentValue(SEAT, MEMBER_COUNT);
        Integer limit = refused.currentValue(SEAT, SEAT_LIMIT);
        return new Seats(taken == null ? 0L : taken, limit == null ? 0 : limit);
    }

    /**
     * Whether a refused change of META's counts met a META without one it moves: a workspace stored before seats (or
     * owners) were counted that deploy/migrations' MemberCountBackfill has not counted. The table breaks an invariant
     * this version relies on, so the change is refused, never counted here: every count change is conditioned on the
     * count existing, which keeps an ADD from starting a count at zero.
     */
    public static boolean countsMissing(WriteRefused refused) {
        if (refused.conditionFailed(SEAT) && refused.itemExists(SEAT)
                && (refused.currentValue(SEAT, MEMBER_COUNT) == null
                        || refused.currentValue(SEAT, OWNER_COUNT) == null)) {
            return true;
        }
        if (!refused.conditionFailed(OWNER_COUNT_CHANGE) || !refused.itemExists(OWNER_COUNT_CHANGE)) {
            return false;
        }
        // An owner's removal is conditioned on the seat count too, a demotion is not; with one owner left both are
        // refused for that alone.
        Long owners = refused.currentValue(OWNER_COUNT_CHANGE, OWNER_COUNT);
        return owners == null || owners > 1 && refused.currentValue(OWNER_COUNT_CHANGE, MEMBER_COUNT) == null;
    }

    private static int ownerDelta(MemberRole before, MemberRole after) {
        int was = before == MemberRole.OWNER ? 1 : 0;
        int is = after == MemberRole.OWNER ? 1 : 0;
        return is - was;
    }

    /** The edge's condition: absent when it was read absent, else still with the role it was read with. */
    private static Condition edgeAsRead(Member before) {
        return before == null ? Conditions.ITEM_NOT_EXISTS
                : Conditions.equalTo(ROLE, before.role().value());
    }

    /**
     * {@code ADD memberCount :seats [, ownerCount :owners]} on an existing META that counts what it moves
     * ({@code attribute_exists}: never a count started from nothing): taking a seat only while
     * {@code memberCount < seatLimit}, losing an owner only while more than one remains.
     */
    private static UpdateExpression seatChange(int seats, int owners) {
        UpdateExpressionBuilder update = new UpdateExpressionBuilder().add(MEMBER_COUNT, seats)
                .condition(Conditions.ITEM_EXISTS)
                .condition(Conditions.attributeExists(MEMBER_COUNT.name()));
        if (seats > 0) {
            update.condition(Conditions.lessThanAttribute(MEMBER_COUNT.name(), SEAT_LIMIT.name()));
        }
        if (owners != 0) {
            update.add(OWNER_COUNT, owners).condition(ownerCountCondition(owners));
        }
        return update.build();
    }

    /** {@code ADD ownerCount :delta} on an existing META that counts its owners. */
    private static UpdateExpression ownerCountChange(int delta) {
        return new UpdateExpressionBuilder().add(OWNER_COUNT, delta)
                .condition(Conditions.ITEM_EXISTS)
                .condition(ownerCountCondition(delta))
                .build();
    }

    /** A gain needs the count ({@code attribute_exists}); a loss, more than one owner left (absent counts as none). */
    private static Condition ownerCountCondition(int delta) {
        return delta < 0 ? Conditions.greaterThan(OWNER_COUNT, 1L) : Conditions.attributeExists(OWNER_COUNT.name());
    }
}
