package dev.trident.enrollment.service;

import dev.trident.enrollment.repository.StudentErasureRepository;
import dev.trident.support.dynamo.PageKey;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.security.Caller;
import dev.trident.support.work.PendingWork;
import dev.trident.support.work.Reservations;
import dev.trident.support.work.WorkHandler;
import dev.trident.support.work.WorkRunner;
import dev.trident.support.work.WorkSettings;
import dev.trident.support.work.WorkTask;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.function.LongFunction;

/**
 * {@code DELETE /courses/{id}}: the course item goes first, with a task held by this process in enrollment's
 * pending-work partition, in one transaction (404 when it is not there; from then on nobody can enroll into it, and
 * its id is reserved: creating it again is a 409 with Retry-After until the task is done). The request then deletes
 * the course's edges itself, a roster page at a time, within its inline budget, and the task goes last; what the
 * request leaves, {@link CourseDeletionTask} finishes from the pending-work poll (of any replica). The deletion never
 * meets a later life of the id: there is none before the task is gone.
 */
@ApplicationScoped
public class CourseDeletion {

    public static final String DELETE_COURSE = "delete-course";

    private final StudentErasureRepository repository;
    private final WorkRunner runner;
    private final WorkSettings settings;

    CourseDeletion(StudentErasureRepository repository, WorkRunner runner, WorkSettings settings) {
        this.repository = repository;
        this.runner = runner;
        this.settings = settings;
    }

    /** For a create's transaction: refused while a deletion of {@code courseId} is still running. */
    static Transaction.Part notBeingDeleted(String courseId) {
        return Reservations.free(StudentDeletion.SERVICE, DELETE_COURSE, courseId);
    }

    /**
     * Only the registrar (403 otherwise); with {@code expectedVersion} (If-Match) only the course at that version (412
     * otherwise). Emits true when everything is gone, false when left to the task.
     */
    public Uni<Boolean> deleteCourse(Caller caller, String courseId, Long expectedVersion) {
        AccessRules.requireMayChangeCourses(caller);
        WorkTask task = runner.heldTask(StudentDeletion.SERVICE, DELETE_COURSE, courseId);
        return repository.deleteCourse(courseId, expectedVersion, PendingWork.enqueue(task))
                .onFailure(WriteRefused.class).transform(e -> Refusals.deletion((WriteRefused) e, "course", courseId,
                        expectedVersion))
                .chain(() -> runner.performHeld(task, settings.inlineBudget()));
    }

    /**
     * Every edge to a course (the course item is gone: no counter to keep), a roster page at a time, in one pass over
     * GSI1. No edge can be added once the course item is gone (an enrolment's transaction needs it), but one added
     * just before may not be in the index yet: only a pass that started once the index had settled completes the
     * task ({@link WorkHandler.Lease#indexSettled}).
     */
    Uni<Void> deleteEdges(String courseId, PageKey after, LongFunction<Uni<Void>> progress) {
        return repository.courseEdges(courseId, after).chain(page -> {
            Uni<Void> deleted = page.keys().isEmpty() ? Uni.createFrom().voidItem()
                    : repository.deleteAll(page.keys()).chain(() -> progress.apply(page.keys().size()));
            return deleted.chain(() -> page.next() == null ? Uni.createFrom().voidItem()
                    : deleteEdges(courseId, page.next(), progress));
        });
    }
}
