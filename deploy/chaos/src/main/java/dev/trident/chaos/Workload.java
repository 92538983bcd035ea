package dev.trident.chaos;

import static dev.trident.chaos.Ops.AUTHOR;
import static dev.trident.chaos.Ops.COMMENT;
import static dev.trident.chaos.Ops.COURSE;
import static dev.trident.chaos.Ops.HANDLE;
import static dev.trident.chaos.Ops.MEMBER;
import static dev.trident.chaos.Ops.OWNER;
import static dev.trident.chaos.Ops.POST;
import static dev.trident.chaos.Ops.PROJECT;
import static dev.trident.chaos.Ops.SHARDS;
import static dev.trident.chaos.Ops.STUDENT;
import static dev.trident.chaos.Ops.USER;
import static dev.trident.chaos.Ops.WORKSPACE;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the clients do: every route of the three services, on small pools of ids so that an id is deleted and created
 * again often, by one client while others still use it. Each client draws from its own {@link Random} (seeded from
 * the run's seed and its number), so a run's choices can be replayed; what the services answer differs with timing.
 *
 * <p>Who calls: each request carries the token the rules expect of its caller (the user themselves, a workspace's
 * owner, the registrar, an instructor, an admin), so that refusals are the exception and the writes happen. The
 * shared {@link World} is what the clients learned from answers (post, comment and project ids, workspace owners); it
 * only steers the choices, the checks read the history alone.
 */
final class Workload {
    static final List<String> USERS = List.of("u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7");
    /** Users that never get a profile: registering them as students, enrolling them or letting them create a
     * workspace is refused (422/404), so nothing of them may ever be in the table. */
    static final List<String> GHOSTS = List.of("g0", "g1");
    /** Holds the handle {@link #TAKEN_HANDLE} all run long (never erased). */
    static final String KEEPER = "k0";
    static final String TAKEN_HANDLE = "taken";
    /** Only ever asks for {@link #TAKEN_HANDLE}: every create is a 409, so it never has a profile. */
    static final String HANDLE_LOSER = "x0";
    static final List<String> COURSES = List.of("c0", "c1", "c2", "c3");
    /** Only ever PUT by callers who are not the registrar (403). */
    static final String FORBIDDEN_COURSE = "cx0";
    static final List<String> WORKSPACES = List.of("w0", "w1", "w2", "w3");
    /** Only ever created by a ghost (422: the owner is no user). */
    static final String GHOST_WORKSPACE = "wx0";
    static final String REGISTRAR = "reg";
    static final String INSTRUCTOR = "inst";
    static final String ADMIN = "adm";
    static final String TERM = "2026-fall";
    private static final int REMEMBERED = 20;

    /** What the clients learned from the answers; it only steers their choices. */
    static final class World {
        final Map<String, List<String>> posts = new ConcurrentHashMap<>();
        final Map<String, List<String[]>> comments = new ConcurrentHashMap<>();
        final Map<String, String> wsOwner = new ConcurrentHashMap<>();
        final Map<String, List<String>> projects = new ConcurrentHashMap<>();
        final Map<String, Set<String>> members = new ConcurrentHashMap<>();

        static <T> void remember(Map<String, List<T>> map, String key, T value) {
            List<T> list = map.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>());
            list.add(value);
            while (list.size() > REMEMBERED) {
                list.remove(0);
            }
        }
    }

    private record Weighted(int weight, Runnable op) {
    }

    private final int client;
    private final Random random;
    private final Api api;
    private final Tokens tokens;
    private final World world;
    private final List<Weighted> ops = new ArrayList<>();
    private final int totalWeight;
    private long seq;

    Workload(int client, long seed, Api api, Tokens tokens, World world) {
        this.client = client;
        this.random = new Random(seed * 1_000_003L + client);
        this.api = api;
        this.tokens = tokens;
        this.world = world;
        // social
        add(6, this::createUser);
        add(1, this::createUserWithTakenHandle);
        add(3, this::getUser);
        add(1, this::userByHandle);
        add(2, this::patchUser);
        add(1, this::eraseUser);
        add(1, this::erasureProgress);
        add(1, this::batchGet);
        add(5, this::createPost);
        add(2, this::listPosts);
        add(2, this::getPost);
        add(1, this::patchPost);
        add(1, this::deletePost);
        add(5, this::createComment);
        add(1, this::listComments);
        add(2, this::getComment);
        add(1, this::patchComment);
        add(2, this::deleteComment);
        add(1, this::timeline);
        add(1, this::stats);
        // enrollment
        add(5, this::registerStudent);
        add(1, this::registerGhostStudent);
        add(2, this::getStudent);
        add(1, this::studentCourses);
        add(1, this::deleteStudent);
        add(4, this::putCourse);
        add(1, this::putCourseWithoutRole);
        add(2, this::getCourse);
        add(1, this::roster);
        add(1, this::catalogue);
        add(1, this::deleteCourse);
        add(6, this::enrol);
        add(2, this::getEnrollment);
        add(2, this::grade);
        add(2, this::drop);
        // workspace
        add(4, this::createWorkspace);
        add(1, this::createGhostWorkspace);
        add(2, this::getWorkspace);
        add(1, this::patchWorkspace);
        add(1, this::memberships);
        add(4, this::putMember);
        add(2, this::removeMember);
        add(1, this::listMembers);
        add(4, this::createProject);
        add(2, this::listProjects);
        add(1, this::getProject);
        add(1, this::patchProject);
        add(1, this::deleteProject);
        add(1, this::projectsByStatus);
        add(1, this::deleteWorkspace);
        totalWeight = ops.stream().mapToInt(Weighted::weight).sum();
    }

    private void add(int weight, Runnable op) {
        ops.add(new Weighted(weight, op));
    }

    /** Runs random operations until {@code deadlineMs}, with a short pause between them. */
    void run(long deadlineMs, int thinkMs) {
        api.record(new Entry(Entry.CLIENT_START, client, 0, "-", "-", "-", Map.of(), 0, null, null,
                System.currentTimeMillis(), System.currentTimeMillis(), null, null, api.phase()));
        while (System.currentTimeMillis() < deadlineMs) {
            int r = random.nextInt(totalWeight);
            for (Weighted w : ops) {
                r -= w.weight();
                if (r < 0) {
                    w.op().run();
                    break;
                }
            }
            pause(random.nextInt(thinkMs + 1));
        }
        api.record(new Entry(Entry.CLIENT_END, client, seq, "-", "-", "-", Map.of(), 0, null, null,
                System.currentTimeMillis(), System.currentTimeMillis(), null, null, api.phase()));
    }

    /** Records that this client's thread ended by {@code failure} instead of finishing its run. */
    void died(Throwable failure) {
        api.record(new Entry(Entry.CLIENT_DIED, client, seq, "-", "-", "-", Map.of(), 0, null, null,
                System.currentTimeMillis(), System.currentTimeMillis(), null, failure.toString(), api.phase()));
    }

    /** Every user id the clients ever name: the pools, the keeper, the loser of the taken handle, the ghosts. */
    static List<String> allUsers() {
        List<String> all = new ArrayList<>(USERS);
        all.add(KEEPER);
        all.add(HANDLE_LOSER);
        all.addAll(GHOSTS);
        return all;
    }

    /** Once, before the clients start: the keeper of the taken handle. */
    static void setUp(Api api, Tokens tokens) {
        for (int attempt = 1; attempt <= 20; attempt++) {
            Api.Answer a = api.send(-1, attempt, Ops.USER_CREATE, "social", "POST", "/users", tokens.of(KEEPER),
                    "{\"handle\":\"" + TAKEN_HANDLE + "\",\"displayName\":\"Keeper\"}",
                    Map.of(USER, KEEPER, HANDLE, TAKEN_HANDLE), null, null, null);
            if (a.ok() || a.status() == 409) {
                return;
            }
            pause(500);
        }
        throw new IllegalStateException("the keeper of the taken handle could not be created");
    }

    // --- requests -------------------------------------------------------------------------------------------------

    private Api.Answer call(String op, String service, String method, String path, String token, String body,
            Map<String, String> ids) {
        return api.send(client, ++seq, op, service, method, path, token, body, ids, null, null, null);
    }

    /**
     * A create; on some of them an Idempotency-Key, and then the same request again (same key, same body) after a
     * 503, no answer, or a 409 with Retry-After, as a client that retries safely does.
     */
    private Api.Answer create(String op, String service, String method, String path, String token, String body,
            Map<String, String> ids, String createdIdName, String createdIdField) {
        long first = ++seq;
        String key = random.nextInt(100) < 40 ? "chaos-" + client + "-" + first : null;
        Api.Answer answer = api.send(client, first, op, service, method, path, token, body, ids, key, createdIdName,
                createdIdField);
        for (int attempt = 2; attempt <= 4 && key != null && retriable(answer); attempt++) {
            pause(retryDelayMs(answer));
            answer = api.send(client, ++seq, op, service, method, path, token, body, ids, key, createdIdName,
                    createdIdField);
        }
        return answer;
    }

    private static boolean retriable(Api.Answer a) {
        return a.status() == 503 || !(a.status() > 0) || (a.status() == 409 && a.retryAfter() != null);
    }

    private static long retryDelayMs(Api.Answer a) {
        try {
            return Math.min(2_000L, Math.max(200L, Long.parseLong(a.retryAfter().trim()) * 1_000L));
        } catch (RuntimeException e) {
            return 1_000L;
        }
    }

    private String user() {
        return USERS.get(random.nextInt(USERS.size()));
    }

    private <T> T pick(List<T> list) {
        if (list == null || list.isEmpty()) {
            return null;
        }
        try {
            return list.get(random.nextInt(list.size()));
        } catch (IndexOutOfBoundsException e) {
            return null;
        }
    }

    private boolean chance(int percent) {
        return random.nextInt(100) < percent;
    }

    private String token(String user) {
        return tokens.of(user);
    }

    private String registrar() {
        return tokens.of(REGISTRAR, Tokens.REGISTRAR);
    }

    private String instructor() {
        return tokens.of(INSTRUCTOR, Tokens.INSTRUCTOR);
    }

    private String admin() {
        return tokens.of(ADMIN, Tokens.ADMIN);
    }

    // --- social ---------------------------------------------------------------------------------------------------

    private void createUser() {
        String u = user();
        String handle = chance(85) ? "h-" + u : "shared-" + random.nextInt(2);
        create(Ops.USER_CREATE, "social", "POST", "/users", token(u),
                "{\"handle\":\"" + handle + "\",\"displayName\":\"User " + u + "\"}", Map.of(USER, u, HANDLE, handle),
                null, null);
    }

    private void createUserWithTakenHandle() {
        create(Ops.USER_CREATE, "social", "POST", "/users", token(HANDLE_LOSER),
                "{\"handle\":\"" + TAKEN_HANDLE + "\",\"displayName\":\"Loser\"}",
                Map.of(USER, HANDLE_LOSER, HANDLE, TAKEN_HANDLE), null, null);
    }

    private void getUser() {
        String u = user();
        call("user-get", "social", "GET", "/users/" + u + (chance(30) ? "?include=posts&limit=5" : ""),
                token(user()), null, Map.of(USER, u));
    }

    private void userByHandle() {
        String u = user();
        call("user-by-handle", "social", "GET", "/users/by-handle/h-" + u, token(user()), null, Map.of(USER, u));
    }

    private void patchUser() {
        String u = user();
        call("user-patch", "social", "PATCH", "/users/" + u, token(u),
                "{\"displayName\":\"User " + u + " " + random.nextInt(1000) + "\"}", Map.of(USER, u));
    }

    private void eraseUser() {
        String u = user();
        call(Ops.USER_ERASE, "social", "DELETE", "/users/" + u, chance(70) ? token(u) : admin(), null,
                Map.of(USER, u));
    }

    private void erasureProgress() {
        String u = user();
        call("user-erasure", "social", "GET", "/users/" + u + "/erasure", token(u), null, Map.of(USER, u));
    }

    private void batchGet() {
        call("user-batch-get", "social", "POST", "/users/batch-get", token(user()),
                "{\"ids\":[\"" + user() + "\",\"" + user() + "\",\"" + GHOSTS.get(0) + "\"]}", Map.of());
    }

    private void createPost() {
        String u = user();
        Api.Answer a = create(Ops.POST_CREATE, "social", "POST", "/users/" + u + "/posts", token(u),
                "{\"title\":\"t\",\"body\":\"post by " + u + "\"}", Map.of(USER, u), POST, "postId");
        if (a.ok() && a.field("postId") != null) {
            World.remember(world.posts, u, a.field("postId"));
        }
    }

    private void listPosts() {
        String u = user();
        call("post-list", "social", "GET", "/users/" + u + "/posts?limit=5", token(user()), null, Map.of(USER, u));
    }

    private void getPost() {
        String u = user();
        String p = pick(world.posts.get(u));
        if (p != null) {
            call("post-get", "social", "GET", "/users/" + u + "/posts/" + p, token(user()), null,
                    Map.of(USER, u, POST, p));
        }
    }

    private void patchPost() {
        String u = user();
        String p = pick(world.posts.get(u));
        if (p != null) {
            call("post-patch", "social", "PATCH", "/users/" + u + "/posts/" + p, token(u), "{\"body\":\"edited\"}",
                    Map.of(USER, u, POST, p));
        }
    }

    private void deletePost() {
        String u = user();
        String p = pick(world.posts.get(u));
        if (p != null) {
            call(Ops.POST_DELETE, "social", "DELETE", "/users/" + u + "/posts/" + p, token(u), null,
                    Map.of(USER, u, POST, p));
        }
    }

    private void createComment() {
        String u = user();
        String p = pick(world.posts.get(u));
        if (p == null) {
            return;
        }
        String author = user();
        Api.Answer a = create(Ops.COMMENT_CREATE, "social", "POST", "/users/" + u + "/posts/" + p + "/comments",
                token(author), "{\"body\":\"comment by " + author + "\"}", Map.of(USER, u, POST, p, AUTHOR, author),
                COMMENT, "commentId");
        if (a.ok() && a.field("commentId") != null) {
            World.remember(world.comments, p, new String[] { u, p, a.field("commentId"), author });
        }
    }

    /** A remembered comment: {post's user, post, comment, author}. */
    private String[] someComment() {
        String u = user();
        String p = pick(world.posts.get(u));
        return p == null ? null : pick(world.comments.get(p));
    }

    private void listComments() {
        String u = user();
        String p = pick(world.posts.get(u));
        if (p != null) {
            call("comment-list", "social", "GET", "/users/" + u + "/posts/" + p + "/comments?limit=10", token(user()),
                    null, Map.of(USER, u, POST, p));
        }
    }

    private void getComment() {
        String[] c = someComment();
        if (c != null) {
            call("comment-get", "social", "GET", "/users/" + c[0] + "/posts/" + c[1] + "/comments/" + c[2],
                    token(user()), null, Map.of(USER, c[0], POST, c[1], COMMENT, c[2]));
        }
    }

    private void patchComment() {
        String[] c = someComment();
        if (c != null) {
            call("comment-patch", "social", "PATCH", "/users/" + c[0] + "/posts/" + c[1] + "/comments/" + c[2],
                    token(c[3]), "{\"body\":\"edited\"}", Map.of(USER, c[0], POST, c[1], COMMENT, c[2]));
        }
    }

    private void deleteComment() {
        String[] c = someComment();
        if (c != null) {
            call(Ops.COMMENT_DELETE, "social", "DELETE", "/users/" + c[0] + "/posts/" + c[1] + "/comments/" + c[2],
                    token(chance(50) ? c[3] : c[0]), null, Map.of(USER, c[0], POST, c[1], COMMENT, c[2]));
        }
    }

    private void timeline() {
        call("timeline", "social", "GET", "/timeline?limit=10", token(user()), null, Map.of());
    }

    private void stats() {
        String u = user();
        call("user-stats", "social", "GET", "/users/" + u + "/stats", token(user()), null, Map.of(USER, u));
    }

    // --- enrollment -----------------------------------------------------------------------------------------------

    private void registerStudent() {
        String s = user();
        call(Ops.STUDENT_PUT, "enrollment", "PUT", "/students/" + s, chance(60) ? token(s) : registrar(),
                "{\"year\":" + (1 + random.nextInt(4)) + ",\"major\":\"physics\"}", Map.of(STUDENT, s));
    }

    private void registerGhostStudent() {
        String s = pick(GHOSTS);
        call(Ops.STUDENT_PUT, "enrollment", "PUT", "/students/" + s, registrar(), "{\"year\":1,\"major\":\"none\"}",
                Map.of(STUDENT, s));
    }

    private void getStudent() {
        String s = user();
        String token = switch (random.nextInt(3)) {
            case 0 -> token(s);
            case 1 -> registrar();
            default -> instructor();
        };
        call("student-get", "enrollment", "GET", "/students/" + s + (chance(40) ? "?include=courses" : ""), token,
                null, Map.of(STUDENT, s));
    }

    private void studentCourses() {
        String s = user();
        call("student-courses", "enrollment", "GET", "/students/" + s + "/courses", token(s), null,
                Map.of(STUDENT, s));
    }

    private void deleteStudent() {
        String s = user();
        call(Ops.STUDENT_DELETE, "enrollment", "DELETE", "/students/" + s, chance(50) ? token(s) : registrar(), null,
                Map.of(STUDENT, s));
    }

    private String courseBody(String c) {
        return "{\"title\":\"Course " + c + "\",\"credits\":3,\"term\":\"" + TERM + "\",\"capacity\":"
                + (3 + random.nextInt(4)) + (chance(60) ? ",\"instructorIds\":[\"" + INSTRUCTOR + "\"]" : "") + "}";
    }

    private void putCourse() {
        String c = pick(COURSES);
        call(Ops.COURSE_PUT, "enrollment", "PUT", "/courses/" + c, registrar(), courseBody(c), Map.of(COURSE, c));
    }

    private void putCourseWithoutRole() {
        call(Ops.COURSE_PUT, "enrollment", "PUT", "/courses/" + FORBIDDEN_COURSE, token(user()),
                courseBody(FORBIDDEN_COURSE), Map.of(COURSE, FORBIDDEN_COURSE));
    }

    private void getCourse() {
        String c = pick(COURSES);
        call("course-get", "enrollment", "GET", "/courses/" + c + (chance(40) ? "?include=students" : ""),
                token(user()), null, Map.of(COURSE, c));
    }

    private void roster() {
        String c = pick(COURSES);
        call("course-roster", "enrollment", "GET", "/courses/" + c + "/students",
                chance(50) ? registrar() : instructor(), null, Map.of(COURSE, c));
    }

    private void catalogue() {
        call("course-catalogue", "enrollment", "GET", "/courses?term=" + TERM, token(user()), null, Map.of());
    }

    private void deleteCourse() {
        String c = pick(COURSES);
        call(Ops.COURSE_DELETE, "enrollment", "DELETE", "/courses/" + c, registrar(), null, Map.of(COURSE, c));
    }

    private void enrol() {
        String s = chance(90) ? user() : pick(GHOSTS);
        String c = pick(COURSES);
        create(Ops.ENROL, "enrollment", "PUT", "/students/" + s + "/courses/" + c, chance(60) ? token(s) : registrar(),
                null, Map.of(STUDENT, s, COURSE, c), null, null);
    }

    private void getEnrollment() {
        String s = user();
        String c = pick(COURSES);
        call("enrolment-get", "enrollment", "GET", "/students/" + s + "/courses/" + c,
                chance(50) ? token(s) : registrar(), null, Map.of(STUDENT, s, COURSE, c));
    }

    private void grade() {
        String s = user();
        String c = pick(COURSES);
        call("enrolment-grade", "enrollment", "PATCH", "/students/" + s + "/courses/" + c,
                chance(50) ? registrar() : instructor(), "{\"grade\":\"" + pick(List.of("A", "B+", "C", "P")) + "\"}",
                Map.of(STUDENT, s, COURSE, c));
    }

    private void drop() {
        String s = user();
        String c = pick(COURSES);
        call(Ops.DROP, "enrollment", "DELETE", "/students/" + s + "/courses/" + c, chance(50) ? token(s) : registrar(),
                null, Map.of(STUDENT, s, COURSE, c));
    }

    // --- workspace ------------------------------------------------------------------------------------------------

    private String ownerOf(String w) {
        String owner = world.wsOwner.get(w);
        return owner != null && chance(90) ? owner : user();
    }

    private void createWorkspace() {
        String w = pick(WORKSPACES);
        String owner = user();
        int shards = 1 + random.nextInt(4);
        // More than one shard needs the platform role admin: the owner holds it for this request.
        String token = shards > 1 ? tokens.of(owner, Tokens.ADMIN) : token(owner);
        Api.Answer a = create(Ops.WORKSPACE_CREATE, "workspace", "POST", "/workspaces", token,
                "{\"workspaceId\":\"" + w + "\",\"displayName\":\"Workspace " + w
                        + "\",\"region\":\"eu-west-1\",\"seatLimit\":4,\"shards\":" + shards
                        + (chance(50) ? ",\"ownerId\":\"" + owner + "\"" : "") + "}",
                Map.of(WORKSPACE, w, OWNER, owner, SHARDS, Integer.toString(shards)), null, null);
        if (a.ok()) {
            world.wsOwner.put(w, owner);
            world.members.put(w, ConcurrentHashMap.newKeySet());
            world.members.get(w).add(owner);
            world.projects.remove(w);
        }
    }

    private void createGhostWorkspace() {
        String ghost = pick(GHOSTS);
        create(Ops.WORKSPACE_CREATE, "workspace", "POST", "/workspaces", token(ghost),
                "{\"workspaceId\":\"" + GHOST_WORKSPACE + "\",\"displayName\":\"Ghost\",\"region\":\"eu-west-1\","
                        + "\"seatLimit\":2,\"shards\":2}",
                Map.of(WORKSPACE, GHOST_WORKSPACE, OWNER, ghost, SHARDS, "2"), null, null);
    }

    private void getWorkspace() {
        String w = pick(WORKSPACES);
        call("workspace-get", "workspace", "GET", "/workspaces/" + w + (chance(40) ? "?include=projects&limit=5" : ""),
                token(ownerOf(w)), null, Map.of(WORKSPACE, w));
    }

    private void patchWorkspace() {
        String w = pick(WORKSPACES);
        call("workspace-patch", "workspace", "PATCH", "/workspaces/" + w, token(ownerOf(w)),
                "{\"displayName\":\"Workspace " + w + " " + random.nextInt(100) + "\"}", Map.of(WORKSPACE, w));
    }

    private void memberships() {
        String u = user();
        call("workspace-memberships", "workspace", "GET", "/workspaces?member=" + u, token(u), null,
                Map.of(USER, u));
    }

    private void putMember() {
        String w = pick(WORKSPACES);
        String member = chance(90) ? user() : pick(GHOSTS);
        call(Ops.MEMBER_PUT, "workspace", "PUT", "/workspaces/" + w + "/members/" + member, token(ownerOf(w)),
                "{\"role\":\"" + (chance(30) ? "admin" : "member") + "\"}", Map.of(WORKSPACE, w, MEMBER, member));
        world.members.computeIfAbsent(w, k -> ConcurrentHashMap.newKeySet()).add(member);
    }

    private void removeMember() {
        String w = pick(WORKSPACES);
        Set<String> known = world.members.get(w);
        String member = known == null || known.isEmpty() ? user() : pick(new ArrayList<>(known));
        if (member == null) {
            return;
        }
        boolean leave = chance(30);
        call(Ops.MEMBER_REMOVE, "workspace", "DELETE", "/workspaces/" + w + "/members/" + member,
                leave ? token(member) : token(ownerOf(w)), null, Map.of(WORKSPACE, w, MEMBER, member));
    }

    private void listMembers() {
        String w = pick(WORKSPACES);
        call("member-list", "workspace", "GET", "/workspaces/" + w + "/members", token(ownerOf(w)), null,
                Map.of(WORKSPACE, w));
    }

    private void createProject() {
        String w = pick(WORKSPACES);
        Api.Answer a = create(Ops.PROJECT_CREATE, "workspace", "POST", "/workspaces/" + w + "/projects",
                token(ownerOf(w)), "{\"title\":\"Project\",\"status\":\"" + (chance(70) ? "ACTIVE" : "PAUSED") + "\"}",
                Map.of(WORKSPACE, w), PROJECT, "projectId");
        if (a.ok() && a.field("projectId") != null) {
            World.remember(world.projects, w, a.field("projectId"));
        }
    }

    private void listProjects() {
        String w = pick(WORKSPACES);
        call("project-list", "workspace", "GET",
                "/workspaces/" + w + "/projects?limit=5" + (chance(40) ? "&status=ACTIVE" : ""), token(ownerOf(w)),
                null, Map.of(WORKSPACE, w));
    }

    private void getProject() {
        String w = pick(WORKSPACES);
        String p = pick(world.projects.get(w));
        if (p != null) {
            call("project-get", "workspace", "GET", "/workspaces/" + w + "/projects/" + p, token(ownerOf(w)), null,
                    Map.of(WORKSPACE, w, PROJECT, p));
        }
    }

    private void patchProject() {
        String w = pick(WORKSPACES);
        String p = pick(world.projects.get(w));
        if (p != null) {
            call("project-patch", "workspace", "PATCH", "/workspaces/" + w + "/projects/" + p, token(ownerOf(w)),
                    "{\"status\":\"" + pick(List.of("ACTIVE", "PAUSED", "ARCHIVED")) + "\"}",
                    Map.of(WORKSPACE, w, PROJECT, p));
        }
    }

    private void deleteProject() {
        String w = pick(WORKSPACES);
        String p = pick(world.projects.get(w));
        if (p != null) {
            call(Ops.PROJECT_DELETE, "workspace", "DELETE", "/workspaces/" + w + "/projects/" + p, token(ownerOf(w)),
                    null, Map.of(WORKSPACE, w, PROJECT, p));
        }
    }

    private void projectsByStatus() {
        call("projects-by-status", "workspace", "GET", "/projects?status=" + (chance(50) ? "ACTIVE" : "PAUSED")
                + "&limit=10", admin(), null, Map.of());
    }

    private void deleteWorkspace() {
        String w = pick(WORKSPACES);
        call(Ops.WORKSPACE_DELETE, "workspace", "DELETE", "/workspaces/" + w, token(ownerOf(w)), null,
                Map.of(WORKSPACE, w));
    }

    static void pause(long ms) {
        if (ms <= 0) {
            return;
        }
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
