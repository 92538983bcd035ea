package dev.trident.workspace.service;

import dev.trident.support.security.Caller;
import dev.trident.workspace.model.MemberRole;
import dev.trident.workspace.repository.MemberRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** The caller's role in a workspace (one GetItem of their member edge), held to a rule of {@link AccessRules}. */
@ApplicationScoped
class CallerMembership {

    private final MemberRepository members;
    private final AccessRules rules;

    CallerMembership(MemberRepository members, AccessRules rules) {
        this.members = members;
        this.rules = rules;
    }

    /** Any member: 404 for anyone else. */
    Uni<MemberRole> member(Caller caller, String wsId) {
        return members.memberRole(wsId, caller.userId()).map(role -> rules.requireMember(role, wsId));
    }

    /** An owner or admin: 403 for another member, 404 for a non-member. */
    Uni<MemberRole> manager(Caller caller, String wsId) {
        return members.memberRole(wsId, caller.userId()).map(role -> rules.requireManager(role, wsId));
    }

    /** An owner: 403 for an admin or member, 404 for a non-member. */
    Uni<MemberRole> owner(Caller caller, String wsId) {
        return members.memberRole(wsId, caller.userId()).map(role -> rules.requireOwner(role, wsId));
    }
}
