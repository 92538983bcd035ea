package dev.trident.enrollment.service;

import static dev.trident.enrollment.repository.EnrollmentRepository.COURSE_SEAT;
import static dev.trident.enrollment.repository.EnrollmentRepository.DROPPED_ENROLLMENT;
import static dev.trident.enrollment.repository.EnrollmentRepository.ENROLLED_STUDENT;
import static dev.trident.enrollment.repository.EnrollmentRepository.GRADED_ENROLLMENT;
import static dev.trident.enrollment.repository.EnrollmentRepository.TAUGHT_COURSE;

import dev.trident.enrollment.model.Course;
import dev.trident.enrollment.model.Enrollment;
import dev.trident.enrollment.repository.CourseRepository;
import dev.trident.enrollment.repository.EnrollmentRepository;
import dev.trident.support.dynamo.WriteContended;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.work.Reservations;

/**
 * What a write the table refused means to a client, by the name of the action whose condition failed: every refusal
 * the enrollment repositories can meet, in one place, one method per write, with the other answers the services give
 * about the same things (404s, 412s). The refusals a service recovers from itself (a student or course that exists
 * already, an edge changed since an instructor read it) are not answers and pass through, as does any other failure.
 */
final class Refusals {

    private Refusals() {
    }

    /** {@code PUT /students/{sid}}: the id's old life is still being deleted (409 with Retry-After). */
    static Throwable studentPut(Throwable failure, String studentId) {
        if (failure instanceof WriteContended) {
            return ProblemException.contended(student(studentId));
        }
        return Reservations.refused(failure) ? Reservations.stillDeleting("student", studentId) : failure;
    }

    /**
     * {@code PUT /courses/{cid}}: the id's old life is still being deleted (409 with Retry-After), a new term for a
     * course with enrolments (409), a capacity below the students enrolled (409), or the course removed between its
     * create and its update (409, retry).
     */
    static Throwable coursePut(Throwable failure, String courseId, String term, Integer capacity) {
        if (failure instanceof WriteContended) {
            return ProblemException.contended("course " + courseId);
        }
        if (Reservations.refused(failure)) {
            return Reservations.stillDeleting("course", courseId);
        }
        if (failure instanceof WriteRefused refused && refused.refused(CourseRepository.COURSE_CHANGE)) {
            // ALL_OLD on a failed condition: no item means the course is gone, an item is the course as it stands.
            if (!refused.itemExists()) {
                return ProblemException.conflict("course " + courseId + " was removed meanwhile; retry");
            }
            Course current = CourseRepository.courseMet(refused, CourseRepository.COURSE_CHANGE);
            return current.enrolledCount() > 0 && !term.equals(current.term())
                    ? termChangeWithEnrollments(courseId, current)
                    : capacityBelowEnrolled(courseId, capacity, current);
        }
        return failure;
    }

    /**
     * {@code PUT /students/{sid}/courses/{cid}}: already enrolled (409), a missing side (404, both named when both
     * are missing; a student whose account is being erased is missing) or a full course (409).
     */
    static Throwable enroll(Throwable failure, String studentId, String courseId) {
        if (!(failure instanceof WriteRefused refused) || Reservations.refused(failure)) {
            return enrollmentWide(failure, studentId, courseId);
        }
        if (refused.refused(EnrollmentRepository.NEW_ENROLLMENT)) {
            return ProblemException.conflict("student " + studentId + " is already enrolled in course " + courseId);
        }
        if (refused.refused(COURSE_SEAT) || refused.refused(ENROLLED_STUDENT)) {
            return seatRefused(refused, studentId, courseId);
        }
        return failure;
    }

    /**
     * {@code PATCH /students/{sid}/courses/{cid}}: the course not naming the instructor (403) outranks the edge gone
     * (404) or at another version than If-Match named ({@code expectedVersion}, null: none; 412).
     */
    static Throwable grade(Throwable failure, String studentId, String courseId, Long expectedVersion) {
        if (!(failure instanceof WriteRefused refused) || Reservations.refused(failure)) {
            return enrollmentWide(failure, studentId, courseId);
        }
        if (refused.refused(GRADED_ENROLLMENT) || refused.refused(TAUGHT_COURSE)) {
            return gradeRefused(refused, studentId, courseId, expectedVersion);
        }
        return failure;
    }

    /**
     * {@code DELETE /students/{sid}/courses/{cid}}: gone (404), a stale If-Match (412), graded (409), changed
     * meanwhile (409, retry), or a course with no enrollment counted (409).
     */
    static Throwable drop(Throwable failure, String studentId, String courseId, Long expectedVersion) {
        if (!(failure instanceof WriteRefused refused) || Reservations.refused(failure)) {
            return enrollmentWide(failure, studentId, courseId);
        }
        if (refused.refused(DROPPED_ENROLLMENT)) {
            return dropRefused(refused, studentId, courseId, expectedVersion);
        }
        if (refused.refused(EnrollmentRepository.RELEASED_SEAT)) {
            // An edge without a counted course would be a broken invariant: refused rather than going negative.
            return ProblemException.conflict("course " + courseId + " has no enrolment to drop");
        }
        return failure;
    }

    /**
     * What every write of an enrollment answers alike: contended (409 with Retry-After), or an account being erased.
     */
    private static Throwable enrollmentWide(Throwable failure, String studentId, String courseId) {
        if (failure instanceof WriteContended) {
            return ProblemException.contended(enrollment(studentId, courseId));
        }
        // An enrollment of an account being erased: the student is as gone as a deleted one.
        return Reservations.refused(failure) ? studentNotFound(studentId) : failure;
    }

    private static String student(String studentId) {
        return "student " + studentId;
    }

    private static String enrollment(String studentId, String courseId) {
        return "the enrolment of student " + studentId + " in course " + courseId;
    }

    /**
     * A student or course deletion refused: the item is gone (404), or there at another version than If-Match named
     * (ALL_OLD on the failed condition: 412).
     */
    static ProblemException deletion(WriteRefused refused, String entity, String id, Long expectedVersion) {
        if (expectedVersion != null && refused.itemExists()) {
            return ProblemException.preconditionFailed(entity + " " + id + " has changed since it was read (If-Match "
                    + "does not name its current ETag); nothing was deleted");
        }
        return ProblemException.notFound(entity, id);
    }

    /** Whether a failure is the refusal of the named action. */
    static boolean is(Throwable failure, String action) {
        return failure instanceof WriteRefused refused && refused.refused(action);
    }

    /**
     * An instructor's grade refused only because the edge changed since it was read (the course still names them):
     * read it again, unless the client asked for a version.
     */
    static boolean changedSinceRead(Throwable failure) {
        return failure instanceof WriteRefused refused && refused.refused(GRADED_ENROLLMENT) && refused.itemExists()
                && !refused.conditionFailed(TAUGHT_COURSE);
    }

    /** The enroll transaction: a missing side (both named when both are missing) outranks a full course. */
    private static ProblemException seatRefused(WriteRefused refused, String studentId, String courseId) {
        boolean courseMissing = refused.conditionFailed(COURSE_SEAT) && refused.currentItem(COURSE_SEAT).isEmpty();
        boolean studentMissing = refused.conditionFailed(ENROLLED_STUDENT);
        if (courseMissing || studentMissing) {
            return missingSides(studentId, studentMissing, courseId, courseMissing);
        }
        Course course = CourseRepository.courseMet(refused, COURSE_SEAT);
        if (course.capacity() == null || course.enrolledCount() < course.capacity()) {
            // A seat was free: the course moved to another term after it was read for the edge's copy.
            return ProblemException.conflict("course " + courseId + " moved to term " + course.term()
                    + " while the enrolment was being made; retry");
        }
        return ProblemException.conflict("course " + courseId + " is full: all " + course.capacity()
                + " places are taken");
    }

    /** A grade: the course not naming the instructor outranks the state of the edge. */
    private static ProblemException gradeRefused(WriteRefused refused, String studentId, String courseId,
            Long expectedVersion) {
        if (refused.conditionFailed(TAUGHT_COURSE)) {
            return notAnInstructorOf(courseId);
        }
        Enrollment current = EnrollmentRepository.enrollmentMet(refused, GRADED_ENROLLMENT);
        return current == null ? notEnrolled(studentId, courseId) : stale(current.version(), expectedVersion);
    }

    /** A drop: gone is a 404; a stale If-Match is answered first (the client's precondition comes before the rule). */
    private static ProblemException dropRefused(WriteRefused refused, String studentId, String courseId,
            Long expectedVersion) {
        Enrollment current = EnrollmentRepository.enrollmentMet(refused, DROPPED_ENROLLMENT);
        if (current == null) {
            return notEnrolled(studentId, courseId);
        }
        if (expectedVersion != null && !expectedVersion.equals(current.version())) {
            return stale(current.version(), expectedVersion);
        }
        return current.hasGrade() ? gradedEnrollment(studentId, courseId)
                : ProblemException.conflict("the enrolment of student " + studentId + " in course " + courseId
                        + " changed meanwhile; retry");
    }

    static ProblemException missingSides(String studentId, boolean studentMissing, String courseId,
            boolean courseMissing) {
        if (studentMissing && courseMissing) {
            return ProblemException.notFound("student " + studentId + " and course " + courseId + " do not exist");
        }
        return studentMissing ? studentNotFound(studentId) : courseNotFound(courseId);
    }

    static ProblemException studentNotFound(String studentId) {
        return ProblemException.notFound("student", studentId);
    }

    static ProblemException courseNotFound(String courseId) {
        return ProblemException.notFound("course", courseId);
    }

    static ProblemException notEnrolled(String studentId, String courseId) {
        return ProblemException.notFound("student " + studentId + " is not enrolled in course " + courseId);
    }

    static ProblemException stale(long currentVersion, Long expectedVersion) {
        return ProblemException.preconditionFailed("the enrollment is at version " + currentVersion
                + ", If-Match asked for " + expectedVersion);
    }

    /** A replace that kept losing to concurrent writers of the same student: contended, like a transaction. */
    static ProblemException studentChangedConcurrently(String studentId) {
        return ProblemException.contended(student(studentId));
    }

    /** An instructor's grade whose edge kept changing between its read and its write: contended too. */
    static ProblemException enrollmentChangedConcurrently(String studentId, String courseId) {
        return ProblemException.contended(enrollment(studentId, courseId));
    }

    private static ProblemException termChangeWithEnrollments(String courseId, Course current) {
        return ProblemException.conflict("course " + courseId + " has enrolments in term " + current.term() + " ("
                + current.enrolledCount() + "): its term changes only while nobody is enrolled");
    }

    private static ProblemException capacityBelowEnrolled(String courseId, Integer capacity, Course current) {
        return ProblemException.conflict("capacity " + capacity + " is below the " + current.enrolledCount()
                + " students already enrolled in course " + courseId);
    }

    private static ProblemException notAnInstructorOf(String courseId) {
        return ProblemException.forbidden("only the registrar and the instructors of course " + courseId
                + " grade it");
    }

    private static ProblemException gradedEnrollment(String studentId, String courseId) {
        return ProblemException.conflict("the enrolment of student " + studentId + " in course " + courseId
                + " is graded: only the registrar drops a graded enrolment");
    }
}
