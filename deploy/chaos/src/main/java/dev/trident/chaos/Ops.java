package dev.trident.chaos;

/** The names the history gives the requests that create and delete things (the checks reason on these). */
final class Ops {
    static final String USER_CREATE = "user-create";
    static final String USER_ERASE = "user-erase";
    static final String POST_CREATE = "post-create";
    static final String POST_DELETE = "post-delete";
    static final String COMMENT_CREATE = "comment-create";
    static final String COMMENT_DELETE = "comment-delete";
    static final String STUDENT_PUT = "student-put";
    static final String STUDENT_DELETE = "student-delete";
    static final String COURSE_PUT = "course-put";
    static final String COURSE_DELETE = "course-delete";
    static final String ENROL = "enrol";
    static final String DROP = "drop";
    static final String WORKSPACE_CREATE = "workspace-create";
    static final String WORKSPACE_DELETE = "workspace-delete";
    static final String MEMBER_PUT = "member-put";
    static final String MEMBER_REMOVE = "member-remove";
    static final String PROJECT_CREATE = "project-create";
    static final String PROJECT_DELETE = "project-delete";

    /** The history's id names. */
    static final String USER = "user";
    static final String HANDLE = "handle";
    static final String POST = "post";
    static final String COMMENT = "comment";
    static final String AUTHOR = "author";
    static final String STUDENT = "student";
    static final String COURSE = "course";
    static final String WORKSPACE = "ws";
    static final String OWNER = "owner";
    static final String SHARDS = "shards";
    static final String MEMBER = "member";
    static final String PROJECT = "project";

    private Ops() {
    }
}
