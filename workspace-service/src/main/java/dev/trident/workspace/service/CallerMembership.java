package dev.trident.workspace.service;

import dev.trident.support.security.Caller;
import dev.trident.workspace.model.MemberRole;
import dev.trident.workspace.model.Workspace;
import dev.trident.workspace.repository.WorkspaceRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The caller's role in a workspace, held to a rule of {@link AccessRules}, read with the workspace's settings in one
 * BatchGetItem: a workspace that is being deleted (META gone) is a 404 for its former members at once, and the shard
 * count comes from the same read, never from an earlier life of the id.
 */
@ApplicationScoped
class CallerMembership {

    /** The workspace as read, and the caller's role in it. */
    record Access(Workspace workspace, MemberRole role) {
        int shards() {
            return workspace.shards();
        }
    }

    private final WorkspaceRepository workspaces;

    CallerMembership(WorkspaceRepository workspaces) {
        this.workspaces = workspaces;
    }

    /** Any member: 404 for anyone else. */
    Uni<Access> member(Caller caller, String wsId) {
        return access(caller, wsId).invoke(access -> AccessRules.requireMember(access.role(), wsId));
    }

    /** An owner or admin: 403 for another member, 404 for a non-member. */
    Uni<Access> manager(Caller caller, String wsId) {
        return access(caller, wsId).invoke(access -> AccessRules.requireManager(access.role(), wsId));
    }

    /** An owner: 403 for an admin or member, 404 for a non-member. */
    Uni<Access> owner(Caller caller, String wsId) {
        return access(caller, wsId).invoke(access -> AccessRules.requireOwner(access.role(), wsId));
    }

    private Uni<Access> access(Caller caller, String wsId) {
        return workspaces.workspaceAccess(wsId, caller.userId()).map(found -> {
            if (found.workspace() == null) {
                throw WorkspaceService.workspaceNotFound(wsId);
            }
            return new Access(found.workspace(), found.member() == null ? null : found.member().role());
        });
    }
}
