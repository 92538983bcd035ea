package dev.trident.enrollment.service;

import static dev.trident.enrollment.security.Caller.INSTRUCTOR;
import static dev.trident.enrollment.security.Caller.REGISTRAR;

import dev.trident.enrollment.security.Caller;
import dev.trident.support.problem.ProblemException;

/**
 * Who may do what in enrollment-service (DESIGN.md "Who may do what"), all in one place. Each rule is checked
 * before any call to DynamoDB or another service, so a refusal writes nothing and reveals nothing: the answer is
 * the same 403 whether the student, course or enrolment exists or not. Authentication itself (401) happens before
 * any of this: every route but /q/* needs a verified bearer token.
 */
final class AccessRules {

    private AccessRules() {
    }

    /** {@code PUT /students/{sid}}: a user registers themselves; the registrar registers anyone. */
    static void mayRegister(Caller caller, String studentId) {
        requireSelfOrRole(caller, studentId, REGISTRAR, "register");
    }

    /** {@code PUT /courses/{cid}}: only the registrar creates and changes courses. */
    static void mayChangeCourses(Caller caller) {
        requireRole(caller, REGISTRAR, "create or change courses");
    }

    /** {@code PUT /students/{sid}/courses/{cid}}: a student enrols only themselves; the registrar enrols anyone. */
    static void mayEnrol(Caller caller, String studentId) {
        requireSelfOrRole(caller, studentId, REGISTRAR, "enrol");
    }

    /** {@code DELETE /students/{sid}/courses/{cid}}: a student drops only their own courses; the registrar any. */
    static void mayDrop(Caller caller, String studentId) {
        requireSelfOrRole(caller, studentId, REGISTRAR, "drop the enrolments of");
    }

    /**
     * {@code PATCH /students/{sid}/courses/{cid}}: an instructor or the registrar grades, never the student: grading
     * one's own enrolment is refused whatever the caller's roles.
     */
    static void mayGrade(Caller caller, String studentId) {
        if (caller.is(studentId)) {
            throw ProblemException.forbidden("a student cannot grade their own enrolment");
        }
        if (!caller.hasRole(INSTRUCTOR) && !caller.hasRole(REGISTRAR)) {
            throw ProblemException.forbidden("grading needs the role " + INSTRUCTOR + " or " + REGISTRAR);
        }
    }

    /**
     * A student's profile and enrolments (with grades): the student themselves, the registrar and instructors.
     * Courses and rosters are open to any authenticated caller and need no rule.
     */
    static void mayReadStudent(Caller caller, String studentId) {
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
