package dev.trident.enrollment.service;

import static dev.trident.enrollment.repository.EnrollmentRepository.DROP_COURSE;
import static dev.trident.enrollment.repository.EnrollmentRepository.DROP_EDGE;
import static dev.trident.enrollment.repository.EnrollmentRepository.ENROL_COURSE;
import static dev.trident.enrollment.repository.EnrollmentRepository.ENROL_EDGE;
import static dev.trident.enrollment.repository.EnrollmentRepository.ENROL_STUDENT;
import static dev.trident.enrollment.repository.EnrollmentRepository.GRADE_COURSE;
import static dev.trident.enrollment.repository.EnrollmentRepository.GRADE_EDGE;

import dev.trident.enrollment.client.SocialUsers;
import dev.trident.enrollment.client.Workspaces;
import dev.trident.enrollment.model.Course;
import dev.trident.enrollment.model.CourseChanges;
import dev.trident.enrollment.model.CourseWithStudents;
import dev.trident.enrollment.model.Enrollment;
import dev.trident.enrollment.model.Student;
import dev.trident.enrollment.model.StudentProfile;
import dev.trident.enrollment.model.StudentWithCourses;
import dev.trident.enrollment.repository.EnrollmentItems;
import dev.trident.enrollment.repository.EnrollmentRepository;
import dev.trident.enrollment.security.Caller;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;

/**
 * The enrollment rules: who may do what ({@link AccessRules}, checked first), what a failed condition or a cancelled
 * transaction means for the client (404, 409, 412), and when a write is worth sending again.
 */
@ApplicationScoped
public class EnrollmentService {

    /** Transactions on one hot course item conflict under load; these are cheap to resend. */
    static final int CONFLICT_RETRIES = 10;
    private static final Duration FIRST_BACKOFF = Duration.ofMillis(10);
    private static final Duration MAX_BACKOFF = Duration.ofMillis(200);
    /** A replace that keeps losing to concurrent writers gives up after this many rounds. */
    private static final int REPLACE_ATTEMPTS = 5;

    static final String STUDENT_ID = "studentId";
    static final String WORKSPACE_ID = "workspaceId";

    private final EnrollmentRepository repository;
    private final SocialUsers socialUsers;
    private final Workspaces workspaces;

    EnrollmentService(EnrollmentRepository repository, SocialUsers socialUsers, Workspaces workspaces) {
        this.repository = repository;
        this.socialUsers = socialUsers;
        this.workspaces = workspaces;
    }

    public Uni<Student> student(Caller caller, String studentId) {
        AccessRules.mayReadStudent(caller, studentId);
        return repository.student(studentId)
                .onItem().ifNull().failWith(() -> studentNotFound(studentId));
    }

    /** The profile and first page of enrolments; grades only for the student themselves and the registrar. */
    public Uni<StudentWithCourses> studentWithCourses(Caller caller, String studentId, int limit) {
        AccessRules.mayReadStudent(caller, studentId);
        return repository.studentWithCourses(studentId, limit)
                .onItem().ifNull().failWith(() -> studentNotFound(studentId))
                .map(found -> new StudentWithCourses(found.student(), onStudentsList(caller, found.courses())));
    }

    /** A student's enrolments; grades only for the student themselves and the registrar. */
    public Uni<Page<Enrollment>> studentCourses(Caller caller, String studentId, PageRequest page) {
        AccessRules.mayReadStudent(caller, studentId);
        return repository.studentCourses(studentId, page).map(courses -> onStudentsList(caller, courses));
    }

    /**
     * A student's list spans courses that each have their own instructors; rather than read every course of the page,
     * an instructor sees none of the grades here (they see them on their own course's roster and enrolments).
     */
    private static Page<Enrollment> onStudentsList(Caller caller, Page<Enrollment> courses) {
        boolean seesEveryGrade = AccessRules.seesEveryGradeOf(caller, List.of());
        return courses.map(edge -> AccessRules.asSeenBy(caller, edge, seesEveryGrade));
    }

    /**
     * Registers or replaces a student. The id must be a social-service user (422 otherwise), whose displayName
     * becomes the student's name, read afresh on every PUT; that check comes before any write, so a missing user or
     * an unavailable social-service (503) writes nothing. A replace is conditioned on the version it read, so
     * versions never skip. The user is read with the caller's token.
     */
    public Uni<Outcome<Student>> putStudent(Caller caller, String studentId, int year, String major) {
        AccessRules.mayRegister(caller, studentId);
        EnrollmentKeys.student(studentId); // a malformed id is a 400 before any call
        return socialUsers.requireUser(STUDENT_ID, studentId, caller.authorization())
                .chain(user -> putStudent(studentId, new StudentProfile(user.displayName(), year, major),
                        REPLACE_ATTEMPTS));
    }

    private Uni<Outcome<Student>> putStudent(String studentId, StudentProfile profile, int attemptsLeft) {
        return repository.registerStudent(studentId, profile)
                .map(student -> new Outcome<>(student, true))
                .onFailure(DynamoFailures::isConditionFailure).recoverWithUni(failure -> replaceStudent(studentId,
                        profile, DynamoFailures.oldItem(failure), attemptsLeft));
    }

    private Uni<Outcome<Student>> replaceStudent(String studentId, StudentProfile profile,
            Map<String, AttributeValue> current, int attemptsLeft) {
        if (attemptsLeft <= 0) {
            return Uni.createFrom().failure(ProblemException.conflict(
                    "student " + studentId + " is being changed concurrently; retry"));
        }
        if (current.isEmpty()) {
            return putStudent(studentId, profile, attemptsLeft - 1);
        }
        return repository.replaceStudent(EnrollmentItems.toStudent(current), profile)
                .map(student -> new Outcome<>(student, false))
                .onFailure(DynamoFailures::isConditionFailure).recoverWithUni(failure -> replaceStudent(studentId,
                        profile, DynamoFailures.oldItem(failure), attemptsLeft - 1));
    }

    public Uni<Course> course(String courseId) {
        return repository.course(courseId)
                .onItem().ifNull().failWith(() -> courseNotFound(courseId));
    }

    /**
     * The course and the first page of its roster, from one Query; the course item it brings says who teaches it, so
     * the grades shown (all of them, or only the caller's own) cost no extra read.
     */
    public Uni<CourseWithStudents> courseWithStudents(Caller caller, String courseId, int limit) {
        return repository.courseWithStudents(courseId, limit)
                .onItem().ifNull().failWith(() -> courseNotFound(courseId))
                .map(found -> new CourseWithStudents(found.course(), onRoster(caller,
                        found.course().instructorIds(), found.students())));
    }

    /**
     * A page of the roster: every grade for the registrar and the course's instructors, only the caller's own row's
     * grade for anyone else. Only for an instructor does that depend on the course, whose instructors are then read
     * (a projected GetItem) in parallel with the roster's Query.
     */
    public Uni<Page<Enrollment>> courseRoster(Caller caller, String courseId, PageRequest page) {
        Uni<Page<Enrollment>> roster = repository.courseRoster(courseId, page);
        if (!AccessRules.gradeViewDependsOnCourse(caller)) {
            return roster.map(students -> onRoster(caller, List.of(), students));
        }
        return Uni.combine().all().unis(roster, repository.courseInstructors(courseId)).asTuple()
                .map(both -> onRoster(caller, both.getItem2(), both.getItem1()));
    }

    private static Page<Enrollment> onRoster(Caller caller, List<String> courseInstructors, Page<Enrollment> students) {
        boolean seesEveryGrade = AccessRules.seesEveryGradeOf(caller, courseInstructors);
        return students.map(edge -> AccessRules.asSeenBy(caller, edge, seesEveryGrade));
    }

    /**
     * Creates the course, or updates it in place when it exists (enrolledCount untouched). A capacity below the
     * current enrolledCount is a 409. A workspaceId must name a workspace of workspace-service that the caller may
     * read, i.e. is a member of (422 otherwise: workspace-service answers a non-member as if it did not exist),
     * checked with the caller's token before any write.
     */
    public Uni<Outcome<Course>> putCourse(Caller caller, String courseId, CourseChanges changes) {
        AccessRules.mayChangeCourses(caller);
        EnrollmentKeys.course(courseId); // a malformed id is a 400 before any call
        Uni<Void> workspaceExists = changes.workspaceId() == null ? Uni.createFrom().voidItem()
                : workspaces.requireWorkspace(WORKSPACE_ID, changes.workspaceId(), caller.authorization())
                        .replaceWithVoid();
        return workspaceExists.chain(() -> createOrUpdateCourse(courseId, changes));
    }

    private Uni<Outcome<Course>> createOrUpdateCourse(String courseId, CourseChanges changes) {
        return repository.createCourse(courseId, changes)
                .map(course -> new Outcome<>(course, true))
                .onFailure(DynamoFailures::isConditionFailure).recoverWithUni(failure -> updateCourse(courseId, changes));
    }

    private Uni<Outcome<Course>> updateCourse(String courseId, CourseChanges changes) {
        return retryOnConflict(repository.updateCourse(courseId, changes))
                .map(course -> new Outcome<>(course, false))
                .onFailure(DynamoFailures::isConditionFailure).transform(failure -> {
                    Map<String, AttributeValue> old = DynamoFailures.oldItem(failure);
                    if (old.isEmpty()) {
                        return ProblemException.conflict("course " + courseId + " was removed meanwhile; retry");
                    }
                    return capacityBelowEnrolled(courseId, changes.capacity(), EnrollmentItems.toCourse(old));
                });
    }

    /**
     * Enrols a student: reads both sides (in parallel) for the names the edge carries, then one transaction puts
     * the edge, counts it on the course under the capacity condition and checks the student still exists.
     */
    public Uni<Enrollment> enroll(Caller caller, String studentId, String courseId) {
        AccessRules.mayEnrol(caller, studentId);
        EnrollmentKeys.enrollment(studentId, courseId); // both ids are checked (400) before any call
        return Uni.combine().all()
                .unis(repository.student(studentId).map(Optional::ofNullable),
                        repository.course(courseId).map(Optional::ofNullable))
                .asTuple()
                .chain(sides -> {
                    Optional<Student> student = sides.getItem1();
                    Optional<Course> course = sides.getItem2();
                    if (student.isEmpty() || course.isEmpty()) {
                        return Uni.createFrom().failure(
                                missingSides(studentId, student.isEmpty(), courseId, course.isEmpty()));
                    }
                    return retryOnConflict(repository.enrollStudent(student.get(), course.get()))
                            .onFailure(failure -> !DynamoFailures.cancellationReasons(failure).isEmpty())
                            .transform(failure -> enrolmentRejected(studentId, courseId,
                                    DynamoFailures.cancellationReasons(failure), failure));
                });
    }

    /** What a cancelled enrol transaction means; reasons are indexed like the transaction's actions. */
    static Throwable enrolmentRejected(String studentId, String courseId, List<CancellationReason> reasons,
            Throwable failure) {
        if (DynamoFailures.conditionFailed(reasons, ENROL_EDGE)) {
            return ProblemException.conflict("student " + studentId + " is already enrolled in course " + courseId);
        }
        boolean courseRejected = DynamoFailures.conditionFailed(reasons, ENROL_COURSE);
        boolean courseMissing = courseRejected && !DynamoFailures.exists(reasons.get(ENROL_COURSE));
        boolean studentMissing = DynamoFailures.conditionFailed(reasons, ENROL_STUDENT);
        if (courseMissing || studentMissing) {
            return missingSides(studentId, studentMissing, courseId, courseMissing);
        }
        if (courseRejected) {
            Course course = EnrollmentItems.toCourse(reasons.get(ENROL_COURSE).item());
            return ProblemException.conflict("course " + courseId + " is full: all " + course.capacity()
                    + " places are taken");
        }
        return failure;
    }

    /**
     * One enrolment: one GetItem. For an instructor (who sees the grade only of a course naming them) the course's
     * instructors are read in parallel.
     */
    public Uni<Enrollment> enrollment(Caller caller, String studentId, String courseId) {
        AccessRules.mayReadStudent(caller, studentId);
        Uni<Enrollment> edge = repository.enrollment(studentId, courseId)
                .onItem().ifNull().failWith(() -> notEnrolled(studentId, courseId));
        if (!AccessRules.gradeViewDependsOnCourse(caller) || caller.is(studentId)) {
            return edge.map(found -> AccessRules.asSeenBy(caller, found, AccessRules.seesEveryGradeOf(caller,
                    List.of())));
        }
        return Uni.combine().all().unis(edge, repository.courseInstructors(courseId)).asTuple()
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
        AccessRules.mayGrade(caller, studentId);
        if (!AccessRules.gradesEveryCourse(caller)) {
            EnrollmentKeys.enrollment(studentId, courseId); // both ids are checked (400) before any call
            return gradeAsInstructor(caller, studentId, courseId, grade, expectedVersion, REPLACE_ATTEMPTS);
        }
        return retryOnConflict(repository.gradeEnrollment(studentId, courseId, grade, expectedVersion))
                .onFailure(DynamoFailures::isConditionFailure).transform(failure -> {
                    Map<String, AttributeValue> old = DynamoFailures.oldItem(failure);
                    return old.isEmpty() ? notEnrolled(studentId, courseId)
                            : stale(EnrollmentItems.toEnrollment(old).version(), expectedVersion);
                });
    }

    private Uni<Enrollment> gradeAsInstructor(Caller caller, String studentId, String courseId, String grade,
            Long expectedVersion, int attemptsLeft) {
        if (attemptsLeft <= 0) {
            return Uni.createFrom().failure(ProblemException.conflict("the enrolment of student " + studentId
                    + " in course " + courseId + " is being changed concurrently; retry"));
        }
        return repository.enrollmentToGrade(studentId, courseId).chain(current -> {
            if (current == null) {
                return Uni.createFrom().failure(notEnrolled(studentId, courseId));
            }
            if (expectedVersion != null && current.version() != expectedVersion) {
                return Uni.createFrom().failure(stale(current.version(), expectedVersion));
            }
            return retryOnConflict(repository.gradeAsInstructor(current, grade, caller.userId()))
                    .onFailure(failure -> !DynamoFailures.cancellationReasons(failure).isEmpty())
                    .recoverWithUni(failure -> {
                        List<CancellationReason> reasons = DynamoFailures.cancellationReasons(failure);
                        if (DynamoFailures.conditionFailed(reasons, GRADE_COURSE)) {
                            return Uni.createFrom().failure(notAnInstructorOf(courseId));
                        }
                        if (!DynamoFailures.conditionFailed(reasons, GRADE_EDGE)) {
                            return Uni.createFrom().failure(failure);
                        }
                        CancellationReason edge = reasons.get(GRADE_EDGE);
                        if (!DynamoFailures.exists(edge)) {
                            return Uni.createFrom().failure(notEnrolled(studentId, courseId));
                        }
                        if (expectedVersion != null) {
                            return Uni.createFrom().failure(
                                    stale(EnrollmentItems.toEnrollment(edge.item()).version(), expectedVersion));
                        }
                        // Changed since it was read, and the client asked for no particular version: read again.
                        return gradeAsInstructor(caller, studentId, courseId, grade, null, attemptsLeft - 1);
                    });
        });
    }

    /**
     * Drops the edge and counts it off the course in one transaction; a second drop is a 404. Unless the caller may
     * drop graded enrolments (the registrar, not on their own), the delete is conditioned on the edge having no grade:
     * a graded enrolment is a 409 and nothing changes, however recently the grade was set.
     */
    public Uni<Void> drop(Caller caller, String studentId, String courseId, Long expectedVersion) {
        AccessRules.mayDrop(caller, studentId);
        boolean mayDropGraded = AccessRules.mayDropGraded(caller, studentId);
        return retryOnConflict(repository.dropEnrollment(studentId, courseId, expectedVersion, mayDropGraded))
                .onFailure(failure -> !DynamoFailures.cancellationReasons(failure).isEmpty())
                .transform(failure -> {
                    List<CancellationReason> reasons = DynamoFailures.cancellationReasons(failure);
                    if (DynamoFailures.conditionFailed(reasons, DROP_EDGE)) {
                        CancellationReason edge = reasons.get(DROP_EDGE);
                        if (!DynamoFailures.exists(edge)) {
                            return notEnrolled(studentId, courseId);
                        }
                        Enrollment current = EnrollmentItems.toEnrollment(edge.item());
                        // A stale If-Match is answered first: the client's precondition is evaluated before the drop.
                        if (expectedVersion != null && current.version() != expectedVersion) {
                            return stale(current.version(), expectedVersion);
                        }
                        return current.hasGrade() ? gradedEnrolment(studentId, courseId)
                                : ProblemException.conflict("the enrolment of student " + studentId + " in course "
                                        + courseId + " changed meanwhile; retry");
                    }
                    if (DynamoFailures.conditionFailed(reasons, DROP_COURSE)) {
                        // An edge without a counted course would be a broken invariant: refuse rather than go negative.
                        return ProblemException.conflict("course " + courseId + " has no enrolment to drop");
                    }
                    return failure;
                });
    }

    /** Resends a write that met another transaction, with jittered exponential backoff; then a 503. */
    static <T> Uni<T> retryOnConflict(Uni<T> write) {
        return write.onFailure(DynamoFailures::isTransactionConflict).retry()
                .withBackOff(FIRST_BACKOFF, MAX_BACKOFF).withJitter(0.5).atMost(CONFLICT_RETRIES)
                .onFailure(DynamoFailures::isTransactionConflict).transform(failure -> ProblemException.unavailable(
                        "too many concurrent changes to the same items; retry", 1));
    }

    private static ProblemException missingSides(String studentId, boolean studentMissing, String courseId,
            boolean courseMissing) {
        if (studentMissing && courseMissing) {
            return ProblemException.notFound("student " + studentId + " and course " + courseId + " do not exist");
        }
        return studentMissing ? studentNotFound(studentId) : courseNotFound(courseId);
    }

    private static ProblemException capacityBelowEnrolled(String courseId, Integer capacity, Course current) {
        return ProblemException.conflict("capacity " + capacity + " is below the " + current.enrolledCount()
                + " students already enrolled in course " + courseId);
    }

    private static ProblemException stale(long currentVersion, Long expectedVersion) {
        return ProblemException.preconditionFailed("the enrollment is at version " + currentVersion
                + ", If-Match asked for " + expectedVersion);
    }

    private static ProblemException studentNotFound(String studentId) {
        return ProblemException.notFound("student " + studentId + " does not exist");
    }

    private static ProblemException courseNotFound(String courseId) {
        return ProblemException.notFound("course " + courseId + " does not exist");
    }

    private static ProblemException notAnInstructorOf(String courseId) {
        return ProblemException.forbidden("only the registrar and the instructors of course " + courseId
                + " grade it");
    }

    private static ProblemException gradedEnrolment(String studentId, String courseId) {
        return ProblemException.conflict("the enrolment of student " + studentId + " in course " + courseId
                + " is graded: only the registrar drops a graded enrolment");
    }

    private static ProblemException notEnrolled(String studentId, String courseId) {
        return ProblemException.notFound("student " + studentId + " is not enrolled in course " + courseId);
    }
}
