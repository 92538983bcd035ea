package dev.trident.enrollment.service;

import static dev.trident.support.security.Caller.INSTRUCTOR;
import static dev.trident.support.security.Caller.REGISTRAR;

import dev.trident.enrollment.model.Enrollment;
import dev.trident.enrollment.repository.EnrollmentRepository;
import dev.trident.support.paging.Page;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.security.Caller;
import java.util.List;

/**
 * Who may do what in enrollment-service (docs/api.md "Who may do what"), all in one place. Each rule is checked
 * before any call to DynamoDB or another service, so a refusal writes nothing and reveals nothing: the answer is
 * the same 403 whether the student, course or enrollment exists or not. Authentication itself (401) happens before
 * any of this: every route but /q/* needs a verified bearer token. As in the other services, a {@code require*} rule
 * returns or refuses with its answer; a question ({@code mayDropGraded}, {@code gradesEveryCourse}) answers yes or no.
 */
final class AccessRules {

    private AccessRules() {
    }

    /** {@code PUT /students/{sid}}: a user registers themselves; the registrar registers anyone. */
    static void requireMayRegister(Caller caller, String studentId) {
        requireSelfOrRole(caller, studentId, REGISTRAR, "register");
    }

    /** {@code DELETE /students/{sid}}: a student deletes themselves; the registrar anyone. */
    static void requireMayDeleteStudent(Caller caller, String studentId) {
        requireSelfOrRole(caller, studentId, REGISTRAR, "delete");
    }

    /** {@code PUT /courses/{cid}} and {@code DELETE /courses/{cid}}: only the registrar creates, changes, deletes. */
    static void requireMayChangeCourses(Caller caller) {
        requireRole(caller, REGISTRAR, "create or change courses");
    }

    /** {@code PUT /students/{sid}/courses/{cid}}: a student enrolls only themselves; the registrar enrolls anyone. */
    static void requireMayEnroll(Caller caller, String studentId) {
        requireSelfOrRole(caller, studentId, REGISTRAR, "enrol");
    }

    /** {@code DELETE /students/{sid}/courses/{cid}}: a student drops only their own courses; the registrar any. */
    static void requireMayDrop(Caller caller, String studentId) {
        requireSelfOrRole(caller, studentId, REGISTRAR, "drop the enrolments of");
    }

    /**
     * Dropping a graded enrollment erases its grade, so only the registrar may, and never on their own enrollment (as
     * with grading). Everyone else's drop carries the condition "not graded" on the delete itself (a 409 when it
     * fails), so it is not decided here but by the write.
     */
    static boolean mayDropGraded(Caller caller, String studentId) {
        return caller.hasRole(REGISTRAR) && !caller.is(studentId);
    }

    /**
     * {@code PATCH /students/{sid}/courses/{cid}}: an instructor or the registrar grades, never the student: grading
     * one's own enrollment is refused whatever the caller's roles. This is the part decided from the token alone; an
     * instructor who is not the registrar must also be one of the course's {@code instructorIds}, which the grade's
     * own transaction checks on the course item ({@link #gradesEveryCourse}).
     */
    static void requireMayGrade(Caller caller, String studentId) {
        if (caller.is(studentId)) {
            throw ProblemException.forbidden("a student cannot grade their own enrolment");
        }
        if (!caller.hasRole(INSTRUCTOR) && !caller.hasRole(REGISTRAR)) {
            throw ProblemException.forbidden("grading needs the role " + INSTRUCTOR + " or " + REGISTRAR);
        }
    }

    /** The registrar grades, and sees the grades of, every course; an instructor only the courses naming them. */
    static boolean gradesEveryCourse(Caller caller) {
        return caller.hasRole(REGISTRAR);
    }

    /** Whether the caller's view of a course's grades depends on who teaches that course (an instructor's does). */
    static boolean gradeViewDependsOnCourse(Caller caller) {
        return !caller.hasRole(REGISTRAR) && caller.hasRole(INSTRUCTOR);
    }

    /**
     * Whether the caller sees every grade of a course whose instructors are {@code courseInstructors}: the registrar
     * and those instructors. Pass no instructors where the course is not at hand (a student's list of courses): there
     * only the registrar sees every grade.
     */
    static boolean seesEveryGradeOf(Caller caller, List<String> courseInstructors) {
        return caller.hasRole(REGISTRAR) || caller.hasRole(INSTRUCTOR) && caller.userId() != null
                && courseInstructors.contains(caller.userId());
    }

    /**
     * One enrollment as the caller sees it: with its grade for the student themselves and for callers who see every
     * grade of the course; for everyone else without the grade and what moves with it (version, updatedAt: DESIGN.md,
     * never on another caller's roster), graded or not, so a roster does not even tell who was graded.
     */
    static Enrollment asSeenBy(Caller caller, Enrollment edge, boolean seesEveryGrade) {
        return seesEveryGrade || caller.is(edge.studentId()) ? edge : EnrollmentRepository.withheld(edge);
    }

    /**
     * A list of enrollments as the caller sees it ({@link #asSeenBy}): a roster, with its course's instructors, or a
     * student's list of courses, with none. A student's list spans courses that each have their own instructors;
     * rather than read every course of the page, an instructor sees none of the grades there (they see them on their
     * own course's roster and enrollments).
     */
    static Page<Enrollment> listAsSeenBy(Caller caller, Page<Enrollment> edges, List<String> courseInstructors) {
        boolean seesEveryGrade = seesEveryGradeOf(caller, courseInstructors);
        return edges.map(edge -> asSeenBy(caller, edge, seesEveryGrade));
    }

    /**
     * A student's profile and enrollments: the student themselves, the registrar and instructors (an instructor sees
     * a grade only on one enrollment of a course naming them, never on the student's lists). Courses and rosters are
     * open to any authenticated caller; the grades on them are not. Which grades each caller sees: {@link #asSeenBy}.
     */
    static void requireMayReadStudent(Caller caller, String studentId) {
        if (!caller.is(studentId) && !caller.hasRole(REGISTRAR) && !caller.hasRole(INSTRUCTOR)) {
            throw ProblemException.forbidden("only the student, the " + REGISTRAR + " and instructors read student "
                    + studentId);
        }
    }

    private static void requireRole(Caller caller, String role, String action) {
        if (!caller.hasRole(role)) {
            throw ProblemException.forbidden("only the " + role + " may " + action);
        }
    }

    private static void requireSelfOrRole(Caller caller, String studentId, String role, String action) {
        if (!caller.is(studentId) && !caller.hasRole(role)) {
            throw ProblemException.forbidden("only student " + studentId + " or the " + role + " may " + action
                    + " student " + studentId);
        }
    }
}
