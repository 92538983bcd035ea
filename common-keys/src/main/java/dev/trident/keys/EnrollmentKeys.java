package dev.trident.keys;

import static dev.trident.keys.KeyParts.CATALOGUE_SHARD;
import static dev.trident.keys.KeyParts.COURSE_ID;
import static dev.trident.keys.KeyParts.STUDENT_ID;
import static dev.trident.keys.KeyParts.TERM;

/**
 * Keys of the enrollment domain: students, courses and the enrollment edge read from both sides (GSI1), and from the
 * student's side by term (GSI2). The declarations come first; the builders and parsers below are derived from them.
 */
public final class EnrollmentKeys {
    static final KeyTemplate STUDENT_PARTITION = KeyTemplate.of("STU", STUDENT_ID);
    static final KeyTemplate COURSE_PARTITION = KeyTemplate.of("CRS", COURSE_ID);
    /** One write shard of a term's catalogue on GSI2, each listing its courses by id. */
    static final KeyTemplate TERM_CATALOGUE = KeyTemplate.of("TERM", TERM, CATALOGUE_SHARD);
    /** A student's enrolments in one term on GSI2; no other GSI2 partition starts with {@code STU#}. */
    static final KeyTemplate STUDENT_TERM = STUDENT_PARTITION.then("TERM", TERM);

    /** {@code STU#<studentId>/PROFILE}. */
    static final EntityKeys STUDENT = EntityKeys.of(STUDENT_PARTITION, KeyTemplate.of("PROFILE"));
    /**
     * {@code CRS#<courseId>/METADATA}, on GSI1 under the same key (a roster Query brings the course first) and on GSI2
     * in its term's catalogue shard.
     */
    static final EntityKeys COURSE = EntityKeys.of(COURSE_PARTITION, KeyTemplate.of("METADATA"))
            .index(TableSchema.GSI1, COURSE_PARTITION, KeyTemplate.of("METADATA"))
            .index(TableSchema.GSI2, TERM_CATALOGUE, KeyTemplate.of(COURSE_ID));
    /**
     * {@code STU#<studentId>/ENROLL#CRS#<courseId>}, inverted on GSI1 as the course's roster entry and on GSI2 in the
     * student's enrolments of the course's term.
     */
    static final EntityKeys ENROLLMENT = EntityKeys.of(STUDENT_PARTITION, KeyTemplate.of("ENROLL", COURSE_PARTITION))
            .index(TableSchema.GSI1, COURSE_PARTITION, STUDENT_PARTITION)
            .index(TableSchema.GSI2, STUDENT_TERM, COURSE_PARTITION);

    public static final String PROFILE = STUDENT.sk().prefix();
    public static final String METADATA = COURSE.sk().prefix();
    public static final String ENROLLMENTS_PREFIX = ENROLLMENT.sk().prefix();
    /** GSI1SK prefix of roster entries under {@code CRS#<courseId>}. */
    public static final String ROSTER_PREFIX = STUDENT_PARTITION.prefix();
    /**
     * How many write shards a term's catalogue has unless an operator sets another count: the default of
     * enrollment-service's {@code trident.enrollment.catalogue.shards} and of the tools that check and re-key it.
     */
    public static final int DEFAULT_CATALOGUE_SHARDS = 8;

    private EnrollmentKeys() {
    }

    public static String studentPartition(String studentId) {
        return STUDENT_PARTITION.build(studentId);
    }

    public static ItemKey student(String studentId) {
        return STUDENT.build(studentId);
    }

    /** The course partition: PK of the course item and GSI1PK of the course and of its roster. */
    public static String coursePartition(String courseId) {
        return COURSE_PARTITION.build(courseId);
    }

    public static ItemKey course(String courseId) {
        return COURSE.build(courseId);
    }

    /** GSI1 key of a course, so a roster query also returns the course metadata. */
    public static IndexKey courseIndex(String courseId) {
        return COURSE.in(TableSchema.GSI1).build(courseId);
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
        return COURSE.in(TableSchema.GSI2).build(term, catalogueShard(courseId, shardCount), courseId);
    }

    public static ItemKey enrollment(String studentId, String courseId) {
        return ENROLLMENT.build(studentId, courseId);
    }

    /** GSI1 key of an enrollment edge: {@code CRS#<courseId>} / {@code STU#<studentId>}. */
    public static IndexKey enrollmentIndex(String courseId, String studentId) {
        return ENROLLMENT.in(TableSchema.GSI1).build(courseId, studentId);
    }

    /** The GSI2 partition of a student's enrolments in one term: {@code STU#<studentId>#TERM#<term>}. */
    public static String studentTermPartition(String studentId, String term) {
        return STUDENT_TERM.build(studentId, term);
    }

    /**
     * GSI2 key of an enrollment edge: {@code STU#<studentId>#TERM#<term>} / {@code CRS#<courseId>}, the term being
     * the course's term the edge carries ({@code courseTerm}), so a student's enrolments in one term are one Query.
     */
    public static IndexKey enrollmentTermIndex(String studentId, String term, String courseId) {
        return ENROLLMENT.in(TableSchema.GSI2).build(studentId, term, courseId);
    }

    /** A student and a term, read back from the GSI2PK of an enrolment edge. */
    public record StudentTerm(String studentId, String term) {
    }

    /** Student and term from an enrolment edge's GSI2PK ({@code STU#<studentId>#TERM#<term>}). */
    public static StudentTerm parseStudentTermPk(String gsi2pk) {
        KeyTemplate.Match key = STUDENT_TERM.read("term", gsi2pk);
        return new StudentTerm(key.get(STUDENT_ID), key.get(TERM));
    }

    /** Course id from an enrolment edge's GSI2SK ({@code CRS#<courseId>}). */
    public static String parseStudentTermSk(String gsi2sk) {
        return parseCoursePk(gsi2sk);
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
        return ENROLLMENT.sk().read("courseId", sk).get(COURSE_ID);
    }

    /** Student id from a roster GSI1SK. */
    public static String parseRosterSk(String gsi1sk) {
        return parseStudentPk(gsi1sk);
    }
}
