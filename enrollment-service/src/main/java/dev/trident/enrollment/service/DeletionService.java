package dev.trident.enrollment.service;

import dev.trident.enrollment.repository.StudentErasureRepository;
import dev.trident.support.dynamo.PageKey;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.problem.ProblemException;
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
 * {@code DELETE /students/{id}} and {@code DELETE /courses/{id}}: the item itself goes first, with a task held by
 * this process in enrollment's pending-work partition, in one transaction (404 when it is not there; from then on
 * nobody can enroll into it, and its id is reserved: registering or creating it again is a 409 with Retry-After until
 * the task is done). The request then deletes the rest itself, page by page (a student's edges with their courses'
 * counters, a course's edges), within its inline budget, and the task goes last; what the request leaves, the
 * pending-work poll (of any replica) finishes. The deletion never meets a later life of the id: there is none before
 * the task is gone.
 */
@ApplicationScoped
public class DeletionService {

    public static final String SERVICE = "enrollment";
    public static final String DELETE_STUDENT = "delete-student";
    public static final String DELETE_COURSE = "delete-course";
    /** The scope of a student deletion that must leave graded enrollments in place (the caller may not remove them). */
    static final String KEEP_GRADED = "keep-graded";
    /** Graded courses named in a refusal at most. */
    static final int GRADED_NAMED = 20;

    private final StudentErasureRepository repository;
    private final WorkRunner runner;
    private final WorkSettings settings;

    DeletionService(StudentErasureRepository repository, WorkRunner runner, WorkSettings settings) {
        this.repository = repository;
        this.runner = runner;
        this.settings = settings;
    }

    /** For a create's transaction: refused while a deletion ({@code kind}) of {@code id} is still running. */
    static Transaction.Part notBeingDeleted(String kind, String id) {
        return Reservations.free(SERVICE, kind, id);
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

    /**
     * Only the registrar (403 otherwise); with {@code expectedVersion} (If-Match) only the course at that version (412
     * otherwise). Emits true when everything is gone, false when left to the task.
     */
    public Uni<Boolean> deleteCourse(Caller caller, String courseId, Long expectedVersion) {
        AccessRules.requireMayChangeCourses(caller);
        WorkTask task = runner.heldTask(SERVICE, DELETE_COURSE, courseId);
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

    /** Deletes a deleted student's edges, from the request that deleted it or from the pending-work poll. */
    @ApplicationScoped
    static class StudentDeletionTask implements WorkHandler {
        private final StudentErasure students;

        StudentDeletionTask(StudentErasure students) {
            this.students = students;
        }

        @Override
        public String service() {
            return SERVICE;
        }

        @Override
        public String kind() {
            return DELETE_STUDENT;
        }

        @Override
        public Uni<Void> perform(WorkTask task, Lease lease) {
            StudentErasure.Graded graded = KEEP_GRADED.equals(task.scope()) ? StudentErasure.Graded.KEEP
                    : StudentErasure.Graded.REMOVE;
            return students.erase(task.id(), graded, pages -> lease.extend()).replaceWithVoid();
        }
    }

    /** Deletes a deleted course's edges, from the request that deleted it or from the pending-work poll. */
    @ApplicationScoped
    static class CourseDeletionTask implements WorkHandler {
        private final DeletionService deletions;

        CourseDeletionTask(DeletionService deletions) {
            this.deletions = deletions;
        }

        @Override
        public String service() {
            return SERVICE;
        }

        @Override
        public String kind() {
            return DELETE_COURSE;
        }

        @Override
        public Uni<Void> perform(WorkTask task, Lease lease) {
            return deletions.deleteEdges(task.id(), null, pages -> lease.extend()).invoke(() -> {
                if (!lease.indexSettled()) {
                    throw new Unsettled("course deletion " + task.id());
                }
            });
        }
    }
}
