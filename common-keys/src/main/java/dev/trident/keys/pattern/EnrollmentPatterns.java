package dev.trident.keys.pattern;

import static dev.trident.keys.pattern.SharedPatterns.ERASE_ACCOUNT;
import static dev.trident.keys.pattern.SharedPatterns.PENDING_WORK_POLL;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.ItemCollection;
import java.util.List;

/** The access patterns of enrollment-service: students, courses and the enrollments between them. */
public final class EnrollmentPatterns {

    public static final String SERVICE = "enrollment-service";
    /** A student's courses: the include=courses page and GET /students/{studentId}/courses page alike. */
    private static final String STUDENT_COURSES_SCOPE = "enrollment:student-courses";
    /** A course's roster: the include=students page and GET /courses/{courseId}/students page alike. */
    private static final String ROSTER_SCOPE = "enrollment:roster";

    // students
    public static final AccessPattern STUDENT = AccessPattern.reads("student", ItemCollection.STUDENT).consistent()
            .routes("GET /students/{studentId}", "PUT /students/{studentId}");
    public static final AccessPattern STUDENT_PUT = AccessPattern.named("student-put");
    /** The profile and the newest enrollments in one Query: enrollments sort just below the profile. */
    public static final AccessPattern STUDENT_WITH_COURSES =
            AccessPattern.reads("student-with-courses", ItemCollection.STUDENT)
                    .newestFirst().consistent().routes("GET /students/{studentId}?include=courses")
                    .pagedAs(STUDENT_COURSES_SCOPE);
    public static final AccessPattern STUDENT_DELETE = AccessPattern.named("student-delete");
    public static final AccessPattern STUDENT_GRADED_COURSES =
            AccessPattern.reads("student-graded-courses", ItemCollection.STUDENT)
                    .beginsWith(EnrollmentKeys.enrollmentsPrefix()).consistent()
                    .routes("DELETE /students/{studentId}");
    // courses
    public static final AccessPattern COURSE = AccessPattern.reads("course", ItemCollection.COURSE).consistent()
            .routes("GET /courses/{courseId}", "PUT /courses/{courseId}");
    public static final AccessPattern COURSE_CREATE = AccessPattern.named("course-create");
    public static final AccessPattern COURSE_UPDATE = AccessPattern.named("course-update");
    public static final AccessPattern COURSE_INSTRUCTORS = AccessPattern.reads("course-instructors",
            ItemCollection.COURSE).consistent().routes("GET /courses/{courseId}/students",
                    "GET /courses/{courseId}?include=students", "GET /students/{studentId}/courses/{courseId}",
                    "PATCH /students/{studentId}/courses/{courseId}");
    /** The course and its roster in one Query of the inverted index. */
    public static final AccessPattern COURSE_WITH_STUDENTS =
            AccessPattern.reads("course-with-students", ItemCollection.COURSE_ROSTER)
                    .routes("GET /courses/{courseId}?include=students").pagedAs(ROSTER_SCOPE);
    public static final AccessPattern COURSE_CATALOGUE =
            AccessPattern.reads("course-catalogue", ItemCollection.COURSES_BY_TERM).routes("GET /courses?term={term}")
                    .pagedAs("enrollment:term-catalogue");
    public static final AccessPattern COURSE_DELETE = AccessPattern.named("course-delete");
    public static final AccessPattern COURSE_EDGES = AccessPattern.reads("course-edges", ItemCollection.COURSE_ROSTER)
            .beginsWith(EnrollmentKeys.rosterPrefix()).routes("DELETE /courses/{courseId}");
    // enrollments
    public static final AccessPattern ENROL_STUDENT = AccessPattern.reads("enrol-student", ItemCollection.STUDENT)
            .routes("PUT /students/{studentId}/courses/{courseId}");
    public static final AccessPattern ENROL_COURSE = AccessPattern.reads("enrol-course", ItemCollection.COURSE)
            .routes("PUT /students/{studentId}/courses/{courseId}");
    public static final AccessPattern ENROL = AccessPattern.named("enrol");
    public static final AccessPattern ENROLLMENT = AccessPattern.reads("enrollment", ItemCollection.STUDENT)
            .consistent()
            .routes("GET /students/{studentId}/courses/{courseId}");
    public static final AccessPattern STUDENT_COURSES = AccessPattern.reads("student-courses", ItemCollection.STUDENT)
            .beginsWith(EnrollmentKeys.enrollmentsPrefix()).newestFirst().routes("GET /students/{studentId}/courses")
            .pagedAs(STUDENT_COURSES_SCOPE);
    public static final AccessPattern STUDENT_TERM_COURSES =
            AccessPattern.reads("student-term-courses", ItemCollection.STUDENT_TERM)
                    .newestFirst().routes("GET /students/{studentId}/courses?term={term}")
                    .pagedAs("enrollment:student-term-courses");
    public static final AccessPattern COURSE_ROSTER =
            AccessPattern.reads("course-roster", ItemCollection.COURSE_ROSTER)
                    .beginsWith(EnrollmentKeys.rosterPrefix()).routes("GET /courses/{courseId}/students")
                    .pagedAs(ROSTER_SCOPE);
    public static final AccessPattern GRADE_EDGE_READ = AccessPattern.reads("grade-edge-read", ItemCollection.STUDENT)
            .consistent()
            .routes("PATCH /students/{studentId}/courses/{courseId}");
    public static final AccessPattern GRADE_UPDATE = AccessPattern.named("grade-update");
    public static final AccessPattern GRADE_AS_INSTRUCTOR = AccessPattern.named("grade-as-instructor");
    public static final AccessPattern DROP = AccessPattern.named("drop");
    // the erasure of a student's record
    public static final AccessPattern ERASURE_STUDENT_ITEMS =
            AccessPattern.reads("erasure-student-items", ItemCollection.STUDENT).consistent()
                    .routes("DELETE /students/{studentId}", ERASE_ACCOUNT);
    public static final AccessPattern ERASURE_STUDENT_DELETE = AccessPattern.named("erasure-student-delete");
    // made through service-support
    public static final AccessPattern ERASURE_RECORD = SharedPatterns.ERASURE_RECORD.routes(ERASE_ACCOUNT);
    public static final AccessPattern WORK_PENDING = SharedPatterns.WORK_PENDING.routes(PENDING_WORK_POLL);
    public static final AccessPattern IDEMPOTENCY_RECORD = SharedPatterns.IDEMPOTENCY_RECORD
            .routes("PUT /students/{studentId}/courses/{courseId}");

    /** Every pattern of the service, in the order above. */
    public static final List<AccessPattern> ALL = List.of(STUDENT, STUDENT_PUT, STUDENT_WITH_COURSES, STUDENT_DELETE,
            STUDENT_GRADED_COURSES, COURSE, COURSE_CREATE, COURSE_UPDATE, COURSE_INSTRUCTORS, COURSE_WITH_STUDENTS,
            COURSE_CATALOGUE, COURSE_DELETE, COURSE_EDGES, ENROL_STUDENT, ENROL_COURSE, ENROL, ENROLLMENT,
            STUDENT_COURSES, STUDENT_TERM_COURSES, COURSE_ROSTER, GRADE_EDGE_READ, GRADE_UPDATE, GRADE_AS_INSTRUCTOR,
            DROP, ERASURE_STUDENT_ITEMS, ERASURE_STUDENT_DELETE, ERASURE_RECORD, WORK_PENDING, IDEMPOTENCY_RECORD);

    private EnrollmentPatterns() {
    }
}
