package dev.trident.enrollment.model;

/**
 * The enrollment edge ({@code STU#<sid>/ENROLL#CRS#<cid>}, inverted on GSI1). {@code enrolledOn} and
 * {@code grade} live here only. Student name and course title/term/credits are copies taken at enrolment so
 * that both list directions render without a read per row.
 */
public record Enrollment(String studentId, String courseId, String enrolledOn, String grade, String studentName,
        String courseTitle, String courseTerm, Integer courseCredits, long version, String createdAt,
        String updatedAt) {
}
