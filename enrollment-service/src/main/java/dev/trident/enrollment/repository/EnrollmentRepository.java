package dev.trident.enrollment.repository;

import static dev.trident.enrollment.repository.EnrollmentEntities.CAPACITY;
import static dev.trident.enrollment.repository.EnrollmentEntities.ENROLLED_COUNT;
import static dev.trident.enrollment.repository.EnrollmentEntities.ENROLLMENT;
import static dev.trident.enrollment.repository.EnrollmentEntities.GRADE;
import static dev.trident.enrollment.repository.EnrollmentEntities.INSTRUCTOR_IDS;
import static dev.trident.enrollment.repository.EnrollmentEntities.TERM;
import static dev.trident.keys.entity.StandardAttributes.UPDATED_AT;
import static dev.trident.keys.entity.StandardAttributes.VERSION;

import dev.trident.enrollment.model.Course;
import dev.trident.enrollment.model.Enrollment;
import dev.trident.enrollment.model.Student;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.KeyParts;
import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.expr.Condition;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.UpdateExpressionBuilder.UpdateExpression;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.KeyQuery;
import dev.trident.support.dynamo.ListArguments;
import dev.trident.support.dynamo.Listing;
import dev.trident.support.dynamo.Slice;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.WriteRefused;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * The enrollment edges: enroll, grade and drop, one edge and both of its lists (the student's courses, the course's
 * roster). Enroll and drop change the edge and the course's enrolledCount in one transaction.
 */
@ApplicationScoped
public class EnrollmentRepository {

    // The actions whose conditions can refuse a write, as WriteRefused names them. DynamoDB reports every action of a
    // transaction whose condition failed (WriteRefused#conditionFailed), the first naming the refusal.
    /** Enroll: the edge exists already. */
    public static final String NEW_ENROLLMENT = "new-enrolment";
    /**
     * Enroll: the course is gone (no item), full, or in another term than the one read for the edge (the refusal
     * carries it, {@link CourseRepository#courseMet}).
     */
    public static final String COURSE_SEAT = "course-seat";
    /** Enroll: the student is gone. */
    public static final String ENROLLED_STUDENT = "enrolled-student";
    /** Grade: the edge is gone (no item) or at another version than expected (the refusal carries it). */
    public static final String GRADED_ENROLLMENT = "graded-enrolment";
    /** An instructor's grade: the course does not name the caller among its instructorIds. */
    public static final String TAUGHT_COURSE = "taught-course";
    /** Drop: the edge is gone (no item), at another version than expected, or graded (the refusal carries it). */
    public static final String DROPPED_ENROLLMENT = "dropped-enrolment";
    /** Drop: the course has no enrollment to count off (its enrolledCount is 0, or it is gone). */
    public static final String RELEASED_SEAT = "released-seat";

    private final DynamoTable table;

    EnrollmentRepository(DynamoTable table) {
        this.table = table;
    }

    /**
     * A student's courses, course id descending (the order of {@link StudentRepository#studentWithCourses}, whose
     * slice the whole list continues), eventually consistent: all of them, one Query per page
     * {@code PK = STU#<id> AND begins_with(SK, ENROLL#CRS#)}, or with a term argument only that term's
     * ({@link #studentTermCourses}). An unknown student lists empty.
     */
    public Listing<Enrollment> studentCourses(String studentId, ListArguments arguments) {
        return arguments.get(KeyParts.TERM).map(term -> studentTermCourses(studentId, term))
                .orElseGet(() -> table.listing(KeyQuery.of(EnrollmentKeys.STUDENT_COURSES)
                        .in(EnrollmentKeys.studentPartition(studentId)), ENROLLMENT, studentId));
    }

    /**
     * A student's enrolments in one term: one Query per page on GSI2 {@code GSI2PK = STU#<id>#TERM#<term>} (a key
     * condition: only that term's edges are read), eventually consistent as every index read.
     */
    public Listing<Enrollment> studentTermCourses(String studentId, String term) {
        return table.listing(KeyQuery.of(EnrollmentKeys.STUDENT_TERM_COURSES)
                .in(EnrollmentKeys.STUDENT_TERM_COLLECTION.partitionOf(studentId, term)), ENROLLMENT, studentId, term);
    }

    /**
     * A page of a course's roster: one Query on GSI1 {@code GSI1PK = CRS#<id> AND begins_with(GSI1SK, STU#)},
     * student id ascending (continuing {@link CourseRepository#courseWithStudents}), eventually consistent as every
     * index read, {@code Limit = limit + 1}. An unknown course lists empty.
     */
    public Uni<Slice<Enrollment>> courseRoster(String courseId, CursorState resume, int limit) {
        return table.list(KeyQuery.of(EnrollmentKeys.COURSE_ROSTER).in(EnrollmentKeys.coursePartition(courseId))
                .resumingAt(resume), limit,
                ENROLLMENT);
    }

    /**
     * Enroll: one TransactWriteItems of {@link #NEW_ENROLLMENT} Put edge {@code attribute_not_exists(PK)} (with copies
     * of the student's name and the course's title, term and credits, and the GSI2 key of its term), {@link
     * #COURSE_SEAT} Update course {@code ADD enrolledCount 1, version 1} under {@code attribute_exists(PK) AND
     * (attribute_not_exists(capacity) OR enrolledCount < capacity) AND term = :term} (the term copied: a course
     * moved to another term since it was read refuses the edge), {@link #ENROLLED_STUDENT} ConditionCheck student
     * {@code attribute_exists(PK)}.
     * + {@code alongside} (the check that no erasure of the student's account is running). The edge is enrolled,
     * created and updated {@code now}. Emits the new edge.
     */
    public Uni<Enrollment> enroll(Student student, Course course, String now, Transaction.Part alongside) {
        Enrollment edge = new Enrollment(student.studentId(), course.courseId(), now, null, student.name(),
                course.title(), course.term(), course.credits(), 1L, now, now);
        Condition seat = Conditions.ITEM_EXISTS.and(Conditions.or(Conditions.attributeNotExists(CAPACITY.name()),
                Conditions.lessThanAttribute(ENROLLED_COUNT.name(), CAPACITY.name())));
        Condition sameTerm = course.term() == null ? Conditions.attributeNotExists(TERM.name())
                : Conditions.equalTo(TERM, course.term());
        UpdateExpression countUp = new UpdateExpressionBuilder()
                .add(ENROLLED_COUNT, 1)
                .add(VERSION, 1)
                .set(UPDATED_AT, now)
                .condition(seat.and(sameTerm))
                .build();
        return table.transact(EnrollmentKeys.ENROL, Transaction.of()
                        .create(NEW_ENROLLMENT, ENROLLMENT, edge)
                        .update(COURSE_SEAT, EnrollmentKeys.course(course.courseId()), countUp)
                        .check(ENROLLED_STUDENT, EnrollmentKeys.student(student.studentId()), Conditions.ITEM_EXISTS)
                        .include(alongside))
                .replaceWith(edge);
    }

    /**
     * One enrollment: one GetItem {@code STU#<sid>/ENROLL#CRS#<cid>}, strongly consistent (its ETag is what a grade
     * or drop sends back in If-Match). Emits null when absent.
     */
    public Uni<Enrollment> enrollment(String studentId, String courseId) {
        return table.get(EnrollmentKeys.ENROLLMENT, ENROLLMENT, EnrollmentKeys.enrollment(studentId, courseId));
    }

    /**
     * The registrar sets a grade: one UpdateItem on the edge {@code SET grade, ADD version 1} under
     * {@code attribute_exists(PK)} and, when given, {@code version = :expected}. Emits the edge as updated; refused as
     * {@link #GRADED_ENROLLMENT}.
     */
    public Uni<Enrollment> grade(String studentId, String courseId, String grade, Long expectedVersion, String now) {
        return table.update(EnrollmentKeys.GRADE_UPDATE, GRADED_ENROLLMENT,
                EnrollmentKeys.enrollment(studentId, courseId), setGrade(grade, now, expectedVersion))
                .map(ENROLLMENT::fromItem);
    }

    /**
     * The edge an instructor is about to grade: one GetItem {@code STU#<sid>/ENROLL#CRS#<cid>}, strongly consistent,
     * so that the version the grade is conditioned on is the latest. Emits null when absent.
     */
    public Uni<Enrollment> enrollmentToGrade(String studentId, String courseId) {
        return table.get(EnrollmentKeys.GRADE_EDGE_READ, ENROLLMENT,
                EnrollmentKeys.enrollment(studentId, courseId));
    }

    /**
     * An instructor sets a grade: one TransactWriteItems of {@link #GRADED_ENROLLMENT} Update edge {@code SET grade}
     * under {@code attribute_exists(PK) AND version = current.version}, {@link #TAUGHT_COURSE} ConditionCheck course
     * {@code contains(instructorIds, :instructor)}: the grade is written only while the course names the caller (a
     * registrar removing them meanwhile wins). A transaction returns no item: emits {@code current} as graded.
     */
    public Uni<Enrollment> gradeAsInstructor(Enrollment current, String grade, String instructorId, String now) {
        Condition teaches = Conditions.contains(INSTRUCTOR_IDS, instructorId);
        return table.transact(EnrollmentKeys.GRADE_AS_INSTRUCTOR, Transaction.of()
                        .update(GRADED_ENROLLMENT, EnrollmentKeys.enrollment(current.studentId(), current.courseId()),
                                setGrade(grade, now, current.version()))
                        .check(TAUGHT_COURSE, EnrollmentKeys.course(current.courseId()), teaches))
                .replaceWith(current.graded(grade, now));
    }

    /**
     * Drop: one TransactWriteItems of {@link #DROPPED_ENROLLMENT} Delete edge under {@code attribute_exists(PK)} (and
     * {@code version = :expected} when given, and {@code attribute_not_exists(grade)} unless {@code mayDropGraded}),
     * {@link #RELEASED_SEAT} Update course {@code ADD enrolledCount -1, version 1} under {@code enrolledCount > 0}.
     * The grade condition sits on the delete itself, so a grade set after the caller last looked still stops it.
     */
    public Uni<Void> drop(String studentId, String courseId, Long expectedVersion, boolean mayDropGraded,
            String now) {
        Condition edgeState = mayDropGraded ? existsAtVersion(expectedVersion)
                : existsAtVersion(expectedVersion).and(Conditions.attributeNotExists(GRADE.name()));
        UpdateExpression countDown = new UpdateExpressionBuilder()
                .add(ENROLLED_COUNT, -1)
                .add(VERSION, 1)
                .set(UPDATED_AT, now)
                .condition(Conditions.ITEM_EXISTS.and(Conditions.greaterThan(ENROLLED_COUNT, 0L)))
                .build();
        return table.transact(EnrollmentKeys.DROP, Transaction.of()
                .delete(DROPPED_ENROLLMENT, EnrollmentKeys.enrollment(studentId, courseId), edgeState)
                .update(RELEASED_SEAT, EnrollmentKeys.course(courseId), countDown));
    }

    /**
     * An enrollment as a caller who may not read its grade sees it: no grade, no version, no updatedAt (the guarded
     * attribute and what moves with it, declared once in {@link dev.trident.keys.entity.GuardedAttribute#GRADE}).
     */
    public static Enrollment withheld(Enrollment edge) {
        return EnrollmentEntities.withheld(edge);
    }

    /** The edge the named refused action met; null when there was none. */
    public static Enrollment enrollmentMet(WriteRefused refused, String action) {
        return ENROLLMENT.fromItem(refused.currentItem(action));
    }

    private static UpdateExpression setGrade(String grade, String now, Long expectedVersion) {
        return new UpdateExpressionBuilder()
                .set(GRADE, grade)
                .set(UPDATED_AT, now)
                .add(VERSION, 1)
                .condition(existsAtVersion(expectedVersion))
                .build();
    }

    private static Condition existsAtVersion(Long expectedVersion) {
        return expectedVersion == null ? Conditions.ITEM_EXISTS
                : Conditions.ITEM_EXISTS.and(Conditions.versionEquals(expectedVersion));
    }
}
