package dev.trident.enrollment.service;

import dev.trident.support.work.WorkHandler;
import dev.trident.support.work.WorkTask;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** Drops a deleted student's edges, from the request that deleted it or from the pending-work poll. */
@ApplicationScoped
public class StudentDeletionTask implements WorkHandler {

    private final StudentErasure students;

    StudentDeletionTask(StudentErasure students) {
        this.students = students;
    }

    @Override
    public String service() {
        return StudentDeletion.SERVICE;
    }

    @Override
    public String kind() {
        return StudentDeletion.DELETE_STUDENT;
    }

    @Override
    public Uni<Void> perform(WorkTask task, Lease lease) {
        StudentErasure.Graded graded = StudentDeletion.KEEP_GRADED.equals(task.scope()) ? StudentErasure.Graded.KEEP
                : StudentErasure.Graded.REMOVE;
        return students.erase(task.id(), graded, pages -> lease.extend()).replaceWithVoid();
    }
}
