package dev.trident.enrollment.repository;

import static dev.trident.enrollment.repository.EnrollmentEntities.ENROLLMENT;
import static dev.trident.enrollment.repository.EnrollmentEntities.STUDENT;

import dev.trident.enrollment.model.Enrollment;
import dev.trident.enrollment.model.Student;
import dev.trident.enrollment.model.StudentProfile;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.expr.Conditions;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.KeyQuery;
import dev.trident.support.dynamo.Slice;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.WriteRefused;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** Student profiles, and a profile read together with the first page of its enrollments. */
@ApplicationScoped
public class StudentRepository {

    // The actions whose conditions can refuse a write, as WriteRefused names them.
    /** The student to register exists already; the refusal carries it ({@link #studentMet}). */
    public static final String NEW_STUDENT = "new-student";
    /** The student to replace is gone (no item) or at another version (the refusal carries it). */
    public static final String STUDENT_CHANGE = "student";

    private final DynamoTable table;

    StudentRepository(DynamoTable table) {
        this.table = table;
    }

    /** A profile and the first page of its enrollments, newest course id first. */
    public record StudentAndCourses(Student student, Slice<Enrollment> courses) {
    }

    /**
     * A student profile: one GetItem {@code STU#<id>/PROFILE}, strongly consistent: its answer carries the
     * profile's ETag, which never goes back to a version older than one the client was already given. Emits null
     * when absent.
     */
    public Uni<Student> student(String studentId) {
        return table.get(EnrollmentKeys.STUDENT, STUDENT, EnrollmentKeys.student(studentId));
    }

    /**
     * The student an enrollment is about to name: one GetItem {@code STU#<id>/PROFILE}, eventually consistent (only
     * the name is copied onto the edge; the enrollment's transaction re-checks that the student exists). Emits null
     * when absent.
     */
    public Uni<Student> studentToEnroll(String studentId) {
        return table.get(EnrollmentKeys.ENROL_STUDENT, STUDENT, EnrollmentKeys.student(studentId));
    }

    /**
     * Register a student: one TransactWriteItems of the profile under {@code attribute_not_exists(PK)}, version 1,
     * created and updated {@code now}, and what {@code alongside} adds (the check that no deletion of the id is still
     * running). Refused as {@link #NEW_STUDENT}, carrying the registered student, when there is one.
     */
    public Uni<Student> registerStudent(String studentId, StudentProfile profile, String now,
            Transaction.Part alongside) {
        Student student = new Student(studentId, profile.name(), profile.year(), profile.major(), 1, now, now);
        return table.transact(EnrollmentKeys.STUDENT_PUT, Transaction.of()
                .create(NEW_STUDENT, STUDENT.toItem(student))
                .include(alongside)).replaceWith(student);
    }

    /**
     * Replace a registered student's profile: one PutItem under {@code attribute_exists(PK) AND version = :read},
     * writing the next version, updated {@code now}, and keeping createdAt. Refused as {@link #STUDENT_CHANGE} when
     * the profile changed (carrying it) or vanished (no item) since {@code current} was read.
     */
    public Uni<Student> replaceStudent(Student current, StudentProfile profile, String now) {
        Student replaced = new Student(current.studentId(), profile.name(), profile.year(), profile.major(),
                current.version() + 1, current.createdAt(), now);
        return table.put(EnrollmentKeys.STUDENT_PUT, STUDENT_CHANGE, STUDENT.toItem(replaced),
                Conditions.ITEM_EXISTS.and(Conditions.versionEquals(current.version()))).replaceWith(replaced);
    }

    /**
     * A profile and the first page of its enrollments in one read: one Query {@code PK = STU#<id>}, descending (so
     * PROFILE, which sorts after {@code ENROLL#}, comes first, then the newest course ids), strongly consistent (the
     * answer carries the profile's ETag);
     * {@code Limit} = the profile + {@code limit} edges + one more proving a next page. The slice resumes the
     * student's list of courses ({@link EnrollmentRepository#studentCourses}). Emits null when there is no profile.
     */
    public Uni<StudentAndCourses> studentWithCourses(String studentId, int limit) {
        return table.query(KeyQuery.of(EnrollmentKeys.STUDENT_WITH_COURSES)
                .in(EnrollmentKeys.studentPartition(studentId)).limit(limit + 2))
                .map(page -> {
                    var items = page.items();
                    Student student = items.stream().filter(STUDENT::holds).findFirst().map(STUDENT::fromItem)
                            .orElse(null);
                    if (student == null) {
                        return null;
                    }
                    var edges = items.stream().filter(ENROLLMENT::holds).toList();
                    return new StudentAndCourses(student, Slice.fromQuery(edges, limit, null, page.next(),
                            ENROLLMENT::fromItem));
                });
    }

    /** The student a refused {@link #NEW_STUDENT} or {@link #STUDENT_CHANGE} met; null when there was none. */
    public static Student studentMet(WriteRefused refused) {
        return STUDENT.fromItem(refused.currentItem());
    }
}
