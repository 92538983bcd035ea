package dev.trident.workspace.service;

import dev.trident.keys.Ids;
import dev.trident.keys.Shards;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.support.client.SocialUsers;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.ProblemException;
import dev.trident.workspace.model.Project;
import dev.trident.workspace.model.Workspace;
import dev.trident.workspace.model.WorkspaceChanges;
import dev.trident.workspace.repository.WorkspaceRepository;
import dev.trident.workspace.repository.WorkspaceRepository.ConditionNotMet;
import dev.trident.workspace.security.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;

/** Rules of workspaces: creation, settings, and the one-read "whole stack" of an unsharded workspace. */
@ApplicationScoped
public class WorkspaceService {

    private final WorkspaceRepository repository;
    private final ShardLayouts layouts;
    private final PageCursors cursors;
    private final SocialUsers users;
    private final AccessRules rules;

    WorkspaceService(WorkspaceRepository repository, ShardLayouts layouts, PageCursors cursors, SocialUsers users,
            AccessRules rules) {
        this.repository = repository;
        this.layouts = layouts;
        this.cursors = cursors;
        this.users = users;
        this.rules = rules;
    }

    /** Settings plus one page of projects (settings on the first page only). */
    public record Stack(Workspace workspace, Page<Project> projects) {
    }

    /**
     * The caller becomes the owner ({@code ownerIdClaimed}, when sent, must be the caller: 403 otherwise), more than
     * the configured shards need the platform role {@code admin} (403), and the owner must be an existing social
     * user (422 otherwise, 503 when social-service cannot tell); all that is checked before the one
     * TransactWriteItems, so a refused or failed check writes nothing.
     */
    public Uni<Workspace> create(Caller caller, String id, String displayName, String region, int seatLimit,
            String ownerIdClaimed, Integer shards) {
        Ids.require("id", id);
        String ownerId = rules.requireSelf(caller, "ownerId", ownerIdClaimed);
        int shardCount = Shards.requireShardCount(shards == null ? 1 : shards);
        rules.requireShardsAllowed(caller, shardCount);
        return users.require("ownerId", ownerId, caller.authorization())
                .chain(() -> {
                    String now = now();
                    return repository.createWorkspace(
                            new Workspace(id, displayName, region, seatLimit, ownerId, shardCount, 1, now, now));
                })
                .onFailure(ConditionNotMet.class)
                .transform(e -> ProblemException.conflict("workspace " + id + " already exists"))
                .invoke(layouts::remember);
    }

    /** Members only: GetItem of the caller's member edge, then GetItem META. */
    public Uni<Workspace> get(Caller caller, String wsId) {
        return rules.requireMember(caller, wsId).chain(() -> repository.workspace(wsId))
                .onItem().ifNull().failWith(() -> workspaceNotFound(wsId))
                .invoke(layouts::remember);
    }

    /**
     * Settings and projects of an unsharded workspace from ONE Query, in key order: META first, then projects
     * oldest first. A sharded workspace has no such single partition: 400, its projects are listed separately.
     */
    public Uni<Stack> stack(Caller caller, String wsId, PageRequest page) {
        Ids.require("wsId", wsId);
        String scope = "workspace:stack:" + wsId;
        Map<String, String> startAfter = cursors.singleStart(scope, page);
        boolean firstPage = startAfter == null;
        return rules.requireMember(caller, wsId)
                .chain(() -> repository.workspaceStack(wsId, startAfter, page.limit())).map(stack -> {
            if (firstPage) {
                if (stack.workspace() == null) {
                    throw workspaceNotFound(wsId);
                }
                if (layouts.remember(stack.workspace()) > 1) {
                    throw ProblemException.badRequest("include", "workspace " + wsId + " is sharded: its projects "
                            + "are not in one partition; list them at /workspaces/" + wsId + "/projects");
                }
            }
            return new Stack(stack.workspace(), cursors.page(scope, stack.projects()));
        });
    }

    /** Owners only (403 for other members, 404 for non-members), checked before the conditional UpdateItem. */
    public Uni<Workspace> update(Caller caller, String wsId, WorkspaceChanges changes, Long expectedVersion) {
        Ids.require("wsId", wsId);
        if (changes.displayName() == null && changes.region() == null && changes.seatLimit() == null
                && changes.shards() == null) {
            throw ProblemException.badRequest("body", "name at least one of displayName, region, seatLimit");
        }
        if (changes.shards() != null) {
            Shards.requireShardCount(changes.shards());
        }
        return rules.requireOwner(caller, wsId)
                .chain(() -> repository.updateWorkspace(wsId, changes, expectedVersion, now()))
                .onFailure(ConditionNotMet.class).transform(failure -> {
                    ConditionNotMet e = (ConditionNotMet) failure;
                    if (!e.itemExists()) {
                        return workspaceNotFound(wsId);
                    }
                    if (changes.shards() != null && !changes.shards().equals(e.currentShards())) {
                        return ProblemException.badRequest("shards", "is fixed at creation ("
                                + e.currentShards() + ") and cannot change");
                    }
                    if (expectedVersion != null && expectedVersion != e.currentVersion()) {
                        return ProblemException.preconditionFailed("workspace " + wsId + " is at version "
                                + e.currentVersion() + ", not " + expectedVersion);
                    }
                    return ProblemException.conflict("workspace " + wsId + " changed concurrently; retry");
                });
    }

    static ProblemException workspaceNotFound(String wsId) {
        return ProblemException.notFound("workspace " + wsId + " does not exist");
    }

    /** Fixed-width UTC millis, the same spelling the status index sorts by. */
    static String now() {
        return WorkspaceKeys.formatCreatedAt(Instant.now().truncatedTo(ChronoUnit.MILLIS));
    }
}
