package dev.trident.workspace.service;

import dev.trident.keys.Shards;
import dev.trident.keys.Timestamps;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.support.client.SocialUsers;
import dev.trident.support.paging.Cursors;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.security.Caller;
import dev.trident.workspace.config.WorkspaceConfig;
import dev.trident.workspace.model.Project;
import dev.trident.workspace.model.Workspace;
import dev.trident.workspace.model.WorkspaceChanges;
import dev.trident.workspace.repository.ProjectRepository;
import dev.trident.workspace.repository.WorkspaceRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;

/** Rules of workspaces: creation, settings, and the "whole stack" (settings and projects, newest first). */
@ApplicationScoped
public class WorkspaceService {

    private final WorkspaceRepository workspaces;
    private final ProjectRepository projects;
    private final CallerMembership membership;
    private final Cursors cursors;
    private final SocialUsers users;
    private final int maxShardsWithoutPlatformAdmin;
    private final Clock clock;

    WorkspaceService(WorkspaceRepository workspaces, ProjectRepository projects,
            CallerMembership membership, Cursors cursors, SocialUsers users, WorkspaceConfig config, Clock clock) {
        this.workspaces = workspaces;
        this.projects = projects;
        this.membership = membership;
        this.cursors = cursors;
        this.users = users;
        this.maxShardsWithoutPlatformAdmin = AccessRules.shardAllowance(config.maxShardsWithoutPlatformAdmin());
        this.clock = clock;
    }

    /** Settings plus one page of projects (settings on the first page only). */
    public record Stack(Workspace workspace, Page<Project> projects) {
    }

    /**
     * The caller becomes the owner ({@code ownerIdClaimed}, when sent, must be the caller: 403 otherwise), more than
     * the configured shards need the platform role {@code admin} (403), and the owner must be an existing social
     * user (422 otherwise, 503 when social-service cannot tell); all that is checked before the one
     * TransactWriteItems, so a refused or failed check writes nothing. An id that exists is a 409, and so is one
     * whose deletion is still running (with Retry-After: checked inside the transaction).
     */
    public Uni<Workspace> create(Caller caller, String wsId, String displayName, String region, int seatLimit,
            String ownerIdClaimed, Integer shards) {
        String ownerId = AccessRules.requireSelf(caller, "ownerId", ownerIdClaimed);
        int shardCount = Shards.requireShardCount(shards == null ? 1 : shards);
        AccessRules.requireShardsAllowed(caller, shardCount, maxShardsWithoutPlatformAdmin);
        return users.require("ownerId", ownerId, caller.authorization())
                .chain(() -> {
                    String now = Timestamps.format(clock.instant());
                    Workspace workspace = new Workspace(wsId, displayName, region, seatLimit, ownerId, shardCount,
                            1, now, now);
                    return workspaces.createWorkspace(workspace, WorkspaceDeletion.notBeingDeleted(wsId));
                })
                .onFailure().transform(e -> Refusals.workspaceCreate(e, wsId));
    }

    /** Members only: the caller's member edge and META, one BatchGetItem. */
    public Uni<Workspace> get(Caller caller, String wsId) {
        return membership.member(caller, wsId).map(CallerMembership.Access::workspace);
    }

    /**
     * Settings and projects, newest first, sharded or not: the caller's member edge and META (one BatchGetItem; META
     * gives the shard count), then one Query per shard merged. The cursor carries each open shard's position, bound
     * to workspace and shard count; settings come with the first page only.
     */
    public Uni<Stack> stack(Caller caller, String wsId, PageRequest page) {
        return membership.member(caller, wsId).chain(access -> stackPage(wsId, access.shards(),
                page.hasCursor() ? null : access.workspace(), page));
    }

    private Uni<Stack> stackPage(String wsId, int shards, Workspace workspace, PageRequest page) {
        String scope = WorkspaceKeys.WORKSPACE_WITH_PROJECTS.cursorScope(wsId, "shards=" + shards);
        return projects.workspaceStackProjects(wsId, shards, cursors.resume(scope, page), page.limit())
                .map(slice -> new Stack(workspace, cursors.page(scope, slice)));
    }

    /** Owners only (403 for other members, 404 for non-members), checked before the conditional UpdateItem. */
    public Uni<Workspace> update(Caller caller, String wsId, WorkspaceChanges changes, Long expectedVersion) {
        if (changes.displayName() == null && changes.region() == null && changes.seatLimit() == null
                && changes.shards() == null) {
            throw ProblemException.badRequest("body", "name at least one of displayName, region, seatLimit");
        }
        if (changes.shards() != null) {
            Shards.requireShardCount(changes.shards());
        }
        return membership.owner(caller, wsId)
                .chain(() -> workspaces.updateWorkspace(wsId, changes, expectedVersion,
                        Timestamps.format(clock.instant())))
                .onFailure().transform(e -> Refusals.workspaceChange(e, wsId, changes.shards(), expectedVersion));
    }

    static ProblemException workspaceNotFound(String wsId) {
        return ProblemException.notFound("workspace", wsId);
    }
}
