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
 * the enrollment repositories can meet, in one place, with the other answers the services give about the same
 * things (404s, 412s). The refusals a service recovers from itself (a student or course that exists already, an edge
 * changed since an instructor read it) are not answers and pass through.
 */
final class Refusals {

    private Refusals() {
    }

    /**
     * What a refused request was about: the ids in the answer, the If-Match version it carried (null: none) and, for
     * a course PUT, the capacity it asked for.
     */
    record Subject(String studentId, String courseId, Long expectedVersion, Integer capacity) {
        static Subject student(String studentId) {
            return new Subject(studentId, null, null, null);
        }

        static Subject course(String courseId, Integer capacity) {
            return new Subject(null, courseId, null, capacity);
        }

        static Subject enrollment(String studentId, String courseId, Long expectedVersion) {
            return new Subject(studentId, courseId, expectedVersion, null);
        }

        /** What the request was about, in the words of an answer's detail. */
        String describe() {
            if (studentId != null && courseId != null) {
                return "the enrolment of student " + studentId + " in course " + courseId;
            }
            return studentId != null ? "student " + studentId : "course " + courseId;
        }
    }

    /** The problem for a refused or contended write; any other failure passes unchanged. */
    static Throwable toProblem(Throwable failure, Subject subject) {
        if (failure instanceof WriteContended) {
            return ProblemException.contended(subject.describe());
        }
        if (Reservations.refused(failure)) {
            if (subject.studentId() != null && subject.courseId() != null) {
                return studentNotFound(subject.studentId()); // an enrollment of an account being erased
            }
            return subject.studentId() != null ? Reservations.stillDeleting("student", subject.studentId())
                    : Reservations.stillDeleting("course", subject.courseId());
        }
        if (!(failure instanceof WriteRefused refused)) {
            return failure;
        }
        String studentId = subject.studentId();
        String courseId = subject.courseId();
        return switch (refused.action()) {
            // ALL_OLD on a failed condition: no item means the course is gone, an item is the course as it stands.
            case CourseRepository.COURSE_CHANGE -> refused.itemExists()
                    ? capacityBelowEnrolled(courseId, subject.capacity(),
                            CourseRepository.courseMet(refused, CourseRepository.COURSE_CHANGE))
                    : ProblemException.conflict("course " + courseId + " was removed meanwhile; retry");
            case EnrollmentRepository.NEW_ENROLLMENT ->
                    ProblemException.conflict("student " + studentId + " is already enrolled in course " + courseId);
            case COURSE_SEAT, ENROLLED_STUDENT -> seatRefused(refused, studentId, courseId);
            case GRADED_ENROLLMENT, TAUGHT_COURSE -> gradeRefused(refused, subject);
            case DROPPED_ENROLLMENT -> dropRefused(refused, subject);
            // An edge without a counted course would be a broken invariant: refused rather than going negative.
            case EnrollmentRepository.RELEASED_SEAT ->
                    ProblemException.conflict("course " + courseId + " has no enrolment to drop");
            default -> failure;
        };
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
        return ProblemException.conflict("course " + courseId + " is full: all " + course.capacity()
                + " places are taken");
    }

    /** A grade: the course not naming the instructor outranks the state of the edge. */
    private static ProblemException gradeRefused(WriteRefused refused, Subject subject) {
        if (refused.conditionFailed(TAUGHT_COURSE)) {
            return notAnInstructorOf(subject.courseId());
        }
        Enrollment current = EnrollmentRepository.enrollmentMet(refused, GRADED_ENROLLMENT);
        return current == null ? notEnrolled(subject.studentId(), subject.courseId())
                : stale(current.version(), subject.expectedVersion());
    }

    /** A drop: gone is a 404; a stale If-Match is answered first (the client's precondition comes before the rule). */
    private static ProblemException dropRefused(WriteRefused refused, Subject subject) {
        Enrollment current = EnrollmentRepository.enrollmentMet(refused, DROPPED_ENROLLMENT);
        if (current == null) {
            return notEnrolled(subject.studentId(), subject.courseId());
        }
        if (subject.expectedVersion() != null && !subject.expectedVersion().equals(current.version())) {
            return stale(current.version(), subject.expectedVersion());
        }
        return current.hasGrade() ? gradedEnrollment(subject.studentId(), subject.courseId())
                : ProblemException.conflict("the enrolment of student " + subject.studentId() + " in course "
                        + subject.courseId() + " changed meanwhile; retry");
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
        return ProblemException.contended(Subject.student(studentId).describe());
    }

    /** An instructor's grade whose edge kept changing between its read and its write: contended too. */
    static ProblemException enrollmentChangedConcurrently(String studentId, String courseId) {
        return ProblemException.contended(Subject.enrollment(studentId, courseId, null).describe());
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
