package dev.trident.enrollment.service;

/**
 * The scopes list cursors are signed for: a cursor resumes only the list, and the partition, it was issued for
 * (another student's or course's cursor is a 400).
 */
final class CursorScopes {

    private CursorScopes() {
    }

    /** A student's courses; the include=courses page and GET /students/{sid}/courses share it. */
    static String studentCourses(String studentId) {
        return "enrollment:student-courses:" + studentId;
    }

    /** A student's enrolments in one term (GET /students/{sid}/courses?term=): per student and term. */
    static String studentTermCourses(String studentId, String term) {
        return "enrollment:student-term-courses:" + studentId + ":" + term;
    }

    /** A course's roster; the include=students page and GET /courses/{cid}/students share it. */
    static String roster(String courseId) {
        return "enrollment:roster:" + courseId;
    }

    /**
     * A term's catalogue (GET /courses?term=), bound to the catalogue's shard count: a cursor from another layout
     * would treat shards it does not name as exhausted.
     */
    static String termCatalogue(String term, int shards) {
        return "enrollment:term-catalogue:" + term + ":shards=" + shards;
    }
}
