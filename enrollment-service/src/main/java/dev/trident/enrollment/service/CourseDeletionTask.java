package dev.trident.enrollment.service;

import dev.trident.support.work.WorkHandler;
import dev.trident.support.work.WorkTask;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Deletes a deleted course's edges, from the request that deleted it or from the pending-work poll. Done only by a
 * pass that started once GSI1 had settled: an edge added just before the course went may not be in it yet.
 */
@ApplicationScoped
public class CourseDeletionTask implements WorkHandler {

    private final CourseDeletion deletion;

    CourseDeletionTask(CourseDeletion deletion) {
        this.deletion = deletion;
    }

    @Override
    public String service() {
        return StudentDeletion.SERVICE;
    }

    @Override
    public String kind() {
        return CourseDeletion.DELETE_COURSE;
    }

    @Override
    public Uni<Void> perform(WorkTask task, Lease lease) {
        return deletion.deleteEdges(task.id(), null, pages -> lease.extend()).invoke(() -> {
            if (!lease.indexSettled()) {
                throw new Unsettled("course deletion " + task.id());
            }
        });
    }
}
