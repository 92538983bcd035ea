package dev.trident.keys;

import static dev.trident.keys.ItemCollection.COURSE;
import static dev.trident.keys.ItemCollection.ERASURE;
import static dev.trident.keys.ItemCollection.COURSES_BY_TERM;
import static dev.trident.keys.ItemCollection.COURSE_ROSTER;
import static dev.trident.keys.ItemCollection.HANDLE_PROFILE;
import static dev.trident.keys.ItemCollection.IDEMPOTENCY;
import static dev.trident.keys.ItemCollection.PENDING_WORK;
import static dev.trident.keys.ItemCollection.POST_COMMENTS;
import static dev.trident.keys.ItemCollection.PROJECTS_BY_STATUS;
import static dev.trident.keys.ItemCollection.STUDENT;
import static dev.trident.keys.ItemCollection.STUDENT_TERM;
import static dev.trident.keys.ItemCollection.TIMELINE;
import static dev.trident.keys.ItemCollection.TIMELINE_MONTHS;
import static dev.trident.keys.ItemCollection.USER;
import static dev.trident.keys.ItemCollection.USER_INVERTED;
import static dev.trident.keys.ItemCollection.WORKSPACE;
import static dev.trident.keys.ItemCollection.WORKSPACE_PROJECTS_BY_STATUS;
import static dev.trident.keys.ItemCollection.WORKSPACE_SHARD;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which routes of which service read which item collection, under which access pattern: declared once, here. The
 * explorer shows it beside every collection; it is kept true in both directions by tests, not by comments: the
 * services' tests record every read they make (test-support's DynamoDbCallRecorder refuses a read whose service,
 * access pattern and collection are not declared here), and the explorer's RouteTableTest fails on a declared access
 * pattern that no repository of that service reads, or a repository read whose pattern is not declared.
 */
public final class CollectionReads {

    public static final String SOCIAL = "social-service";
    public static final String ENROLLMENT = "enrollment-service";
    public static final String WORKSPACE_SERVICE = "workspace-service";
    /** The services whose reads are declared (the explorer itself reads every collection, and is not one). */
    public static final Set<String> SERVICES = Set.of(SOCIAL, ENROLLMENT, WORKSPACE_SERVICE);

    private static final Pattern PATTERN_NAME = Pattern.compile("[a-z][a-z0-9-]{0,63}");
    /** The erasure of an account, done by each service asynchronously from its pending work. */
    private static final String ERASE_ACCOUNT =
            "DELETE /users/{userId} (this service's erasure part, from its pending work)";
    /** Not a route: each service's scheduled look at its pending-work partition. */
    private static final String PENDING_WORK_POLL = "(scheduled) the pending-work poll";

    /** One service's access pattern reading one collection, and the routes that make that read. */
    public record Read(ItemCollection collection, String service, String accessPattern, List<String> routes) {
        public Read {
            Objects.requireNonNull(collection, "collection");
            if (!SERVICES.contains(service)) {
                throw new IllegalArgumentException("not a service: " + service);
            }
            if (accessPattern == null || !PATTERN_NAME.matcher(accessPattern).matches()) {
                throw new IllegalArgumentException("not an access pattern name: " + accessPattern);
            }
            if (routes == null || routes.isEmpty()) {
                throw new IllegalArgumentException(accessPattern + " is read by no route");
            }
            routes = List.copyOf(routes);
        }
    }

    private static final List<Read> READS = List.of(
            // social-service
            read(USER, SOCIAL, "user-profile", "GET /users/{userId}"),
            read(USER, SOCIAL, "user-with-newest-posts", "GET /users/{userId}?include=posts"),
            read(USER, SOCIAL, "users-by-ids", "POST /users/batch-get"),
            read(USER, SOCIAL, "user-posts", "GET /users/{userId}/posts"),
            read(USER, SOCIAL, "post", "GET /users/{userId}/posts/{postId}",
                    "POST /users/{userId}/posts/{postId}/comments", "GET /users/{userId}/posts/{postId}/comments"),
            read(USER, SOCIAL, "post-deletion-pending", "DELETE /users/{userId}/posts/{postId}"),
            read(USER, SOCIAL, "monthly-stats", "GET /users/{userId}/stats?month=yyyy-mm"),
            read(HANDLE_PROFILE, SOCIAL, "user-by-handle", "GET /users/by-handle/{handle}"),
            read(POST_COMMENTS, SOCIAL, "post-comments", "GET /users/{userId}/posts/{postId}/comments"),
            read(POST_COMMENTS, SOCIAL, "comment", "GET /users/{userId}/posts/{postId}/comments/{commentId}",
                    "PATCH /users/{userId}/posts/{postId}/comments/{commentId}",
                    "DELETE /users/{userId}/posts/{postId}/comments/{commentId}"),
            read(POST_COMMENTS, SOCIAL, "post-comments-delete", "DELETE /users/{userId}/posts/{postId}"),
            read(TIMELINE_MONTHS, SOCIAL, "timeline-months", "GET /timeline"),
            read(TIMELINE, SOCIAL, "timeline", "GET /timeline"),
            read(USER, SOCIAL, "erasure-user-items", ERASE_ACCOUNT),
            read(USER_INVERTED, SOCIAL, "erasure-author-comments", ERASE_ACCOUNT),
            read(ERASURE, SOCIAL, "erasure-record", "GET /users/{userId}/erasure", "DELETE /users/{userId}",
                    ERASE_ACCOUNT),
            read(PENDING_WORK, SOCIAL, "work-pending", PENDING_WORK_POLL),
            read(IDEMPOTENCY, SOCIAL, "idempotency-record", "POST /users", "POST /users/{userId}/posts",
                    "POST /users/{userId}/posts/{postId}/comments"),
            // enrollment-service
            read(STUDENT, ENROLLMENT, "student", "GET /students/{studentId}", "PUT /students/{studentId}"),
            read(STUDENT, ENROLLMENT, "enrol-student", "PUT /students/{studentId}/courses/{courseId}"),
            read(STUDENT, ENROLLMENT, "student-with-courses", "GET /students/{studentId}?include=courses"),
            read(STUDENT, ENROLLMENT, "student-courses", "GET /students/{studentId}/courses"),
            read(STUDENT_TERM, ENROLLMENT, "student-term-courses", "GET /students/{studentId}/courses?term={term}"),
            read(STUDENT, ENROLLMENT, "enrollment", "GET /students/{studentId}/courses/{courseId}"),
            read(STUDENT, ENROLLMENT, "grade-edge-read", "PATCH /students/{studentId}/courses/{courseId}"),
            read(COURSE, ENROLLMENT, "course", "GET /courses/{courseId}", "PUT /courses/{courseId}"),
            read(COURSE, ENROLLMENT, "enrol-course", "PUT /students/{studentId}/courses/{courseId}"),
            read(COURSE, ENROLLMENT, "course-instructors", "GET /courses/{courseId}/students",
                    "GET /students/{studentId}/courses/{courseId}", "PATCH /students/{studentId}/courses/{courseId}"),
            read(COURSE_ROSTER, ENROLLMENT, "course-with-students", "GET /courses/{courseId}?include=students"),
            read(COURSE_ROSTER, ENROLLMENT, "course-roster", "GET /courses/{courseId}/students"),
            read(COURSES_BY_TERM, ENROLLMENT, "course-catalogue", "GET /courses?term={term}"),
            read(STUDENT, ENROLLMENT, "erasure-student-items", "DELETE /students/{studentId}", ERASE_ACCOUNT),
            read(STUDENT, ENROLLMENT, "student-graded-courses", "DELETE /students/{studentId}"),
            read(COURSE_ROSTER, ENROLLMENT, "course-edges", "DELETE /courses/{courseId}"),
            read(ERASURE, ENROLLMENT, "erasure-record", ERASE_ACCOUNT),
            read(PENDING_WORK, ENROLLMENT, "work-pending", PENDING_WORK_POLL),
            read(IDEMPOTENCY, ENROLLMENT, "idempotency-record", "PUT /students/{studentId}/courses/{courseId}"),
            // workspace-service
            read(WORKSPACE, WORKSPACE_SERVICE, "workspace-access", "GET /workspaces/{wsId}", "PATCH /workspaces/{wsId}",
                    "DELETE /workspaces/{wsId}", "GET /workspaces/{wsId}?include=projects",
                    "GET /workspaces/{wsId}/members", "PUT /workspaces/{wsId}/members/{userId}",
                    "DELETE /workspaces/{wsId}/members/{userId}", "POST /workspaces/{wsId}/projects",
                    "GET /workspaces/{wsId}/projects", "GET/PATCH/DELETE /workspaces/{wsId}/projects/{projectId}"),
            read(WORKSPACE, WORKSPACE_SERVICE, "member", "PUT /workspaces/{wsId}/members/{userId}",
                    "DELETE /workspaces/{wsId}/members/{userId}"),
            read(WORKSPACE, WORKSPACE_SERVICE, "workspace-members", "GET /workspaces/{wsId}/members"),
            read(WORKSPACE, WORKSPACE_SERVICE, "workspace-with-projects", "GET /workspaces/{wsId}?include=projects"),
            read(WORKSPACE_SHARD, WORKSPACE_SERVICE, "workspace-with-projects",
                    "GET /workspaces/{wsId}?include=projects"),
            read(WORKSPACE, WORKSPACE_SERVICE, "project", "GET /workspaces/{wsId}/projects/{projectId}"),
            read(WORKSPACE_SHARD, WORKSPACE_SERVICE, "project", "GET /workspaces/{wsId}/projects/{projectId}"),
            read(WORKSPACE, WORKSPACE_SERVICE, "workspace-projects", "GET /workspaces/{wsId}/projects"),
            read(WORKSPACE_SHARD, WORKSPACE_SERVICE, "workspace-projects", "GET /workspaces/{wsId}/projects"),
            read(WORKSPACE_PROJECTS_BY_STATUS, WORKSPACE_SERVICE, "workspace-projects-by-status",
                    "GET /workspaces/{wsId}/projects?status={status}"),
            read(USER_INVERTED, WORKSPACE_SERVICE, "workspaces-of-user", "GET /workspaces?member={userId}"),
            read(PROJECTS_BY_STATUS, WORKSPACE_SERVICE, "projects-by-status", "GET /projects?status={status}"),
            read(USER_INVERTED, WORKSPACE_SERVICE, "erasure-memberships", ERASE_ACCOUNT),
            read(WORKSPACE, WORKSPACE_SERVICE, "erasure-members", ERASE_ACCOUNT),
            read(WORKSPACE, WORKSPACE_SERVICE, "erasure-workspace-meta", ERASE_ACCOUNT),
            read(WORKSPACE, WORKSPACE_SERVICE, "erasure-created-projects", ERASE_ACCOUNT),
            read(WORKSPACE_SHARD, WORKSPACE_SERVICE, "erasure-created-projects", ERASE_ACCOUNT),
            read(WORKSPACE, WORKSPACE_SERVICE, "workspace-partition-items", "DELETE /workspaces/{wsId}", ERASE_ACCOUNT),
            read(WORKSPACE_SHARD, WORKSPACE_SERVICE, "workspace-partition-items", "DELETE /workspaces/{wsId}",
                    ERASE_ACCOUNT),
            read(ERASURE, WORKSPACE_SERVICE, "erasure-record", ERASE_ACCOUNT),
            read(PENDING_WORK, WORKSPACE_SERVICE, "work-pending", PENDING_WORK_POLL),
            read(IDEMPOTENCY, WORKSPACE_SERVICE, "idempotency-record", "POST /workspaces",
                    "POST /workspaces/{wsId}/projects"));

    private CollectionReads() {
    }

    private static Read read(ItemCollection collection, String service, String accessPattern, String... routes) {
        return new Read(collection, service, accessPattern, List.of(routes));
    }

    /** Every declared read. */
    public static List<Read> all() {
        return READS;
    }

    /** The reads of one collection, in declaration order. */
    public static List<Read> of(ItemCollection collection) {
        List<Read> out = new ArrayList<>();
        for (Read read : READS) {
            if (read.collection() == collection) {
                out.add(read);
            }
        }
        return out;
    }

    /** Whether {@code service}'s access pattern {@code accessPattern} is declared to read {@code collection}. */
    public static boolean declares(String service, String accessPattern, ItemCollection collection) {
        for (Read read : READS) {
            if (read.collection() == collection && read.service().equals(service)
                    && read.accessPattern().equals(accessPattern)) {
                return true;
            }
        }
        return false;
    }
}
