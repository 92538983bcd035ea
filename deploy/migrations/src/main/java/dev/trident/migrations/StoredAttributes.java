package dev.trident.migrations;

import dev.trident.keys.TableSchema;
import java.util.List;

/**
 * The names the services store their attributes under, and the pending-work kinds they write, as the audit reads
 * them. Copied from the services' declarations (SocialEntities, EnrollmentEntities, WorkspaceEntities, and
 * service-support's PendingWork, ErasureRecords and IdempotencyRecords), which this tool does not depend on; keys
 * themselves are never spelled here, only built and parsed by common-keys.
 */
final class StoredAttributes {

    // social-service (SocialEntities)
    static final String USER_ID = "userId";
    static final String HANDLE = "handle";
    static final String POST_ID = "postId";
    static final String COMMENT_COUNT = "commentCount";
    static final String COMMENT_ID = "commentId";
    static final String AUTHOR_ID = "authorId";
    static final String POST_AUTHOR_ID = "postAuthorId";
    /** Monthly stats: posts published, comments written (counted at write time, never decremented). */
    static final String POSTS = "posts";
    static final String COMMENTS = "comments";

    // enrollment-service (EnrollmentEntities)
    static final String STUDENT_ID = "studentId";
    static final String COURSE_ID = "courseId";
    static final String TERM = "term";
    /** An enrolment edge's copy of its course's term, which keys the student's term list. */
    static final String COURSE_TERM = "courseTerm";
    static final String CAPACITY = "capacity";
    static final String ENROLLED_COUNT = "enrolledCount";

    // workspace-service (WorkspaceEntities)
    static final String WS_ID = "wsId";
    static final String SEAT_LIMIT = "seatLimit";
    static final String SHARDS = "shards";
    static final String OWNER_COUNT = "ownerCount";
    static final String MEMBER_COUNT = "memberCount";
    static final String ROLE = "role";
    static final String OWNER_ROLE = "owner";
    /** A project's status (ACTIVE, PAUSED, ARCHIVED); also the erasure record's overall status. */
    static final String STATUS = "status";
    static final String SEQ = "seq";

    // service-support: pending work (PendingWork) and its kinds as the services enqueue them
    static final String ATTEMPTS = "attempts";
    static final String SOCIAL = "social";
    static final String ENROLLMENT = "enrollment";
    static final String WORKSPACE = "workspace";
    static final String ERASE_USER = "erase-user";
    static final String DELETE_STUDENT = "delete-student";
    static final String DELETE_COURSE = "delete-course";
    static final String DELETE_WORKSPACE = "delete-workspace";

    // service-support: erasure records (ErasureRecords)
    static final String PENDING = "PENDING";
    static final String DONE = "DONE";
    static final List<String> ERASURE_PARTS = List.of(SOCIAL, ENROLLMENT, WORKSPACE);

    // service-support: Idempotency-Key records (IdempotencyRecords)
    /** The path of the created item's Location. */
    static final String LOCATION = "location";

    /** A part's status on the erasure record, e.g. {@code workspaceStatus}; absent reads as PENDING. */
    static String erasurePartStatus(String part) {
        return part + "Status";
    }

    /** Everything the audit reads: the Scan projects these only, so a large table fits in memory. */
    static List<String> projection() {
        List<String> names = new java.util.ArrayList<>(List.of(TableSchema.PK, TableSchema.SK, TableSchema.GSI1PK,
                TableSchema.GSI1SK, TableSchema.GSI2PK, TableSchema.GSI2SK, TableSchema.TYPE, TableSchema.CREATED_AT,
                TableSchema.EXPIRES_AT, USER_ID, HANDLE, POST_ID, COMMENT_COUNT, COMMENT_ID, AUTHOR_ID, POST_AUTHOR_ID,
                POSTS, COMMENTS, STUDENT_ID, COURSE_ID, TERM, COURSE_TERM, CAPACITY, ENROLLED_COUNT, WS_ID, SEAT_LIMIT,
                SHARDS, OWNER_COUNT, MEMBER_COUNT, ROLE, STATUS, SEQ, ATTEMPTS, LOCATION));
        ERASURE_PARTS.forEach(part -> names.add(erasurePartStatus(part)));
        return List.copyOf(names);
    }

    private StoredAttributes() {
    }
}
