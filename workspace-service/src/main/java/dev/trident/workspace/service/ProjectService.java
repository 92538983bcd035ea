package dev.trident.workspace.service;

import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.Timestamps;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.support.client.SocialUser;
import dev.trident.support.client.SocialUsers;
import dev.trident.support.dynamo.ListArguments;
import dev.trident.support.paging.Cursors;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.security.Caller;
import dev.trident.workspace.model.CreatedRange;
import dev.trident.workspace.model.Project;
import dev.trident.workspace.model.ProjectChanges;
import dev.trident.workspace.model.Workspace;
import dev.trident.workspace.repository.ProjectRepository;
import dev.trident.workspace.repository.WorkspaceRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;

/** Rules of projects: id allocation, the shard a project lives on, conditional updates and the status index. */
@ApplicationScoped
public class ProjectService {

    private final ProjectRepository projects;
    private final CallerMembership membership;
    private final Cursors cursors;
    private final SocialUsers users;
    private final Clock clock;

    ProjectService(ProjectRepository projects, CallerMembership membership, Cursors cursors,
            SocialUsers users, Clock clock) {
        this.projects = projects;
        this.membership = membership;
        this.cursors = cursors;
        this.users = users;
        this.clock = clock;
    }

    /**
     * Owners and admins only (the caller's member edge and META in one BatchGetItem: 404 for a non-member or a
     * workspace being deleted, 403 for a member); the creator is the caller ({@code createdByClaimed}, when sent,
     * must be the caller: 403 otherwise). Then the creator checked at social-service (422 when unknown, 503 when
     * social-service cannot tell; their display name is kept on the project), then UpdateItem ADD on the workspace's
     * sequence of the current year, then one TransactWriteItems: the project on the shard META's layout gives, a
     * check that META is still that life of the workspace with that layout (404 otherwise: the workspace was deleted
     * meanwhile, and a project is never written where no reader looks), and an idempotency record when there is one.
     * Every check comes before the first write, so a refused create moves no counter. The counter is atomic, so
     * concurrent creates get distinct numbers; if the put fails after the counter moved, that number is simply never
     * used (a gap, never a duplicate).
     */
    public Uni<Project> create(Caller caller, String wsId, String title, ProjectStatus status,
            String createdByClaimed) {
        String createdBy = AccessRules.requireSelf(caller, "createdBy", createdByClaimed);
        return membership.manager(caller, wsId)
                .chain(access -> users.require("createdBy", createdBy, caller.authorization())
                        .chain(creator -> allocateAndPut(access.workspace(), title, status, creator)))
                .onFailure().transform(e -> Refusals.projectCreate(e, wsId, createdBy));
    }

    private Uni<Project> allocateAndPut(Workspace workspace, String title, ProjectStatus status,
            SocialUser creator) {
        String wsId = workspace.id();
        Instant now = clock.instant();
        int year = now.atZone(ZoneOffset.UTC).getYear();
        String createdAt = Timestamps.format(now);
        return projects.allocateProjectSequence(wsId, year, createdAt)
                .map(seq -> newProject(wsId, year, seq, title, status, creator, createdAt))
                .chain(project -> projects.createProject(project, workspace.shards(),
                        WorkspaceRepository.sameWorkspace(workspace)));
    }

    /** Members only: the caller's member edge and META (one BatchGetItem), then GetItem of the project. */
    public Uni<Project> get(Caller caller, String wsId, ProjectId projectId) {
        return membership.member(caller, wsId).map(CallerMembership.Access::shards)
                .chain(shards -> projects.project(wsId, shards, projectId))
                .onItem().ifNull().failWith(() -> projectNotFound(wsId, projectId));
    }

    /**
     * A workspace's projects, all or those the list's arguments choose (a status: {@link ProjectRepository}), newest
     * first, members only: the caller's edge and META (one BatchGetItem) give the layout, then one Query per shard
     * merged, under a cursor bound to workspace, arguments and layout.
     */
    public Uni<Page<Project>> list(Caller caller, String wsId, ListArguments arguments, PageRequest page) {
        return membership.member(caller, wsId).map(CallerMembership.Access::shards)
                .chain(shards -> cursors.list(projects.workspaceProjects(wsId, shards, arguments), page));
    }

    /** Owners and admins only, checked before the conditional UpdateItem. */
    public Uni<Project> update(Caller caller, String wsId, ProjectId projectId, ProjectChanges changes,
            Long expectedVersion) {
        if (changes.title() == null && changes.status() == null) {
            throw ProblemException.badRequest("body", "name at least one of title, status");
        }
        return membership.manager(caller, wsId).map(CallerMembership.Access::shards)
                .chain(shards -> projects.updateProject(wsId, shards, projectId, changes, expectedVersion,
                        Timestamps.format(clock.instant())))
                .onFailure().transform(e -> Refusals.projectChange(e, wsId, projectId, expectedVersion));
    }

    /** Owners and admins only, checked before the conditional DeleteItem. */
    public Uni<Void> delete(Caller caller, String wsId, ProjectId projectId, Long expectedVersion) {
        return membership.manager(caller, wsId).map(CallerMembership.Access::shards)
                .chain(shards -> projects.deleteProject(wsId, shards, projectId, expectedVersion))
                .onFailure().transform(e -> Refusals.projectChange(e, wsId, projectId, expectedVersion));
    }

    /**
     * Projects of one status across workspaces, newest first, from the write-sharded status partitions, optionally
     * created within {@code range}; platform {@code admin} only.
     */
    public Uni<Page<Project>> byStatus(Caller caller, ProjectStatus status, CreatedRange range, PageRequest page) {
        AccessRules.requirePlatformAdmin(caller);
        // Bound to the range too, so a cursor never resumes a wider (or other) range than the one it was issued for.
        String shards = "shards=" + projects.statusShards();
        String scope = range.bounded()
                ? WorkspaceKeys.PROJECTS_BY_STATUS.cursorScope(status.name(), shards, "from=" + range.from(),
                        "to=" + range.to())
                : WorkspaceKeys.PROJECTS_BY_STATUS.cursorScope(status.name(), shards);
        return projects.projectsByStatus(status, range, cursors.resume(scope, page), page.limit())
                .map(slice -> cursors.page(scope, slice));
    }

    private static Project newProject(String wsId, int year, long seq, String title, ProjectStatus status,
            SocialUser creator, String now) {
        if (seq > ProjectId.MAX_SEQ) {
            throw ProblemException.conflict("workspace " + wsId + " has used every project number of " + year);
        }
        return new Project(wsId, new ProjectId(year, (int) seq), title, status, creator.userId(),
                creator.displayName(), 1, now, now);
    }

    static ProblemException projectNotFound(String wsId, ProjectId id) {
        return ProblemException.notFound("project " + id + " does not exist in workspace " + wsId);
    }
}
