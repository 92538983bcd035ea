package dev.trident.enrollment.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The enrollment edge ({@code STU#<sid>/ENROLL#CRS#<cid>}, inverted on GSI1). {@code enrolledOn} and
 * {@code grade} live here only. Student name and course title/term/credits are copies taken at enrollment so
 * that both list directions render without a read per row.
 */
@Schema(example = "{\"studentId\": \"ada\", \"courseId\": \"CS101\", \"enrolledOn\": \"2026-05-02\", "
        + "\"grade\": \"A\", \"studentName\": \"Ada Lovelace\", \"courseTitle\": \"Programming\", "
        + "\"courseTerm\": \"2026-fall\", \"courseCredits\": 6, \"version\": 2, "
        + "\"createdAt\": \"2026-05-02T09:00:00.000Z\", \"updatedAt\": \"2026-06-30T15:00:00.000Z\"}")
public record Enrollment(String studentId, String courseId, String enrolledOn,
        @Schema(description = "The grade, shown only to the registrar, the student themselves and the course's "
                + "instructors (on the course's roster and on the single enrolment); null for everyone else, and "
                + "while ungraded.", nullable = true)
        String grade,
        String studentName, String courseTitle, String courseTerm, Integer courseCredits,
        @Schema(description = "The edge's version (its ETag); null, like updatedAt, for a caller who may not see the "
                + "grade: both move when a grade is set.", nullable = true)
        Long version,
        String createdAt,
        @Schema(nullable = true) String updatedAt) {

    /**
     * Whether a grade was set; a graded enrollment is dropped only by the registrar. Not named {@code isGraded}: a
     * getter would become a JSON property and tell every caller who is graded.
     */
    public boolean hasGrade() {
        return grade != null;
    }

    /** The enrollment after a grade was written onto it by one update (version + 1). */
    public Enrollment graded(String newGrade, String updatedOn) {
        return new Enrollment(studentId, courseId, enrolledOn, newGrade, studentName, courseTitle, courseTerm,
                courseCredits, version + 1, createdAt, updatedOn);
    }
}
