package dev.trident.enrollment.service;

import dev.trident.enrollment.repository.StudentErasureRepository;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.security.Caller;
import dev.trident.support.work.PendingWork;
import dev.trident.support.work.Reservations;
import dev.trident.support.work.WorkRunner;
import dev.trident.support.work.WorkSettings;
import dev.trident.support.work.WorkTask;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * {@code DELETE /students/{id}}: the profile goes first, with a task held by this process in enrollment's
 * pending-work partition, in one transaction (404 when it is not there; from then on nobody can enroll the student,
 * and the id is reserved: registering it again is a 409 with Retry-After until the task is done). The request then
 * drops the student's edges itself, page by page, each with its course's counter, within its inline budget, and the
 * task goes last; what the request leaves, {@link StudentDeletionTask} finishes from the pending-work poll (of any
 * replica). The deletion never meets a later life of the id: there is none before the task is gone.
 */
@ApplicationScoped
public class StudentDeletion {

    /** enrollment-service's pending-work partition. */
    public static final String SERVICE = "enrollment";
    public static final String DELETE_STUDENT = "delete-student";
    /** The scope of a student deletion that must leave graded enrollments in place (the caller may not remove them). */
    static final String KEEP_GRADED = "keep-graded";
    /** Graded courses named in a refusal at most. */
    static final int GRADED_NAMED = 20;

    private final StudentErasureRepository repository;
    private final WorkRunner runner;
    private final WorkSettings settings;

    StudentDeletion(StudentErasureRepository repository, WorkRunner runner, WorkSettings settings) {
        this.repository = repository;
        this.runner = runner;
        this.settings = settings;
    }

    /** For a registration's transaction: refused while a deletion of {@code studentId} is still running. */
    static Transaction.Part notBeingDeleted(String studentId) {
        return Reservations.free(SERVICE, DELETE_STUDENT, studentId);
    }

    /**
     * The student themselves or the registrar (403 otherwise, before anything is read). Graded enrollments are academic
     * records that only the registrar removes (never their own): for anyone else, a student with a graded enrollment is
     * a 409 naming the courses, and nothing is deleted. That answer comes from a strongly consistent read before the
     * deletion; a grade set after it cannot be lost either, because such a deletion's task carries the scope
     * {@link #KEEP_GRADED} and its sweep drops each edge under the student's own drop condition
     * ({@code attribute_not_exists(grade)}): an edge graded meanwhile stays. Emits true when everything is gone,
     * false when the rest is left to the task.
     */
    public Uni<Boolean> deleteStudent(Caller caller, String studentId, Long expectedVersion) {
        AccessRules.requireMayDeleteStudent(caller, studentId);
        boolean mayRemoveGraded = AccessRules.mayDropGraded(caller, studentId);
        Uni<Void> allowed = mayRemoveGraded ? Uni.createFrom().voidItem()
                : repository.gradedCourses(studentId, GRADED_NAMED).invoke(graded -> {
                    if (!graded.isEmpty()) {
                        throw ProblemException.conflict("student " + studentId + " has graded enrolments, academic "
                                + "records only the " + Caller.REGISTRAR
                                + " removes: " + String.join(", ", graded)
                                + (graded.size() == GRADED_NAMED ? ", ..." : ""));
                    }
                }).replaceWithVoid();
        WorkTask task = runner.heldTask(SERVICE, DELETE_STUDENT, studentId, mayRemoveGraded ? null : KEEP_GRADED);
        return allowed.chain(() -> repository.deleteStudent(studentId, expectedVersion, PendingWork.enqueue(task)))
                .onFailure(WriteRefused.class).transform(e -> Refusals.deletion((WriteRefused) e, "student",
                        studentId, expectedVersion))
                .chain(() -> runner.performHeld(task, settings.inlineBudget()));
    }
}
