package dev.trident.enrollment.service;

import dev.trident.enrollment.repository.StudentErasureRepository;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.security.Caller;
import dev.trident.support.work.PendingWork;
import dev.trident.support.work.WorkHandler;
import dev.trident.support.work.WorkTask;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.function.LongFunction;

/**
 * {@code DELETE /students/{id}} and {@code DELETE /courses/{id}}: the item itself goes first, with a task in
 * enrollment's pending-work partition, in one transaction (404 when it is not there; from then on nobody can enrol
 * into it); the request then deletes the rest itself, page by page (a student's edges with their courses' counters,
 * a course's edges), and removes the task. Should it fail half-way, the task is there: the poller (of any replica)
 * finishes the deletion.
 */
@ApplicationScoped
public class DeletionService {

    public static final String SERVICE = "enrollment";
    public static final String DELETE_STUDENT = "delete-student";
    public static final String DELETE_COURSE = "delete-course";

    private final StudentErasureRepository repository;
    private final StudentErasure students;
    private final PendingWork work;
    private final Clock clock;

    DeletionService(StudentErasureRepository repository, StudentErasure students, PendingWork work, Clock clock) {
        this.repository = repository;
        this.students = students;
        this.work = work;
        this.clock = clock;
    }

    /** The student themselves or the registrar (403 otherwise, before anything is read). */
    public Uni<Void> deleteStudent(Caller caller, String studentId) {
        AccessRules.mayDeleteStudent(caller, studentId);
        WorkTask task = PendingWork.newTask(SERVICE, DELETE_STUDENT, studentId, clock.instant());
        return repository.deleteStudent(studentId, PendingWork.enqueue(task))
                .onFailure(WriteRefused.class).transform(e -> ProblemException.notFound("no student " + studentId))
                .chain(() -> students.erase(studentId, pages -> Uni.createFrom().voidItem()))
                .chain(() -> work.remove(task));
    }

    /** Only the registrar (403 otherwise). */
    public Uni<Void> deleteCourse(Caller caller, String courseId) {
        AccessRules.mayChangeCourses(caller);
        WorkTask task = PendingWork.newTask(SERVICE, DELETE_COURSE, courseId, clock.instant());
        return repository.deleteCourse(courseId, PendingWork.enqueue(task))
                .onFailure(WriteRefused.class).transform(e -> ProblemException.notFound("no course " + courseId))
                .chain(() -> deleteEdges(courseId, pages -> Uni.createFrom().voidItem()))
                .chain(() -> work.remove(task));
    }

    /** Every edge to a course (the course item is gone: no counter to keep), a roster page at a time. */
    Uni<Void> deleteEdges(String courseId, LongFunction<Uni<Void>> progress) {
        return repository.courseEdges(courseId).chain(edges -> edges.isEmpty() ? Uni.createFrom().voidItem()
                : repository.deleteAll(edges).chain(() -> progress.apply(edges.size()))
                        .chain(() -> deleteEdges(courseId, progress)));
    }

    /** Finishes a student deletion a request left half-way. */
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
            return students.erase(task.id(), pages -> lease.extend());
        }
    }

    /** Finishes a course deletion a request left half-way. */
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
            return deletions.deleteEdges(task.id(), pages -> lease.extend());
        }
    }
}
