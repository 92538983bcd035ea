package dev.trident.bench.load;

import java.util.Locale;

/**
 * The seeded data set at one scale. Ids are deterministic, so the load scripts and the baseline pick the same
 * entities from the counts alone. Every student is also a social user (student i = user i).
 */
public record Dataset(String scale, int users, int postsPerUser, int commentedPosts, int commentsPerPost,
        int students, int courses, int enrollmentsPerStudent, int workspaces, int projectsPerWorkspace,
        int shardedProjects, int shardedShards, int wideProjects, int enrolCourses) {

    /**
     * Target courses of the enrol benchmark, one set per phase so no pair is enrolled twice. A phase has
     * {@code students x enrolCourses} pairs: at small scale 60 x 900 = 54,000, enough for the six warm-up passes of
     * deploy/bench.sh at 500 enrolments a second (with 100 courses a 15 s phase ran out of pairs and was answered 409).
     */
    public static final String[] ENROL_PHASES = {"sw", "sm", "bw", "bm"};
    public static final String SHARDED_WORKSPACE = "ws-big";
    /** The widest layout a workspace can have (16 shards), for the read-amplification report. */
    public static final String WIDE_WORKSPACE = "ws-wide";
    public static final int WIDE_SHARDS = 16;
    public static final int PROJECT_YEAR = 2026;
    public static final int PAGE = 20;
    /** The term of every seeded course: the catalogue route reads its first page. */
    public static final String TERM = "2026-fall";
    /**
     * The caller of every measured request (deploy/bench.sh mints its token with roles registrar, instructor and
     * admin): a member of every seeded workspace, since only members read a workspace's projects.
     */
    public static final String READER = "bench-reader";

    public static Dataset of(String scale) {
        return switch (scale.toLowerCase(Locale.ROOT)) {
            case "small" -> new Dataset("small", 100, 20, 200, 2, 60, 30, 20, 20, 25, 500, 4, 300, 900);
            case "full" -> new Dataset("full", 1_000, 20, 1_000, 5, 500, 100, 20, 200, 25, 5_000, 4, 3_000, 100);
            case "10x" -> new Dataset("10x", 10_000, 20, 10_000, 5, 5_000, 1_000, 20, 2_000, 25, 50_000, 4, 30_000,
                    100);
            default -> throw new IllegalArgumentException("scale must be small, full or 10x: " + scale);
        };
    }

    public static String userId(int i) {
        return String.format("user-%06d", i);
    }

    public static String displayName(int i) {
        return "User " + i;
    }

    public static String courseId(int i) {
        return String.format("crs-%05d", i);
    }

    public static String enrolCourseId(String phase, int i) {
        return String.format("enr-%s-%03d", phase, i);
    }

    public static String workspaceId(int i) {
        return String.format("ws-%05d", i);
    }

    /** The k-th course of student s: distinct for k < courses, spread evenly over the courses. */
    public int courseOf(int student, int k) {
        return (student * 7 + k) % courses;
    }

    /**
     * Workspaces besides {@link #SHARDED_WORKSPACE} (counted in {@code workspaces}; {@link #WIDE_WORKSPACE} comes on
     * top); each holds {@link #projectsPerWorkspace} projects.
     */
    public int unshardedWorkspaces() {
        return workspaces - 1;
    }

    public long itemCount() {
        long posts = (long) users * postsPerUser;
        return 2L * users + posts + (long) commentedPosts * commentsPerPost + users * 12L
                + students + courses + (long) students * enrollmentsPerStudent + ENROL_PHASES.length * enrolCourses
                + 4L * workspaces + (long) unshardedWorkspaces() * projectsPerWorkspace + shardedProjects
                + 4L + wideProjects;
    }

    /** The counts as shell assignments, for deploy/bench.sh and the wrk scripts. */
    public String toEnv() {
        return "SCALE=" + scale + "\nUSERS=" + users + "\nSTUDENTS=" + students + "\nCOURSES=" + courses
                + "\nWORKSPACES=" + unshardedWorkspaces() + "\nSHARDED_WORKSPACE=" + SHARDED_WORKSPACE
                + "\nWIDE_WORKSPACE=" + WIDE_WORKSPACE + "\nWIDE_PROJECTS=" + wideProjects
                + "\nENROL_COURSES=" + enrolCourses + "\nITEMS=" + itemCount() + "\nREADER=" + READER + "\n";
    }
}
