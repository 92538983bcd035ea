package dev.trident.chaos;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An everyday mix of {@code users} users on the three services, for measuring where the write units go: every user
 * signs up and registers as a student; there is a course per ten users over a few terms and a workspace per six
 * users; then, about ten times per user, users post, comment on each other's posts, enrol and drop, add members,
 * create and update projects, read timelines, catalogues and profiles, and now and then delete a post or erase
 * their account. Choices are uniform over users, courses and workspaces, so an entity's share of the traffic falls
 * as the population grows; only a partition that every user writes keeps its share. Ids carry the run's prefix, so
 * runs of different sizes can share a table.
 */
final class EverydayMix {

    static final List<String> TERMS = List.of("2026-fall", "2027-spring", "2027-summer");
    static final int OPS_PER_USER = 10;

    /** The logical operations of the mix, as the capacity plan names them, with their weights in the main phase. */
    enum Op {
        USER(0), COURSE(0), WORKSPACE(0),
        POST(20), COMMENT(24), ENROL(12), DROP(4), MEMBER(8), PROJECT(7), PROJECT_UPDATE(7), POST_DELETE(2),
        ERASURE(1),
        TIMELINE_READ(4), CATALOGUE_READ(3), STATUS_READ(2), USER_READ(5), COMMENTS_READ(3);

        final int weight;

        Op(int weight) {
            this.weight = weight;
        }

        /** The name in the measurement and the profile: lower case, '-' between words. */
        String key() {
            return name().toLowerCase().replace('_', '-');
        }
    }

    private final Api api;
    private final Tokens tokens;
    private final String prefix;
    private final int users;
    private final int courses;
    private final int workspaces;
    private final Random seeds;
    private final Map<Op, AtomicLong> done = new ConcurrentHashMap<>();
    private final List<String[]> posts = new CopyOnWriteArrayList<>();
    private final List<String[]> enrolments = new CopyOnWriteArrayList<>();
    private final List<String[]> projects = new CopyOnWriteArrayList<>();
    private final Map<String, Boolean> erased = new ConcurrentHashMap<>();
    private final AtomicInteger seq = new AtomicInteger();

    EverydayMix(Api api, Tokens tokens, String prefix, int users, long seed) {
        this.api = api;
        this.tokens = tokens;
        this.prefix = prefix;
        this.users = users;
        this.courses = Math.max(3, users / 10);
        this.workspaces = Math.max(2, users / 6);
        this.seeds = new Random(seed);
    }

    /** Runs the set-up, then the main phase on {@code clients} threads; returns the acknowledged operations by kind. */
    Map<Op, Long> run(int clients) throws InterruptedException {
        parallel(clients, users, i -> {
            String u = user(i);
            if (ok(Op.USER, call("social", "POST", "/users", tokens.of(u),
                    "{\"handle\":\"h-" + u + "\",\"displayName\":\"User " + i + "\"}"))) {
                call("enrollment", "PUT", "/students/" + u, tokens.of(u), "{\"year\":1,\"major\":\"physics\"}");
            }
        });
        parallel(clients, courses, i -> ok(Op.COURSE, call("enrollment", "PUT", "/courses/" + course(i),
                tokens.of(Workload.REGISTRAR, Tokens.REGISTRAR), "{\"title\":\"Course " + i + "\",\"credits\":3,"
                        + "\"term\":\"" + TERMS.get(i % TERMS.size()) + "\",\"capacity\":100000}")));
        parallel(clients, workspaces, i -> ok(Op.WORKSPACE, call("workspace", "POST", "/workspaces",
                tokens.of(user(i)), "{\"workspaceId\":\"" + workspace(i) + "\",\"displayName\":\"Workspace " + i
                        + "\",\"region\":\"eu-west-1\",\"seatLimit\":100000,\"shards\":1}")));
        long[] clientSeeds = new long[clients];
        for (int c = 0; c < clients; c++) {
            clientSeeds[c] = seeds.nextLong();
        }
        int total = users * OPS_PER_USER;
        int totalWeight = 0;
        for (Op op : Op.values()) {
            totalWeight += op.weight;
        }
        int weights = totalWeight;
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            Random random = new Random(clientSeeds[c]);
            int share = total / clients + (c < total % clients ? 1 : 0);
            Thread t = new Thread(() -> {
                for (int n = 0; n < share; n++) {
                    int r = random.nextInt(weights);
                    for (Op op : Op.values()) {
                        r -= op.weight;
                        if (r < 0) {
                            step(op, random);
                            break;
                        }
                    }
                }
            }, "mix-" + c);
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        Map<Op, Long> counts = new EnumMap<>(Op.class);
        done.forEach((op, n) -> counts.put(op, n.get()));
        return counts;
    }

    private void step(Op op, Random random) {
        String u = user(random.nextInt(users));
        if (erased.containsKey(u) && op != Op.TIMELINE_READ && op != Op.CATALOGUE_READ) {
            return;
        }
        switch (op) {
            case POST -> {
                Api.Answer a = call("social", "POST", "/users/" + u + "/posts", tokens.of(u),
                        "{\"title\":\"t\",\"body\":\"" + "an everyday post ".repeat(5) + "\"}");
                if (ok(op, a) && a.field("postId") != null) {
                    posts.add(new String[] {u, a.field("postId")});
                }
            }
            case COMMENT -> {
                String[] post = pick(posts, random);
                if (post != null) {
                    ok(op, call("social", "POST", "/users/" + post[0] + "/posts/" + post[1] + "/comments",
                            tokens.of(u), "{\"body\":\"a comment by " + u + "\"}"));
                }
            }
            case ENROL -> {
                String c = course(random.nextInt(courses));
                if (ok(op, call("enrollment", "PUT", "/students/" + u + "/courses/" + c, tokens.of(u), null))) {
                    enrolments.add(new String[] {u, c});
                }
            }
            case DROP -> {
                String[] e = take(enrolments, random);
                if (e != null) {
                    ok(op, call("enrollment", "DELETE", "/students/" + e[0] + "/courses/" + e[1], tokens.of(e[0]),
                            null));
                }
            }
            case MEMBER -> {
                int w = random.nextInt(workspaces);
                ok(op, call("workspace", "PUT", "/workspaces/" + workspace(w) + "/members/" + u,
                        tokens.of(user(w)), "{\"role\":\"member\"}"));
            }
            case PROJECT -> {
                int w = random.nextInt(workspaces);
                Api.Answer a = call("workspace", "POST", "/workspaces/" + workspace(w) + "/projects",
                        tokens.of(user(w)), "{\"title\":\"Project\",\"status\":\"ACTIVE\"}");
                if (ok(op, a) && a.field("projectId") != null) {
                    projects.add(new String[] {Integer.toString(w), a.field("projectId")});
                }
            }
            case PROJECT_UPDATE -> {
                String[] p = pick(projects, random);
                if (p != null) {
                    int w = Integer.parseInt(p[0]);
                    ok(op, call("workspace", "PATCH", "/workspaces/" + workspace(w) + "/projects/" + p[1],
                            tokens.of(user(w)), "{\"status\":\"" + (random.nextBoolean() ? "PAUSED" : "ACTIVE")
                                    + "\"}"));
                }
            }
            case POST_DELETE -> {
                String[] post = take(posts, random);
                if (post != null) {
                    ok(op, call("social", "DELETE", "/users/" + post[0] + "/posts/" + post[1],
                            tokens.of(post[0]), null));
                }
            }
            case ERASURE -> {
                // Rare: about one user in a hundred and fifty erases their account.
                if (random.nextInt(10) == 0 && erased.putIfAbsent(u, true) == null) {
                    ok(op, call("social", "DELETE", "/users/" + u, tokens.of(u), null));
                }
            }
            case TIMELINE_READ -> ok(op, call("social", "GET", "/timeline?limit=10", tokens.of(u), null));
            case CATALOGUE_READ -> ok(op, call("enrollment", "GET", "/courses?term="
                    + TERMS.get(random.nextInt(TERMS.size())), tokens.of(u), null));
            case STATUS_READ -> ok(op, call("workspace", "GET", "/projects?status=ACTIVE&limit=10",
                    tokens.of(Workload.ADMIN, Tokens.ADMIN), null));
            case USER_READ -> ok(op, call("social", "GET", "/users/" + u + "?include=posts&limit=5", tokens.of(u),
                    null));
            case COMMENTS_READ -> {
                String[] post = pick(posts, random);
                if (post != null) {
                    ok(op, call("social", "GET", "/users/" + post[0] + "/posts/" + post[1] + "/comments?limit=10",
                            tokens.of(u), null));
                }
            }
            default -> { }
        }
    }

    private Api.Answer call(String service, String method, String path, String token, String body) {
        return api.send(0, seq.incrementAndGet(), "mix", service, method, path, token, body, Map.of(), null, null,
                null);
    }

    private boolean ok(Op op, Api.Answer answer) {
        if (answer.ok()) {
            done.computeIfAbsent(op, k -> new AtomicLong()).incrementAndGet();
        }
        return answer.ok();
    }

    String user(int i) {
        return prefix + "u" + i;
    }

    private String course(int i) {
        return prefix + "c" + i;
    }

    private String workspace(int i) {
        return prefix + "w" + i;
    }

    private static <T> T pick(List<T> list, Random random) {
        try {
            return list.isEmpty() ? null : list.get(random.nextInt(list.size()));
        } catch (IndexOutOfBoundsException | IllegalArgumentException e) {
            return null; // taken by another client meanwhile
        }
    }

    private static <T> T take(List<T> list, Random random) {
        synchronized (list) {
            int size = list.size();
            return size == 0 ? null : list.remove(random.nextInt(size));
        }
    }

    @FunctionalInterface
    private interface Indexed {
        void run(int i);
    }

    private static void parallel(int clients, int count, Indexed task) throws InterruptedException {
        AtomicInteger next = new AtomicInteger();
        List<Thread> threads = new ArrayList<>();
        for (int c = 0; c < clients; c++) {
            Thread t = new Thread(() -> {
                for (int i = next.getAndIncrement(); i < count; i = next.getAndIncrement()) {
                    task.run(i);
                }
            }, "mix-setup-" + c);
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
    }
}
