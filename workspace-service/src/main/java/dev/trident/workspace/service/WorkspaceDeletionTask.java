package dev.trident.workspace.service;

import dev.trident.support.work.WorkHandler;
import dev.trident.support.work.WorkTask;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** Empties a deleted workspace's partitions, from the request that deleted it or from the pending-work poll. */
@ApplicationScoped
public class WorkspaceDeletionTask implements WorkHandler {

    private final WorkspaceDeletion deletion;

    WorkspaceDeletionTask(WorkspaceDeletion deletion) {
        this.deletion = deletion;
    }

    @Override
    public String service() {
        return WorkspaceDeletion.SERVICE;
    }

    @Override
    public String kind() {
        return WorkspaceDeletion.DELETE_WORKSPACE;
    }

    @Override
    public Uni<Void> perform(WorkTask task, Lease lease) {
        return deletion.sweep(task.id(), WorkspaceDeletion.sweptShards(task), lease::extend).replaceWithVoid();
    }
}
