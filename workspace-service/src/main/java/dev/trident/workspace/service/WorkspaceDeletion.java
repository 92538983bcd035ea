package dev.trident.workspace.service;

import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.security.Caller;
import dev.trident.support.work.PendingWork;
import dev.trident.support.work.WorkHandler;
import dev.trident.support.work.WorkTask;
import dev.trident.workspace.repository.WorkspaceErasureRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;

/**
 * {@code DELETE /workspaces/{id}} (owners): META goes first, with a task in workspace's pending-work partition, in one
 * transaction (from then on no member or project can be added); then the request empties the workspace's partition
 * and every shard's a page at a time (members, sequences, projects) and removes the task. Should it fail half-way,
 * the poller finishes from the task.
 */
@ApplicationScoped
public class WorkspaceDeletion {

    public static final String SERVICE = "workspace";
    public static final String DELETE_WORKSPACE = "delete-workspace";

    private final CallerMembership membership;
    private final WorkspaceErasureRepository repository;
    private final WorkspaceErasure erasure;
    private final PendingWork work;
    private final Clock clock;

    WorkspaceDeletion(CallerMembership membership, WorkspaceErasureRepository repository, WorkspaceErasure erasure,
            PendingWork work, Clock clock) {
        this.membership = membership;
        this.repository = repository;
        this.erasure = erasure;
        this.work = work;
        this.clock = clock;
    }

    /** Owners only: 403 for an admin or member, 404 for anyone else or when there is no such workspace. */
    public Uni<Void> delete(Caller caller, String wsId) {
        WorkTask task = PendingWork.newTask(SERVICE, DELETE_WORKSPACE, wsId, clock.instant());
        return membership.owner(caller, wsId)
                .chain(() -> repository.shards(wsId))
                .chain(shards -> shards == null ? Uni.createFrom().failure(notFound(wsId))
                        : repository.deleteWorkspace(wsId, PendingWork.enqueue(task))
                                .onFailure(WriteRefused.class).transform(e -> notFound(wsId))
                                .chain(() -> erasure.deleteWorkspace(wsId, shards, n -> Uni.createFrom().voidItem())))
                .chain(() -> work.remove(task));
    }

    private static ProblemException notFound(String wsId) {
        return ProblemException.notFound("no workspace " + wsId);
    }

    /** Finishes a workspace deletion a request left half-way (every partition a layout could use: META is gone). */
    @ApplicationScoped
    static class WorkspaceDeletionTask implements WorkHandler {
        private final WorkspaceErasure erasure;

        WorkspaceDeletionTask(WorkspaceErasure erasure) {
            this.erasure = erasure;
        }

        @Override
        public String service() {
            return SERVICE;
        }

        @Override
        public String kind() {
            return DELETE_WORKSPACE;
        }

        @Override
        public Uni<Void> perform(WorkTask task, Lease lease) {
            return erasure.deleteWorkspace(task.id(), null, pages -> lease.extend()).replaceWithVoid();
        }
    }
}
