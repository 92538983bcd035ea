package dev.trident.workspace.service;

import dev.trident.keys.Ids;
import dev.trident.support.client.SocialUsers;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.ProblemException;
import dev.trident.workspace.model.Member;
import dev.trident.workspace.model.MemberRole;
import dev.trident.workspace.repository.WorkspaceRepository;
import dev.trident.workspace.repository.WorkspaceRepository.MembershipRefused;
import dev.trident.workspace.security.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;

/**
 * Rules of membership: who is added, re-roled or removed (see {@link AccessRules}), that a new member is a social
 * user, and that a workspace always keeps at least one owner (the {@code ownerCount} on META, changed in the same
 * transaction as the edge).
 */
@ApplicationScoped
public class MemberService {

    private final WorkspaceRepository repository;
    private final PageCursors cursors;
    private final SocialUsers users;
    private final AccessRules rules;

    MemberService(WorkspaceRepository repository, PageCursors cursors, SocialUsers users, AccessRules rules) {
        this.repository = repository;
        this.cursors = cursors;
        this.users = users;
        this.rules = rules;
    }

    /** The member after the change and whether the edge is new. */
    public record MemberChange(Member member, boolean created) {
    }

    /**
     * Add {@code userId} with {@code role}, or change their role. GetItem of the caller's edge (manager), GetItem of
     * the target edge, for a new member the social-service check (422 when unknown), then one TransactWriteItems
     * (edge + owner count when it moves). Demoting the last owner is a 409.
     */
    public Uni<MemberChange> put(Caller caller, String wsId, String userId, MemberRole role) {
        Ids.require("userId", userId);
        return rules.requireManager(caller, wsId)
                .chain(callerRole -> repository.member(wsId, userId)
                        .invoke(before -> rules.requireMayChangeMember(callerRole, before, role)))
                .chain(before -> before != null ? Uni.createFrom().item(before)
                        : users.require("userId", userId, caller.authorization()).map(user -> (Member) null))
                .chain(before -> {
                    String now = WorkspaceService.now();
                    Member after = before == null ? new Member(wsId, userId, role, 1, now, now)
                            : new Member(wsId, userId, role, before.version() + 1, before.createdAt(), now);
                    return repository.putMember(before, after).map(member -> new MemberChange(member, before == null));
                })
                .onFailure(MembershipRefused.class).transform(e -> refused(wsId, userId, (MembershipRefused) e));
    }

    /**
     * Remove {@code userId}: GetItem of the caller's edge (manager), GetItem of the target edge (404 when absent),
     * then one TransactWriteItems; removing the last owner is a 409.
     */
    public Uni<Void> remove(Caller caller, String wsId, String userId) {
        Ids.require("userId", userId);
        return rules.requireManager(caller, wsId)
                .chain(callerRole -> repository.member(wsId, userId)
                        .onItem().ifNull().failWith(() -> ProblemException.notFound(
                                "user " + userId + " is not a member of workspace " + wsId))
                        .invoke(before -> rules.requireMayChangeMember(callerRole, before, null)))
                .chain(repository::removeMember)
                .onFailure(MembershipRefused.class).transform(e -> refused(wsId, userId, (MembershipRefused) e));
    }

    /** Members only: GetItem of the caller's edge, then one Query of the member edges. */
    public Uni<Page<Member>> members(Caller caller, String wsId, PageRequest page) {
        String scope = "workspace:members:" + Ids.require("wsId", wsId);
        Map<String, String> start = cursors.singleStart(scope, page);
        return rules.requireMember(caller, wsId)
                .chain(() -> repository.workspaceMembers(wsId, start, page.limit()))
                .map(slice -> cursors.page(scope, slice));
    }

    /** The caller's own memberships ({@code userId} null or the caller), anyone's for a platform admin: GSI1. */
    public Uni<Page<Member>> workspacesOf(Caller caller, String userId, PageRequest page) {
        String member = userId == null ? caller.userId() : Ids.require("member", userId);
        rules.requireSelfOrPlatformAdmin(caller, member);
        String scope = "workspace:of-user:" + member;
        Map<String, String> start = cursors.singleStart(scope, page);
        return repository.workspacesOfUser(member, start, page.limit()).map(slice -> cursors.page(scope, slice));
    }

    private static ProblemException refused(String wsId, String userId, MembershipRefused e) {
        return e.lastOwner()
                ? ProblemException.conflict("user " + userId + " is the last owner of workspace " + wsId
                        + ": make another member owner first")
                : ProblemException.conflict("the membership of " + userId + " changed concurrently; retry");
    }
}
