package dev.trident.keys;

import static dev.trident.keys.EntityType.COURSE;
import static dev.trident.keys.EntityType.ENROLLMENT;
import static dev.trident.keys.EntityType.STUDENT;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
    /**
     * GSI2PK prefix of a term's catalogue: {@code TERM#<term>#<shard>}, the term's courses spread over write shards,
     * each by course id.
     */
    static final String TERM_PREFIX = "TERM#";
    /**
     * How many write shards a term's catalogue has unless an operator sets another count: the default of
     * enrollment-service's {@code trident.enrollment.catalogue.shards} and of the tools that check and re-key it.
     */
    public static final int DEFAULT_CATALOGUE_SHARDS = 8;
    private static final Pattern TERM_SHARD = Pattern.compile("([^#]+)#(\\d{1,2})");
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

    /** The catalogue shard of a course: FNV-1a of its id modulo the shard count, the same in every release. */
    public static int catalogueShard(String courseId, int shardCount) {
        return Shards.of(Ids.require("courseId", courseId), shardCount);
    }

    /**
     * One write shard of a term's catalogue on GSI2: {@code TERM#<term>#<shard>}. A term is a code in the id grammar
     * (no {@code #}), so the shard is what follows the last {@code #} and the key splits one way only.
     */
    public static String termPartition(String term, int shard, int shardCount) {
        Shards.requireShardCount(shardCount);
        if (shard < 0 || shard >= shardCount) {
            throw new InvalidKeyException("shard", "must be between 0 and " + (shardCount - 1));
        }
        return TERM_PREFIX + Ids.require("term", term) + Keys.DELIMITER + shard;
    }

    /**
     * GSI2 key of a course: {@code TERM#<term>#<shard>} / {@code <courseId>}, the shard derived from the course id,
     * so a term's catalogue is {@code shardCount} partitions, each listing its courses by id.
     */
    public static IndexKey courseTermIndex(String term, String courseId, int shardCount) {
        return new IndexKey(TableSchema.GSI2, termPartition(term, catalogueShard(courseId, shardCount), shardCount),
                Ids.require("courseId", courseId));
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

    /** A term and one of its catalogue shards, read back from a catalogue GSI2PK. */
    public record TermShard(String term, int shard) {
    }

    /** Term and shard from a catalogue GSI2PK ({@code TERM#<term>#<shard>}, shard 0..15 without leading zeros). */
    public static TermShard parseTermPk(String gsi2pk) {
        Matcher m = TERM_SHARD.matcher(Keys.rest("term", gsi2pk, TERM_PREFIX));
        if (!m.matches()) {
            throw new InvalidKeyException("term", "not a TERM#<term>#<shard> key");
        }
        return new TermShard(Ids.require("term", m.group(1)), Keys.shardNumber(m.group(2)));
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
