package dev.trident.keys;

import static dev.trident.keys.ErasureKeys.ERASE_ACCOUNT;
import static dev.trident.keys.KeyParts.CATALOGUE_SHARD;
import static dev.trident.keys.KeyParts.COURSE_ID;
import static dev.trident.keys.KeyParts.STUDENT_ID;
import static dev.trident.keys.KeyParts.TERM;
import static dev.trident.keys.WorkKeys.PENDING_WORK_POLL;

import java.util.List;

/**
 * The enrollment domain declared once: the keys of students, courses and the enrollment edge read from both sides
 * (GSI1) and from the student's side by term (GSI2), where each index key's parts come from, the item collections
 * those keys make and enrollment-service's access patterns over them. The declarations come first; the builders
 * and parsers below are derived from them.
 */
public final class EnrollmentKeys {
    /** The key input a course is written with: how many write shards its term's catalogue has. */
    public static final String CATALOGUE_SHARDS_INPUT = "catalogueShards";
    static final KeyTemplate STUDENT_PARTITION = KeyTemplate.of("STU", STUDENT_ID);
    static final KeyTemplate COURSE_PARTITION = KeyTemplate.of("CRS", COURSE_ID);
    /** One write shard of a term's catalogue on GSI2, each listing its courses by id. */
    static final KeyTemplate TERM_CATALOGUE = KeyTemplate.of("TERM", TERM, CATALOGUE_SHARD);
    /** A student's enrolments in one term on GSI2; no other GSI2 partition starts with {@code STU#}. */
    static final KeyTemplate STUDENT_TERM = STUDENT_PARTITION.then("TERM", TERM);

    /** {@code STU#<studentId>/PROFILE}. */
    static final EntityKeys STUDENT_KEYS = EntityKeys.of(STUDENT_PARTITION, KeyTemplate.of("PROFILE"));
    /**
     * {@code CRS#<courseId>/METADATA}, on GSI1 under the same key (a roster Query brings the course first) and on GSI2
     * in its term's catalogue shard.
     */
    static final EntityKeys COURSE_KEYS = EntityKeys.of(COURSE_PARTITION, KeyTemplate.of("METADATA"))
            .index(TableSchema.GSI1, COURSE_PARTITION, KeyTemplate.of("METADATA"))
            .index(TableSchema.GSI2, TERM_CATALOGUE, KeyTemplate.of(COURSE_ID))
            .partDerived(CATALOGUE_SHARD, course -> catalogueShard(course.require(COURSE_ID.name()),
                    Integer.parseInt(course.require(CATALOGUE_SHARDS_INPUT))));
    /**
     * {@code STU#<studentId>/ENROLL#CRS#<courseId>}, inverted on GSI1 as the course's roster entry and on GSI2 in the
     * student's enrolments of the course's term: the term is the copy of it the edge carries, {@code courseTerm}.
     */
    static final EntityKeys ENROLLMENT_KEYS =
            EntityKeys.of(STUDENT_PARTITION, KeyTemplate.of("ENROLL", COURSE_PARTITION))
                    .index(TableSchema.GSI1, COURSE_PARTITION, STUDENT_PARTITION)
                    .index(TableSchema.GSI2, STUDENT_TERM, COURSE_PARTITION)
                    .partFrom(TERM, "courseTerm");

    public static final String PROFILE = STUDENT_KEYS.sk().prefix();
    public static final String METADATA = COURSE_KEYS.sk().prefix();
    public static final String ENROLLMENTS_PREFIX = ENROLLMENT_KEYS.sk().prefix();
    /** GSI1SK prefix of roster entries under {@code CRS#<courseId>}. */
    public static final String ROSTER_PREFIX = STUDENT_PARTITION.prefix();
    /**
     * How many write shards a term's catalogue has unless an operator sets another count: the default of
     * enrollment-service's {@code trident.enrollment.catalogue.shards} and of the tools that check and re-key it.
     */
    public static final int DEFAULT_CATALOGUE_SHARDS = 8;

    public static final ItemCollection STUDENT_COLLECTION = ItemCollection.of("STUDENT", null,
            "a student's profile and enrolments", STUDENT_PARTITION);
    public static final ItemCollection COURSE_COLLECTION = ItemCollection.of("COURSE", null,
            "a course's metadata", COURSE_PARTITION);
    public static final ItemCollection COURSE_ROSTER_COLLECTION = ItemCollection.of("COURSE_ROSTER", TableSchema.GSI1,
            "a course's metadata and roster (enrolment edges, inverted)", COURSE_PARTITION);
    public static final ItemCollection COURSES_BY_TERM_COLLECTION = ItemCollection.of("COURSES_BY_TERM",
            TableSchema.GSI2, "one write shard of a term's catalogue, by course id", TERM_CATALOGUE);
    public static final ItemCollection STUDENT_TERM_COLLECTION = ItemCollection.of("STUDENT_TERM", TableSchema.GSI2,
            "a student's enrolments in one term, by course id", STUDENT_TERM);
    /** The domain's collections, in the order the explorer lists them. */
    public static final List<ItemCollection> COLLECTIONS = List.of(STUDENT_COLLECTION, COURSE_COLLECTION,
            COURSE_ROSTER_COLLECTION, COURSES_BY_TERM_COLLECTION, STUDENT_TERM_COLLECTION);

    // The access patterns of enrollment-service.
    public static final String SERVICE = "enrollment-service";
    /** A student's courses: the include=courses page and GET /students/{studentId}/courses page alike. */
    private static final String STUDENT_COURSES_SCOPE = "enrollment:student-courses";
    /** A course's roster: the include=students page and GET /courses/{courseId}/students page alike. */
    private static final String ROSTER_SCOPE = "enrollment:roster";

    // students
    public static final AccessPattern STUDENT = AccessPattern.reads("student", STUDENT_COLLECTION).consistent()
            .routes("GET /students/{studentId}", "PUT /students/{studentId}");
    public static final AccessPattern STUDENT_PUT = AccessPattern.named("student-put");
    /** The profile and the newest enrollments in one Query: enrollments sort just below the profile. */
    public static final AccessPattern STUDENT_WITH_COURSES =
            AccessPattern.reads("student-with-courses", STUDENT_COLLECTION)
                    .newestFirst().consistent().routes("GET /students/{studentId}?include=courses")
                    .pagedAs(STUDENT_COURSES_SCOPE);
    public static final AccessPattern STUDENT_DELETE = AccessPattern.named("student-delete");
    public static final AccessPattern STUDENT_GRADED_COURSES =
            AccessPattern.reads("student-graded-courses", STUDENT_COLLECTION)
                    .beginsWith(enrollmentsPrefix()).consistent()
                    .routes("DELETE /students/{studentId}");
    // courses
    public static final AccessPattern COURSE = AccessPattern.reads("course", COURSE_COLLECTION).consistent()
            .routes("GET /courses/{courseId}", "PUT /courses/{courseId}");
    public static final AccessPattern COURSE_CREATE = AccessPattern.named("course-create");
    public static final AccessPattern COURSE_UPDATE = AccessPattern.named("course-update");
    public static final AccessPattern COURSE_INSTRUCTORS = AccessPattern.reads("course-instructors",
            COURSE_COLLECTION).consistent().routes("GET /courses/{courseId}/students",
                    "GET /courses/{courseId}?include=students", "GET /students/{studentId}/courses/{courseId}",
                    "PATCH /students/{studentId}/courses/{courseId}");
    /** The course and its roster in one Query of the inverted index. */
    public static final AccessPattern COURSE_WITH_STUDENTS =
            AccessPattern.reads("course-with-students", COURSE_ROSTER_COLLECTION)
                    .routes("GET /courses/{courseId}?include=students").pagedAs(ROSTER_SCOPE);
    public static final AccessPattern COURSE_CATALOGUE =
            AccessPattern.reads("course-catalogue", COURSES_BY_TERM_COLLECTION).routes("GET /courses?term={term}")
                    .pagedAs("enrollment:term-catalogue");
    public static final AccessPattern COURSE_DELETE = AccessPattern.named("course-delete");
    public static final AccessPattern COURSE_EDGES = AccessPattern.reads("course-edges", COURSE_ROSTER_COLLECTION)
            .beginsWith(rosterPrefix()).routes("DELETE /courses/{courseId}");
    // enrollments
    public static final AccessPattern ENROL_STUDENT = AccessPattern.reads("enrol-student", STUDENT_COLLECTION)
            .routes("PUT /students/{studentId}/courses/{courseId}");
    public static final AccessPattern ENROL_COURSE = AccessPattern.reads("enrol-course", COURSE_COLLECTION)
            .routes("PUT /students/{studentId}/courses/{courseId}");
    public static final AccessPattern ENROL = AccessPattern.named("enrol");
    public static final AccessPattern ENROLLMENT = AccessPattern.reads("enrollment", STUDENT_COLLECTION)
            .consistent()
            .routes("GET /students/{studentId}/courses/{courseId}");
    public static final AccessPattern STUDENT_COURSES = AccessPattern.reads("student-courses", STUDENT_COLLECTION)
            .beginsWith(enrollmentsPrefix()).newestFirst().routes("GET /students/{studentId}/courses")
            .pagedAs(STUDENT_COURSES_SCOPE);
    public static final AccessPattern STUDENT_TERM_COURSES =
            AccessPattern.reads("student-term-courses", STUDENT_TERM_COLLECTION)
                    .newestFirst().routes("GET /students/{studentId}/courses?term={term}")
                    .pagedAs("enrollment:student-term-courses");
    public static final AccessPattern COURSE_ROSTER =
            AccessPattern.reads("course-roster", COURSE_ROSTER_COLLECTION)
                    .beginsWith(rosterPrefix()).routes("GET /courses/{courseId}/students")
                    .pagedAs(ROSTER_SCOPE);
    public static final AccessPattern GRADE_EDGE_READ = AccessPattern.reads("grade-edge-read", STUDENT_COLLECTION)
            .consistent()
            .routes("PATCH /students/{studentId}/courses/{courseId}");
    public static final AccessPattern GRADE_UPDATE = AccessPattern.named("grade-update");
    public static final AccessPattern GRADE_AS_INSTRUCTOR = AccessPattern.named("grade-as-instructor");
    public static final AccessPattern DROP = AccessPattern.named("drop");
    // the erasure of a student's record
    public static final AccessPattern ERASURE_STUDENT_ITEMS =
            AccessPattern.reads("erasure-student-items", STUDENT_COLLECTION).consistent()
                    .routes("DELETE /students/{studentId}", ERASE_ACCOUNT);
    public static final AccessPattern ERASURE_STUDENT_DELETE = AccessPattern.named("erasure-student-delete");
    // made through service-support
    public static final AccessPattern ERASURE_RECORD = ErasureKeys.ERASURE_RECORD.routes(ERASE_ACCOUNT);
    public static final AccessPattern WORK_PENDING = WorkKeys.WORK_PENDING.routes(PENDING_WORK_POLL);
    public static final AccessPattern IDEMPOTENCY_RECORD = IdempotencyKeys.IDEMPOTENCY_RECORD
            .routes("PUT /students/{studentId}/courses/{courseId}");

    /** Every access pattern of the service, in the order above. */
    public static final List<AccessPattern> PATTERNS = List.of(STUDENT, STUDENT_PUT, STUDENT_WITH_COURSES,
            STUDENT_DELETE, STUDENT_GRADED_COURSES, COURSE, COURSE_CREATE, COURSE_UPDATE, COURSE_INSTRUCTORS,
            COURSE_WITH_STUDENTS, COURSE_CATALOGUE, COURSE_DELETE, COURSE_EDGES, ENROL_STUDENT, ENROL_COURSE, ENROL,
            ENROLLMENT, STUDENT_COURSES, STUDENT_TERM_COURSES, COURSE_ROSTER, GRADE_EDGE_READ, GRADE_UPDATE,
            GRADE_AS_INSTRUCTOR, DROP, ERASURE_STUDENT_ITEMS, ERASURE_STUDENT_DELETE, ERASURE_RECORD, WORK_PENDING,
            IDEMPOTENCY_RECORD);

    private EnrollmentKeys() {
    }

    public static String studentPartition(String studentId) {
        return STUDENT_PARTITION.build(studentId);
    }

    public static ItemKey student(String studentId) {
        return STUDENT_KEYS.build(studentId);
    }

    /** The course partition: PK of the course item and GSI1PK of the course and of its roster. */
    public static String coursePartition(String courseId) {
        return COURSE_PARTITION.build(courseId);
    }

    public static ItemKey course(String courseId) {
        return COURSE_KEYS.build(courseId);
    }

    /** GSI1 key of a course, so a roster query also returns the course metadata. */
    public static IndexKey courseIndex(String courseId) {
        return COURSE_KEYS.in(TableSchema.GSI1).build(courseId);
    }

    /** The catalogue shard of a course: FNV-1a of its id modulo the shard count, the same in every release. */
    public static int catalogueShard(String courseId, int shardCount) {
        return Shards.of(Ids.require("courseId", courseId), shardCount);
    }

    /** One write shard of a term's catalogue on GSI2: {@code TERM#<term>#<shard>}. */
    public static String termPartition(String term, int shard, int shardCount) {
        Shards.requireShard(shard, shardCount);
        return TERM_CATALOGUE.build(term, shard);
    }

    /**
     * GSI2 key of a course: {@code TERM#<term>#<shard>} / {@code <courseId>}, the shard derived from the course id,
     * so a term's catalogue is {@code shardCount} partitions, each listing its courses by id.
     */
    public static IndexKey courseTermIndex(String term, String courseId, int shardCount) {
        return COURSE_KEYS.in(TableSchema.GSI2).build(term, catalogueShard(courseId, shardCount), courseId);
    }

    public static ItemKey enrollment(String studentId, String courseId) {
        return ENROLLMENT_KEYS.build(studentId, courseId);
    }

    /** GSI1 key of an enrollment edge: {@code CRS#<courseId>} / {@code STU#<studentId>}. */
    public static IndexKey enrollmentIndex(String courseId, String studentId) {
        return ENROLLMENT_KEYS.in(TableSchema.GSI1).build(courseId, studentId);
    }

    public static String enrollmentsPrefix() {
        return ENROLLMENTS_PREFIX;
    }

    public static String rosterPrefix() {
        return ROSTER_PREFIX;
    }

    public static String parseStudentPk(String pk) {
        return STUDENT_PARTITION.read("studentId", pk).get(STUDENT_ID);
    }

    /** Course id from a course PK or GSI1PK. */
    public static String parseCoursePk(String pk) {
        return COURSE_PARTITION.read("courseId", pk).get(COURSE_ID);
    }

    /** A term and one of its catalogue shards, read back from a catalogue GSI2PK. */
    public record TermShard(String term, int shard) {
    }

    /** Term and shard from a catalogue GSI2PK ({@code TERM#<term>#<shard>}, shard 0..15 without leading zeros). */
    public static TermShard parseTermPk(String gsi2pk) {
        KeyTemplate.Match key = TERM_CATALOGUE.read("term", gsi2pk);
        return new TermShard(key.get(TERM), key.get(CATALOGUE_SHARD));
    }

    /** Course id from a catalogue GSI2SK. */
    public static String parseTermSk(String gsi2sk) {
        return Ids.require("courseId", gsi2sk);
    }

    public static String parseEnrollmentSk(String sk) {
        return ENROLLMENT_KEYS.sk().read("courseId", sk).get(COURSE_ID);
    }

    /** Student id from a roster GSI1SK. */
    public static String parseRosterSk(String gsi1sk) {
        return parseStudentPk(gsi1sk);
    }
}
