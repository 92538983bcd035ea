package dev.trident.keys;

import static dev.trident.keys.EntityType.COURSE;
import static dev.trident.keys.EntityType.ENROLLMENT;
import static dev.trident.keys.EntityType.STUDENT;

/**
 * Keys of the enrollment domain: students, courses and the enrollment edge read from both sides (GSI1), and from the
 * student's side by term (GSI2).
 */
public final class EnrollmentKeys {
    public static final String PROFILE = STUDENT.sortKey();
    public static final String METADATA = COURSE.sortKey();
    public static final String ENROLLMENTS_PREFIX = ENROLLMENT.sortKey();
    /** GSI1SK prefix of roster entries under {@code CRS#<courseId>}. */
    public static final String ROSTER_PREFIX = STUDENT.pkPrefix();
    /** GSI2PK prefix of a term's catalogue: {@code TERM#<term>}, one partition per term, courses by id. */
    static final String TERM_PREFIX = "TERM#";
    /**
     * What joins a student and a term in the GSI2PK of their enrolments of that term:
     * {@code STU#<studentId>#TERM#<term>}. Neither id can hold the delimiter, so the key splits one way only.
     */
    static final String STUDENT_TERM_INFIX = Keys.DELIMITER + TERM_PREFIX;

    private EnrollmentKeys() {
    }

    public static String studentPartition(String studentId) {
        return STUDENT.pkPrefix() + Ids.require("studentId", studentId);
    }

    public static ItemKey student(String studentId) {
        return new ItemKey(studentPartition(studentId), PROFILE);
    }

    /** The course partition: PK of the course item and GSI1PK of the course and of its roster. */
    public static String coursePartition(String courseId) {
        return COURSE.pkPrefix() + Ids.require("courseId", courseId);
    }

    public static ItemKey course(String courseId) {
        return new ItemKey(coursePartition(courseId), METADATA);
    }

    /** GSI1 key of a course, so a roster query also returns the course metadata. */
    public static IndexKey courseIndex(String courseId) {
        return new IndexKey(TableSchema.GSI1, coursePartition(courseId), METADATA);
    }

    /**
     * The GSI2 partition of a term's catalogue. A term is a code in the id grammar (e.g. {@code 2026-fall}), so
     * {@code TERM#2026} never shares a partition with {@code TERM#2026#x}.
     */
    public static String termPartition(String term) {
        return TERM_PREFIX + Ids.require("term", term);
    }

    /** GSI2 key of a course: {@code TERM#<term>} / {@code <courseId>}, so a term's catalogue lists by course id. */
    public static IndexKey courseTermIndex(String term, String courseId) {
        return new IndexKey(TableSchema.GSI2, termPartition(term), Ids.require("courseId", courseId));
    }

    public static ItemKey enrollment(String studentId, String courseId) {
        return new ItemKey(studentPartition(studentId),
                ENROLLMENTS_PREFIX + Ids.require("courseId", courseId));
    }

    /** GSI1 key of an enrollment edge: {@code CRS#<courseId>} / {@code STU#<studentId>}. */
    public static IndexKey enrollmentIndex(String courseId, String studentId) {
        return new IndexKey(TableSchema.GSI1, coursePartition(courseId), studentPartition(studentId));
    }

    /**
     * The GSI2 partition of a student's enrolments in one term: {@code STU#<studentId>#TERM#<term>}. No other GSI2
     * partition starts with {@code STU#}.
     */
    public static String studentTermPartition(String studentId, String term) {
        return studentPartition(studentId) + STUDENT_TERM_INFIX + Ids.require("term", term);
    }

    /**
     * GSI2 key of an enrollment edge: {@code STU#<studentId>#TERM#<term>} / {@code CRS#<courseId>}, the term being
     * the course's term the edge carries ({@code courseTerm}), so a student's enrolments in one term are one Query.
     */
    public static IndexKey enrollmentTermIndex(String studentId, String term, String courseId) {
        return new IndexKey(TableSchema.GSI2, studentTermPartition(studentId, term), coursePartition(courseId));
    }

    /** A student and a term, read back from the GSI2PK of an enrolment edge. */
    public record StudentTerm(String studentId, String term) {
    }

    /** Student and term from an enrolment edge's GSI2PK ({@code STU#<studentId>#TERM#<term>}). */
    public static StudentTerm parseStudentTermPk(String gsi2pk) {
        String rest = Keys.rest("studentId", gsi2pk, STUDENT.pkPrefix());
        int infix = rest.indexOf(STUDENT_TERM_INFIX);
        if (infix < 0) {
            throw new InvalidKeyException("term", "key has no " + STUDENT_TERM_INFIX);
        }
        return new StudentTerm(Ids.require("studentId", rest.substring(0, infix)),
                Ids.require("term", rest.substring(infix + STUDENT_TERM_INFIX.length())));
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
        return Keys.idAfter("studentId", pk, STUDENT.pkPrefix());
    }

    /** Course id from a course PK or GSI1PK. */
    public static String parseCoursePk(String pk) {
        return Keys.idAfter("courseId", pk, COURSE.pkPrefix());
    }

    /** Term from a catalogue GSI2PK. */
    public static String parseTermPk(String gsi2pk) {
        return Keys.idAfter("term", gsi2pk, TERM_PREFIX);
    }

    /** Course id from a catalogue GSI2SK. */
    public static String parseTermSk(String gsi2sk) {
        return Ids.require("courseId", gsi2sk);
    }

    public static String parseEnrollmentSk(String sk) {
        return Keys.idAfter("courseId", sk, ENROLLMENTS_PREFIX);
    }

    /** Student id from a roster GSI1SK. */
    public static String parseRosterSk(String gsi1sk) {
        return Keys.idAfter("studentId", gsi1sk, ROSTER_PREFIX);
    }
}
