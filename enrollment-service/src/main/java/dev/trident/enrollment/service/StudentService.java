package dev.trident.enrollment.service;

import dev.trident.enrollment.model.Student;
import dev.trident.enrollment.model.StudentProfile;
import dev.trident.enrollment.model.StudentWithCourses;
import dev.trident.enrollment.repository.StudentRepository;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.Timestamps;
import dev.trident.support.client.SocialUsers;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.paging.Cursors;
import dev.trident.support.security.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.util.List;

/** Students: registering one (from a social-service user) and reading a profile, alone or with its courses. */
@ApplicationScoped
public class StudentService {

    /** A replace that keeps losing to concurrent writers gives up after this many rounds. */
    private static final int REPLACE_ATTEMPTS = 5;
    private static final String STUDENT_ID = "studentId";

    private final StudentRepository students;
    private final SocialUsers socialUsers;
    private final Cursors cursors;
    private final Clock clock;

    StudentService(StudentRepository students, SocialUsers socialUsers, Cursors cursors, Clock clock) {
        this.students = students;
        this.socialUsers = socialUsers;
        this.cursors = cursors;
        this.clock = clock;
    }

    public Uni<Student> student(Caller caller, String studentId) {
        AccessRules.requireMayReadStudent(caller, studentId);
        return students.student(studentId)
                .onItem().ifNull().failWith(() -> Refusals.studentNotFound(studentId));
    }

    /** The profile and first page of enrollments; grades only for the student themselves and the registrar. */
    public Uni<StudentWithCourses> studentWithCourses(Caller caller, String studentId, int limit) {
        AccessRules.requireMayReadStudent(caller, studentId);
        return students.studentWithCourses(studentId, limit)
                .onItem().ifNull().failWith(() -> Refusals.studentNotFound(studentId))
                .map(found -> new StudentWithCourses(found.student(), AccessRules.listAsSeenBy(caller,
                        cursors.page(EnrollmentKeys.STUDENT_WITH_COURSES.cursorScope(studentId), found.courses()),
                                List.of())));
    }

    /**
     * Registers or replaces a student. The id must be a social-service user (422 otherwise), whose displayName
     * becomes the student's name, read afresh on every PUT; that check comes before any write, so a missing user or
     * an unavailable social-service (503) writes nothing. A replace is conditioned on the version it read, so
     * versions never skip. The user is read with the caller's token; the clock is read once it answered, and every
     * round of create and replace writes that time.
     */
    public Uni<Outcome<Student>> putStudent(Caller caller, String studentId, int year, String major) {
        AccessRules.requireMayRegister(caller, studentId);
        return socialUsers.require(STUDENT_ID, studentId, caller.authorization())
                .chain(user -> register(studentId, new StudentProfile(user.displayName(), year, major),
                        Timestamps.format(clock.instant()), REPLACE_ATTEMPTS))
                .onFailure().transform(failure -> Refusals.studentPut(failure, studentId));
    }

    /** A create; when the student exists, the refusal carries it, and a replace of that version follows. */
    private Uni<Outcome<Student>> register(String studentId, StudentProfile profile, String now, int attemptsLeft) {
        return students.registerStudent(studentId, profile, now,
                        StudentDeletion.notBeingDeleted(studentId))
                .map(student -> new Outcome<>(student, true))
                .onFailure(failure -> Refusals.is(failure, StudentRepository.NEW_STUDENT))
                .recoverWithUni(failure -> replace(studentId, profile, now,
                        StudentRepository.studentMet((WriteRefused) failure), attemptsLeft));
    }

    private Uni<Outcome<Student>> replace(String studentId, StudentProfile profile, String now, Student current,
            int attemptsLeft) {
        if (attemptsLeft <= 0) {
            return Uni.createFrom().failure(Refusals.studentChangedConcurrently(studentId));
        }
        if (current == null) {
            return register(studentId, profile, now, attemptsLeft - 1);
        }
        return students.replaceStudent(current, profile, now)
                .map(student -> new Outcome<>(student, false))
                .onFailure(failure -> Refusals.is(failure, StudentRepository.STUDENT_CHANGE))
                .recoverWithUni(failure -> replace(studentId, profile, now,
                        StudentRepository.studentMet((WriteRefused) failure), attemptsLeft - 1));
    }
}
