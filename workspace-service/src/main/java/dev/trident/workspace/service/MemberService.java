package dev.trident.workspace.service;

import dev.trident.keys.Timestamps;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.keys.cursor.CursorState;
import dev.trident.support.client.SocialUsers;
import dev.trident.support.paging.Cursors;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.security.Caller;
import dev.trident.workspace.model.Member;
import dev.trident.workspace.model.MemberRole;
import dev.trident.workspace.repository.MemberRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;

/**
 * Rules of membership: who is added, re-roled or removed (see {@link AccessRules}), that a new member is a social
 * user, that every member takes one of {@code seatLimit} seats ({@code memberCount} on META) and that a workspace
 * always keeps at least one owner ({@code ownerCount} on META); both counts change in the same transaction as the edge.
 */
@ApplicationScoped
public class MemberService {

    private final MemberRepository members;
    private final CallerMembership membership;
    private final Cursors cursors;
    private final SocialUsers users;
    private final Clock clock;

    MemberService(MemberRepository members, CallerMembership membership, Cursors cursors, SocialUsers users,
            Clock clock) {
        this.members = members;
        this.membership = membership;
        this.cursors = cursors;
        this.users = users;
        this.clock = clock;
    }

    /** The member after the change and whether the edge is new. */
    public record MemberChange(Member member, boolean created) {
    }

    /**
     * Add {@code userId} with {@code role}, or change their role. GetItem of the caller's edge (manager), GetItem of
     * the target edge, for a new member the social-service check (422 when unknown), then one TransactWriteItems
     * (edge + seat for a new member, + owner count when it moves, + a check that the caller's edge still holds a role
     * that may make the change: 403 when it no longer does, 404 when the caller is no member any more). Demoting the
     * last owner, or adding a member to a workspace whose seats are all taken, is a 409; a role change takes no seat.
     */
    public Uni<MemberChange> put(Caller caller, String wsId, String userId, MemberRole role) {
        return membership.manager(caller, wsId).map(CallerMembership.Access::role)
                .chain(callerRole -> members.member(wsId, userId)
                        .invoke(before -> AccessRules.requireMayChangeMember(callerRole, before, role)))
                .chain(before -> before != null ? Uni.createFrom().item(before)
                        : users.require("userId", userId, caller.authorization()).map(user -> (Member) null))
                .chain(before -> {
                    String now = Timestamps.format(clock.instant());
                    Member after = before == null ? new Member(wsId, userId, role, 1, now, now)
                            : new Member(wsId, userId, role, before.version() + 1, before.createdAt(), now);
                    return members.putMember(before, after, mandate(caller, before, role))
                            .map(member -> new MemberChange(member, before == null));
                })
                .onFailure().transform(e -> Refusals.membership(e, wsId, userId));
    }

    /**
     * Remove {@code userId}, or leave when it is the caller. Leaving: GetItem of the caller's own edge (404 for a
     * non-member, as for a missing workspace), then one TransactWriteItems; any member may leave. Otherwise: GetItem
     * of the caller's edge (manager), GetItem of the target edge (404 when absent), then one TransactWriteItems that
     * also checks the caller's edge still holds a role that may remove the member (403 otherwise). Either way the seat
     * is freed in the same transaction, and removing the last owner is a 409.
     */
    public Uni<Void> remove(Caller caller, String wsId, String userId) {
        Uni<Member> target = AccessRules.isLeaving(caller, userId)
                ? members.member(wsId, userId).onItem().ifNull().failWith(() -> WorkspaceService.workspaceNotFound(wsId))
                : membership.manager(caller, wsId)
                        .map(CallerMembership.Access::role)
                        .chain(callerRole -> members.member(wsId, userId)
                                .onItem().ifNull().failWith(() -> ProblemException.notFound(
                                        "user " + userId + " is not a member of workspace " + wsId))
                                .invoke(before -> AccessRules.requireMayChangeMember(callerRole, before, null)));
        return target.chain(before -> members.removeMember(before, AccessRules.isLeaving(caller, userId) ? null
                        : mandate(caller, before, null)))
                .onFailure().transform(e -> Refusals.membership(e, wsId, userId));
    }

    /** The caller's role as a condition of the change's own transaction: still one that may make it. */
    private MemberRepository.Mandate mandate(Caller caller, Member before, MemberRole after) {
        return new MemberRepository.Mandate(caller.userId(), AccessRules.rolesThatMayChangeMember(before, after));
    }

    /** Members only: GetItem of the caller's edge, then one Query of the member edges. */
    public Uni<Page<Member>> members(Caller caller, String wsId, PageRequest page) {
        String scope = WorkspaceKeys.WORKSPACE_MEMBERS.cursorScope(wsId);
        CursorState resume = cursors.resume(scope, page);
        return membership.member(caller, wsId)
                .chain(() -> members.workspaceMembers(wsId, resume, page.limit()))
                .map(slice -> cursors.page(scope, slice));
    }

    /** The caller's own memberships ({@code userId} null or the caller), anyone's for a platform admin: GSI1. */
    public Uni<Page<Member>> workspacesOf(Caller caller, String userId, PageRequest page) {
        String member = userId == null ? caller.userId() : userId;
        AccessRules.requireSelfOrPlatformAdmin(caller, member);
        String scope = WorkspaceKeys.WORKSPACES_OF_USER.cursorScope(member);
        return members.workspacesOfUser(member, cursors.resume(scope, page), page.limit())
                .map(slice -> cursors.page(scope, slice));
    }
}
