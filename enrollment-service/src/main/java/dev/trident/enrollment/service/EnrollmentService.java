package dev.trident.enrollment.service;

import dev.trident.enrollment.model.Course;
import dev.trident.enrollment.model.Enrollment;
import dev.trident.enrollment.model.Student;
import dev.trident.enrollment.repository.CourseRepository;
import dev.trident.enrollment.repository.EnrollmentRepository;
import dev.trident.enrollment.repository.StudentRepository;
import dev.trident.keys.Timestamps;
import dev.trident.support.dynamo.ListArguments;
import dev.trident.support.paging.Cursors;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.security.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * The enrollment rules: who may do what ({@link AccessRules}, checked first), what a refused write means for the client
 * ({@link Refusals}: 404, 409, 412), and when a write is worth sending again.
 */
@ApplicationScoped
public class EnrollmentService {

    /**
     * An instructor's grade whose edge keeps changing between its read and its write gives up after this many rounds.
     */
    private static final int GRADE_ATTEMPTS = 5;

    private final StudentRepository students;
    private final CourseRepository courses;
    private final EnrollmentRepository enrollments;
    private final Cursors cursors;
    private final Clock clock;

    EnrollmentService(StudentRepository students, CourseRepository courses, EnrollmentRepository enrollments,
            Cursors cursors, Clock clock) {
        this.students = students;
        this.courses = courses;
        this.enrollments = enrollments;
        this.cursors = cursors;
        this.clock = clock;
    }

    /**
     * A student's enrollments, all or those the list's arguments choose (a term: {@link EnrollmentRepository}); grades
     * only for the student themselves and the registrar.
     */
    public Uni<Page<Enrollment>> studentCourses(Caller caller, String studentId, ListArguments arguments,
            PageRequest page) {
        AccessRules.requireMayReadStudent(caller, studentId);
        return cursors.list(enrollments.studentCourses(studentId, arguments), page)
                .map(found -> AccessRules.listAsSeenBy(caller, found, List.of()));
    }

    /**
     * Enrolls a student: reads both sides (in parallel) for the names the edge carries, then one transaction puts
     * the edge, counts it on the course under the capacity condition, checks the student still exists and that no
     * erasure of their account is under way (404: an account being erased takes no new enrollment, which its erasure
     * would have to find again).
     */
    public Uni<Enrollment> enroll(Caller caller, String studentId, String courseId) {
        AccessRules.requireMayEnroll(caller, studentId);
        return Uni.combine().all()
                .unis(students.studentToEnroll(studentId).map(Optional::ofNullable),
                        courses.courseToEnroll(courseId).map(Optional::ofNullable))
                .asTuple()
                .chain(sides -> {
                    Optional<Student> student = sides.getItem1();
                    Optional<Course> course = sides.getItem2();
                    if (student.isEmpty() || course.isEmpty()) {
                        return Uni.createFrom().failure(Refusals.missingSides(studentId, student.isEmpty(), courseId,
                                course.isEmpty()));
                    }
                    String now = Timestamps.format(clock.instant());
                    return enrollments.enroll(student.get(), course.get(), now,
                            StudentErasure.notBeingErased(studentId));
                })
                .onFailure().transform(failure -> Refusals.enroll(failure, studentId,
                        courseId));
    }

    /**
     * One enrollment: one GetItem. For an instructor (who sees the grade only of a course naming them) the course's
     * instructors are read in parallel.
     */
    public Uni<Enrollment> enrollment(Caller caller, String studentId, String courseId) {
        AccessRules.requireMayReadStudent(caller, studentId);
        Uni<Enrollment> edge = enrollments.enrollment(studentId, courseId)
                .onItem().ifNull().failWith(() -> Refusals.notEnrolled(studentId, courseId));
        if (!AccessRules.gradeViewDependsOnCourse(caller) || caller.is(studentId)) {
            return edge.map(found -> AccessRules.asSeenBy(caller, found, AccessRules.seesEveryGradeOf(caller,
                    List.of())));
        }
        return Uni.combine().all().unis(edge, courses.courseInstructors(courseId)).asTuple()
                .map(both -> AccessRules.asSeenBy(caller, both.getItem1(),
                        AccessRules.seesEveryGradeOf(caller, both.getItem2())));
    }

    /**
     * Sets a grade. The registrar's is one conditional UpdateItem. An instructor's is a transaction that also checks,
     * on the course item, that the course names the caller among its instructorIds: the right to grade is a condition
     * of the write, not of an earlier read. That transaction cannot return the new edge, so the edge is read first
     * (strongly consistent) and the write is conditioned on the version read; a concurrent change to the edge makes
     * it read again (or answer 412 when the client sent If-Match).
     */
    public Uni<Enrollment> grade(Caller caller, String studentId, String courseId, String grade,
            Long expectedVersion) {
        AccessRules.requireMayGrade(caller, studentId);
        String now = Timestamps.format(clock.instant());
        Uni<Enrollment> graded = AccessRules.gradesEveryCourse(caller)
                ? enrollments.grade(studentId, courseId, grade, expectedVersion, now)
                : gradeAsInstructor(caller, studentId, courseId, grade, expectedVersion, now, GRADE_ATTEMPTS);
        return graded.onFailure().transform(failure -> Refusals.grade(failure, studentId,
                courseId, expectedVersion));
    }

    private Uni<Enrollment> gradeAsInstructor(Caller caller, String studentId, String courseId, String grade,
            Long expectedVersion, String now, int attemptsLeft) {
        if (attemptsLeft <= 0) {
            return Uni.createFrom().failure(Refusals.enrollmentChangedConcurrently(studentId, courseId));
        }
        return enrollments.enrollmentToGrade(studentId, courseId).chain(current -> {
            if (current == null) {
                return Uni.createFrom().failure(Refusals.notEnrolled(studentId, courseId));
            }
            if (expectedVersion != null && !expectedVersion.equals(current.version())) {
                return Uni.createFrom().failure(Refusals.stale(current.version(), expectedVersion));
            }
            // Changed since it was read, and the client asked for no particular version: read again.
            return enrollments.gradeAsInstructor(current, grade, caller.userId(), now)
                    .onFailure(failure -> expectedVersion == null && Refusals.changedSinceRead(failure))
                    .recoverWithUni(failure -> gradeAsInstructor(caller, studentId, courseId, grade, null, now,
                            attemptsLeft - 1));
        });
    }

    /**
     * Drops the edge and counts it off the course in one transaction; a second drop is a 404. Unless the caller may
     * drop graded enrollments (the registrar, not on their own), the delete is conditioned on the edge having no grade:
     * a graded enrollment is a 409 and nothing changes, however recently the grade was set.
     */
    public Uni<Void> drop(Caller caller, String studentId, String courseId, Long expectedVersion) {
        AccessRules.requireMayDrop(caller, studentId);
        String now = Timestamps.format(clock.instant());
        return enrollments.drop(studentId, courseId, expectedVersion, AccessRules.mayDropGraded(caller, studentId), now)
                .onFailure().transform(failure -> Refusals.drop(failure, studentId,
                        courseId, expectedVersion));
    }
}
