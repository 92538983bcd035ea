package dev.trident.enrollment.repository;

import static dev.trident.support.dynamo.Attributes.n;
import static dev.trident.support.dynamo.Attributes.number;
import static dev.trident.support.dynamo.Attributes.optionalInt;
import static dev.trident.support.dynamo.Attributes.s;
import static dev.trident.support.dynamo.Attributes.string;

import dev.trident.enrollment.model.Course;
import dev.trident.enrollment.model.CourseChanges;
import dev.trident.enrollment.model.Enrollment;
import dev.trident.enrollment.model.Student;
import dev.trident.enrollment.model.StudentProfile;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.TableSchema;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The attribute layout of students, courses and enrollment edges, both ways. */
public final class EnrollmentItems {

    static final String STUDENT_ID = "studentId";
    static final String NAME = "name";
    static final String YEAR = "year";
    static final String MAJOR = "major";
    static final String COURSE_ID = "courseId";
    static final String TITLE = "title";
    static final String CREDITS = "credits";
    static final String TERM = "term";
    static final String CAPACITY = "capacity";
    static final String ENROLLED_COUNT = "enrolledCount";
    static final String WORKSPACE_ID = "workspaceId";
    /** A string set on the course; absent when the course has no instructor (DynamoDB has no empty set). */
    static final String INSTRUCTOR_IDS = "instructorIds";
    static final String ENROLLED_ON = "enrolledOn";
    static final String GRADE = "grade";
    static final String STUDENT_NAME = "studentName";
    static final String COURSE_TITLE = "courseTitle";
    static final String COURSE_TERM = "courseTerm";
    static final String COURSE_CREDITS = "courseCredits";

    private EnrollmentItems() {
    }

    static Map<String, AttributeValue> studentItem(String studentId, StudentProfile profile, long version,
            String createdAt, String now) {
        Map<String, AttributeValue> item = new HashMap<>(EnrollmentKeys.student(studentId).toAttributes());
        item.put(TableSchema.TYPE, EntityType.STUDENT.typeAttribute());
        item.put(STUDENT_ID, s(studentId));
        item.put(YEAR, n(profile.year()));
        item.put(MAJOR, s(profile.major()));
        putIfPresent(item, NAME, profile.name());
        item.put(TableSchema.VERSION, n(version));
        item.put(TableSchema.CREATED_AT, s(createdAt));
        item.put(TableSchema.UPDATED_AT, s(now));
        return item;
    }

    static Map<String, AttributeValue> newCourseItem(String courseId, CourseChanges changes, String now) {
        Map<String, AttributeValue> item = new HashMap<>(EnrollmentKeys.course(courseId).toAttributes());
        item.putAll(EnrollmentKeys.courseIndex(courseId).toAttributes());
        item.put(TableSchema.TYPE, EntityType.COURSE.typeAttribute());
        item.put(COURSE_ID, s(courseId));
        item.put(TITLE, s(changes.title()));
        item.put(CREDITS, n(changes.credits()));
        item.put(TERM, s(changes.term()));
        if (changes.capacity() != null) {
            item.put(CAPACITY, n(changes.capacity()));
        }
        putIfPresent(item, WORKSPACE_ID, changes.workspaceId());
        if (!changes.instructorIds().isEmpty()) {
            item.put(INSTRUCTOR_IDS, instructorIdSet(changes.instructorIds()));
        }
        // Present from the start, so the capacity condition "enrolledCount < capacity" can compare it.
        item.put(ENROLLED_COUNT, n(0));
        item.put(TableSchema.VERSION, n(1));
        item.put(TableSchema.CREATED_AT, s(now));
        item.put(TableSchema.UPDATED_AT, s(now));
        return item;
    }

    static Map<String, AttributeValue> newEnrollmentItem(Student student, Course course, String now) {
        Map<String, AttributeValue> item = new HashMap<>(
                EnrollmentKeys.enrollment(student.studentId(), course.courseId()).toAttributes());
        item.putAll(EnrollmentKeys.enrollmentIndex(course.courseId(), student.studentId()).toAttributes());
        item.put(TableSchema.TYPE, EntityType.ENROLLMENT.typeAttribute());
        item.put(STUDENT_ID, s(student.studentId()));
        item.put(COURSE_ID, s(course.courseId()));
        item.put(ENROLLED_ON, s(now));
        putIfPresent(item, STUDENT_NAME, student.name());
        item.put(COURSE_TITLE, s(course.title()));
        item.put(COURSE_TERM, s(course.term()));
        item.put(COURSE_CREDITS, n(course.credits()));
        item.put(TableSchema.VERSION, n(1));
        item.put(TableSchema.CREATED_AT, s(now));
        item.put(TableSchema.UPDATED_AT, s(now));
        return item;
    }

    static boolean isStudent(Map<String, AttributeValue> item) {
        return EntityType.STUDENT.typeName().equals(string(item, TableSchema.TYPE));
    }

    static boolean isCourse(Map<String, AttributeValue> item) {
        return EntityType.COURSE.typeName().equals(string(item, TableSchema.TYPE));
    }

    static boolean isEnrollment(Map<String, AttributeValue> item) {
        return EntityType.ENROLLMENT.typeName().equals(string(item, TableSchema.TYPE));
    }

    public static Student toStudent(Map<String, AttributeValue> item) {
        return new Student(string(item, STUDENT_ID), string(item, NAME), (int) number(item, YEAR),
                string(item, MAJOR), number(item, TableSchema.VERSION), string(item, TableSchema.CREATED_AT),
                string(item, TableSchema.UPDATED_AT));
    }

    public static Course toCourse(Map<String, AttributeValue> item) {
        return new Course(string(item, COURSE_ID), string(item, TITLE), (int) number(item, CREDITS),
                string(item, TERM), optionalInt(item, CAPACITY), number(item, ENROLLED_COUNT),
                string(item, WORKSPACE_ID), instructorIds(item), number(item, TableSchema.VERSION),
                string(item, TableSchema.CREATED_AT), string(item, TableSchema.UPDATED_AT));
    }

    static AttributeValue instructorIdSet(Collection<String> userIds) {
        return AttributeValue.fromSs(List.copyOf(userIds));
    }

    /** The course's instructors in id order; empty for a course without any (and for courses older than them). */
    static List<String> instructorIds(Map<String, AttributeValue> item) {
        AttributeValue value = item.get(INSTRUCTOR_IDS);
        return value == null || !value.hasSs() ? List.of() : value.ss().stream().sorted().toList();
    }

    public static Enrollment toEnrollment(Map<String, AttributeValue> item) {
        return new Enrollment(string(item, STUDENT_ID), string(item, COURSE_ID), string(item, ENROLLED_ON),
                string(item, GRADE), string(item, STUDENT_NAME), string(item, COURSE_TITLE),
                string(item, COURSE_TERM), optionalInt(item, COURSE_CREDITS), number(item, TableSchema.VERSION),
                string(item, TableSchema.CREATED_AT), string(item, TableSchema.UPDATED_AT));
    }

    private static void putIfPresent(Map<String, AttributeValue> item, String name, String value) {
        if (value != null) {
            item.put(name, s(value));
        }
    }
}
