package dev.trident.enrollment.repository;

import static dev.trident.keys.entity.StandardAttributes.CREATED_AT;
import static dev.trident.keys.entity.StandardAttributes.UPDATED_AT;
import static dev.trident.keys.entity.StandardAttributes.VERSION;

import dev.trident.enrollment.model.Course;
import dev.trident.enrollment.model.Enrollment;
import dev.trident.enrollment.model.Student;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.entity.Attribute;
import dev.trident.keys.entity.EntitySchema;
import dev.trident.keys.entity.GuardedAttribute;
import dev.trident.keys.entity.KeyInput;
import java.util.List;
import java.util.Set;

/**
 * Students, courses and enrollment edges, each declared once: keys, index keys, attributes and how an item reads
 * back. The repositories derive every item, key, update and condition from these; no attribute name is spelled
 * anywhere else in the service.
 */
final class EnrollmentEntities {

    static final Attribute<String> STUDENT_ID = Attribute.string("studentId");
    /** The displayName of the social-service user, read on every PUT of the student. */
    static final Attribute<String> NAME = Attribute.string("name");
    static final Attribute<Integer> YEAR = Attribute.integer("year");
    static final Attribute<String> MAJOR = Attribute.string("major");
    static final Attribute<String> COURSE_ID = Attribute.string("courseId");
    static final Attribute<String> TITLE = Attribute.string("title");
    static final Attribute<Integer> CREDITS = Attribute.integer("credits");
    static final Attribute<String> TERM = Attribute.string("term");
    /** Absent: unlimited. */
    static final Attribute<Integer> CAPACITY = Attribute.integer("capacity");
    /** Kept by the enroll and drop transactions; 0 from the start, so the capacity condition has a value to compare. */
    static final Attribute<Long> ENROLLED_COUNT = Attribute.number("enrolledCount");
    static final Attribute<String> WORKSPACE_ID = Attribute.string("workspaceId");
    /**
     * A string set, so a grade's transaction can check {@code contains(instructorIds, :caller)}; absent when none.
     * Read back in id order.
     */
    static final Attribute<Set<String>> INSTRUCTOR_IDS = Attribute.stringSet("instructorIds");
    static final Attribute<String> ENROLLED_ON = Attribute.string("enrolledOn");
    /**
     * On the edge only; absent until graded. A guarded attribute ({@link GuardedAttribute#GRADE}: who may read it is
     * AccessRules'); {@link #withheld} is the one projection every read path applies for a caller who may not.
     */
    static final Attribute<String> GRADE = Attribute.string(GuardedAttribute.GRADE.name());
    // Copies taken at enrollment, so that both lists render without a read per row.
    static final Attribute<String> STUDENT_NAME = Attribute.string("studentName");
    static final Attribute<String> COURSE_TITLE = Attribute.string("courseTitle");
    static final Attribute<String> COURSE_TERM = Attribute.string("courseTerm");
    static final Attribute<Integer> COURSE_CREDITS = Attribute.integer("courseCredits");

    /** {@code STU#<studentId>/PROFILE}. */
    static final EntitySchema<Student> STUDENT = EntitySchema
            .of(EntityType.STUDENT, (Student s) -> EnrollmentKeys.student(s.studentId()))
            .attribute(STUDENT_ID, Student::studentId)
            .attribute(YEAR, Student::year)
            .attribute(MAJOR, Student::major)
            .attribute(NAME, Student::name)
            .attribute(VERSION, Student::version)
            .attribute(CREATED_AT, Student::createdAt)
            .attribute(UPDATED_AT, Student::updatedAt)
            .reads(item -> new Student(STUDENT_ID.read(item), NAME.read(item), YEAR.read(item, 0), MAJOR.read(item),
                    VERSION.read(item, 0L), CREATED_AT.read(item), UPDATED_AT.read(item)));

    /** How many write shards a term's catalogue has ({@code trident.enrollment.catalogue.shards}). */
    static final KeyInput<Integer> CATALOGUE_SHARDS = KeyInput.named(EnrollmentKeys.CATALOGUE_SHARDS_INPUT);

    /**
     * {@code CRS#<courseId>/METADATA}, on GSI1 under the same key, so a roster Query brings the course first, and on
     * GSI2 as {@code TERM#<term>#<shard>/<courseId>}, one write shard of the term's catalogue among
     * {@link #CATALOGUE_SHARDS}. Written with that count bound ({@code COURSE.with(...)}); read back without.
     */
    static final EntitySchema<Course> COURSE = EntitySchema
            .of(EntityType.COURSE, (Course c) -> EnrollmentKeys.course(c.courseId()))
            .attribute(COURSE_ID, Course::courseId)
            .attribute(TITLE, Course::title)
            .attribute(CREDITS, Course::credits)
            .attribute(TERM, Course::term)
            .attribute(CAPACITY, Course::capacity)
            .attribute(WORKSPACE_ID, Course::workspaceId)
            .attribute(INSTRUCTOR_IDS, c -> Set.copyOf(c.instructorIds()))
            .attribute(ENROLLED_COUNT, Course::enrolledCount)
            .attribute(VERSION, Course::version)
            .attribute(CREATED_AT, Course::createdAt)
            .attribute(UPDATED_AT, Course::updatedAt)
            .reads(item -> new Course(COURSE_ID.read(item), TITLE.read(item), CREDITS.read(item, 0),
                    TERM.read(item), CAPACITY.read(item), ENROLLED_COUNT.read(item, 0L), WORKSPACE_ID.read(item),
                    List.copyOf(INSTRUCTOR_IDS.read(item, Set.of())), VERSION.read(item, 0L),
                    CREATED_AT.read(item), UPDATED_AT.read(item)));

    /**
     * {@code STU#<sid>/ENROLL#CRS#<cid>}, inverted on GSI1 as {@code CRS#<cid>/STU#<sid>} (the roster), and on GSI2 as
     * {@code STU#<sid>#TERM#<courseTerm>/CRS#<cid>} (the student's enrolments in one term). The course's term never
     * changes while it has enrolments (CourseRepository#updateCourse), so the copy keyed here stays the course's.
     */
    static final EntitySchema<Enrollment> ENROLLMENT = EntitySchema
            .of(EntityType.ENROLLMENT, (Enrollment e) -> EnrollmentKeys.enrollment(e.studentId(), e.courseId()))
            .attribute(STUDENT_ID, Enrollment::studentId)
            .attribute(COURSE_ID, Enrollment::courseId)
            .attribute(ENROLLED_ON, Enrollment::enrolledOn)
            .attribute(GRADE, Enrollment::grade)
            .attribute(STUDENT_NAME, Enrollment::studentName)
            .attribute(COURSE_TITLE, Enrollment::courseTitle)
            .attribute(COURSE_TERM, Enrollment::courseTerm)
            .attribute(COURSE_CREDITS, Enrollment::courseCredits)
            .attribute(VERSION, Enrollment::version)
            .attribute(CREATED_AT, Enrollment::createdAt)
            .attribute(UPDATED_AT, Enrollment::updatedAt)
            .reads(item -> new Enrollment(STUDENT_ID.read(item), COURSE_ID.read(item), ENROLLED_ON.read(item),
                    GRADE.read(item), STUDENT_NAME.read(item), COURSE_TITLE.read(item), COURSE_TERM.read(item),
                    COURSE_CREDITS.read(item), VERSION.read(item), CREATED_AT.read(item), UPDATED_AT.read(item)));

    /** The enrollment without its grade and what moves with it ({@link GuardedAttribute#GRADE}). */
    static Enrollment withheld(Enrollment edge) {
        return ENROLLMENT.fromItem(GuardedAttribute.GRADE.withheldFromEntity(ENROLLMENT.toItem(edge)));
    }

    private EnrollmentEntities() {
    }
}
