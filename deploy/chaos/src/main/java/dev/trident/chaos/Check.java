package dev.trident.chaos;

import static dev.trident.chaos.Ops.AUTHOR;
import static dev.trident.chaos.Ops.COMMENT;
import static dev.trident.chaos.Ops.COURSE;
import static dev.trident.chaos.Ops.MEMBER;
import static dev.trident.chaos.Ops.OWNER;
import static dev.trident.chaos.Ops.POST;
import static dev.trident.chaos.Ops.PROJECT;
import static dev.trident.chaos.Ops.STUDENT;
import static dev.trident.chaos.Ops.USER;
import static dev.trident.chaos.Ops.WORKSPACE;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.ItemKey;
import dev.trident.keys.ProjectId;
import dev.trident.keys.Shards;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.WorkspaceKeys;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The verdict of a chaos run: its history, fault log and fault proxy counters checked against the rules, and against
 * what the table holds once the faults are over and the pending work has drained:
 * <ul>
 * <li>the run itself: the faults really fired (freezes, kills, index lag, throttling: {@link Minimums}), every killed
 * service answered ready again, every client thread finished normally, and enough acknowledged creates and deletes
 * were checked against the table to mean something;</li>
 * <li>answers: the only 5xx is 503 with a numeric Retry-After as problem+json; no answer later than the deadline plus
 * slack, except from a service in its warm-up after a restart (its JIT as cold as at the run's warm-up, whose answers
 * are not timed either); a request without an answer is expected only while its service was being killed and
 * restarted;</li>
 * <li>acknowledged creates: each create answered 2xx is still in the table, unless a deletion that could have come
 * after it was sent (see {@link #acceptedBy});</li>
 * <li>acknowledged deletes: the item a deletion answered 2xx removed is absent, unless a create that could have come
 * after it was sent;</li>
 * <li>refused creates: an id whose every create was answered 4xx has nothing in the table;</li>
 * <li>the drain and the audit: no pending work left, and deploy/audit.sh found nothing.</li>
 * </ul>
 * The table is read through {@link Items}, so the rules can be tried on a table given as data.
 */
final class Check {

    /** What the table holds, as the checks ask it: whether an item with this key is there. */
    @FunctionalInterface
    interface Items {
        boolean exists(ItemKey key);
    }

    /**
     * The least a run must have done for its verdict to mean anything: faults that really fired (freezes of DynamoDB
     * Local, kills of services, and the fault proxy's index lag and throttling), and acknowledged creates and
     * deletes checked against the table.
     */
    record Minimums(int freezes, int kills, long laggedQueries, long throttled, int creates, int deletes) {
    }

    /** How deploy/audit.sh starts a note's line and its summary line. */
    static final String AUDIT_NOTE = "note: ";
    static final String AUDIT_SUMMARY = "audit of ";

    /** The fault proxy's counters the verdict requires. */
    static final String LAGGED_QUERIES = "laggedQueries";
    static final String THROTTLED = "throttled";

    /** A window of a fault: DynamoDB Local frozen, or a service down from its kill until it answered ready. */
    record Window(String target, long from, long to) {
        boolean overlaps(long start, long end) {
            return from <= end && to >= start;
        }
    }

    /** A violation: what rule, what key, and the requests that show it. */
    record Violation(String rule, String subject, List<Entry> requests) {
    }

    /**
     * How long after its answer (or its failure) a deletion that was not acknowledged may still take effect: its
     * write can be in DynamoDB Local's socket already, processed as soon as DynamoDB runs (at once, or when a freeze
     * ends). A deletion answered 2xx took effect before its answer.
     */
    static final long LATE_EFFECT_MS = 2_000;
    /** A service counts as down from its kill until this long after its first ready answer. */
    static final long RESTART_GRACE_MS = 2_000;

    private final List<Entry> history;
    private final List<Entry> requests;
    private final List<Window> freezes = new ArrayList<>();
    private final List<Window> outages = new ArrayList<>();
    /** Freezes never thawed and kills never followed by a ready answer: their windows end with the run. */
    private final List<Window> unthawed = new ArrayList<>();
    private final List<Window> neverReady = new ArrayList<>();
    private final long answerLimitMs;
    private final long restartWarmUpMs;
    /** Each restarted service from its kill until its warm-up after its first ready answer is over. */
    private final List<Window> warmingUp = new ArrayList<>();
    private int untimedWhileWarmingUp;
    private long slowestWhileWarmingUpMs;
    private final int clients;
    private final Minimums minimums;
    private final long runEnd;
    private final List<Violation> violations = new ArrayList<>();
    private int expectedConnectionErrors;
    private int exitedAtStart;
    private int existenceChecked;
    private int existenceExcused;
    private int absenceChecked;
    private int deletionChecked;
    private int deletionExcused;
    private int witnessChecked;
    private Map<String, Long> proxyCounters;

    /**
     * @param history every line of the history (requests and the clients' starts, ends and deaths)
     * @param faultLog the lines of faults.log: {@code <epoch ms> <event> <target>}
     * @param restartWarmUpMs how long after its first ready answer a restarted service's answers are not timed
     * @param clients how many client threads the run started
     */
    Check(List<Entry> history, List<String> faultLog, long answerLimitMs, long restartWarmUpMs, int clients,
            Minimums minimums) {
        this.history = history;
        this.requests = history.stream().filter(e -> e.kind().equals(Entry.REQUEST)).toList();
        this.answerLimitMs = answerLimitMs;
        this.restartWarmUpMs = restartWarmUpMs;
        this.clients = clients;
        this.minimums = minimums;
        this.runEnd = runEnd(history, faultLog);
        readFaults(faultLog);
    }

    /** The run's end: the last moment its history or its fault log knows of. */
    private static long runEnd(List<Entry> history, List<String> faultLog) {
        long end = history.stream().mapToLong(Entry::endMs).max().orElse(0L);
        for (String line : faultLog) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 3) {
                end = Math.max(end, Long.parseLong(f[0]));
            }
        }
        return end;
    }

    private void readFaults(List<String> lines) {
        Map<String, Long> open = new LinkedHashMap<>();
        for (String line : lines) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 3) {
                continue;
            }
            long at = Long.parseLong(f[0]);
            String event = f[1];
            String target = f[2];
            switch (event) {
                case "freeze", "kill" -> open.put(event + " " + target, at);
                case "thaw" -> {
                    Long from = open.remove("freeze " + target);
                    if (from != null) {
                        freezes.add(new Window(target, from, at));
                    }
                }
                case "ready" -> {
                    Long from = open.remove("kill " + target);
                    if (from != null) {
                        outages.add(new Window(target, from, at + RESTART_GRACE_MS));
                        warmingUp.add(new Window(target, from, at + restartWarmUpMs));
                    }
                }
                case "exited" -> exitedAtStart++;
                default -> {
                }
            }
        }
        // A window left open ends with the run: it excuses nothing after it, and is a violation of its own.
        open.forEach((what, from) -> {
            String[] f = what.split(" ");
            Window window = new Window(f[1], from, Math.max(from, runEnd));
            if (f[0].equals("freeze")) {
                freezes.add(window);
                unthawed.add(window);
            } else {
                outages.add(window);
                neverReady.add(window);
                warmingUp.add(window);
            }
        });
    }

    int freezes() {
        return freezes.size();
    }

    int kills() {
        return outages.size();
    }

    /** Restarts that gave up (the process exited before it answered) and were started again. */
    int exitedAtStart() {
        return exitedAtStart;
    }

    long frozenMs() {
        return freezes.stream().mapToLong(w -> w.to() - w.from()).sum();
    }

    Minimums minimums() {
        return minimums;
    }

    /** The fault proxy's counters as given to {@link #checkFaults}, or null when it had none. */
    Map<String, Long> proxyCounters() {
        return proxyCounters;
    }

    List<Violation> violations() {
        return violations;
    }

    /** Every check, in the order their violations are printed. */
    void checkAll(Items table, Map<String, Long> proxyCounters, Map<String, List<String>> pendingAfterDrain,
            int auditStatus, List<String> auditLines) {
        checkFaults(proxyCounters);
        checkClients();
        checkAnswers();
        checkWitnessed();
        checkAcknowledged(table);
        checkDeleted(table);
        checkRefused(table);
        checkChecked();
        checkDrained(pendingAfterDrain);
        checkAudit(auditStatus, auditLines);
    }

    // --- the run: faults and clients ------------------------------------------------------------------------------

    /**
     * The faults really fired: at least the minimum of freezes and kills, the fault proxy's index lag and throttling
     * at least the minimum each ({@code counters} null: the proxy's counters are unknown, which proves nothing
     * fired); every freeze was thawed and every killed service answered ready again.
     */
    void checkFaults(Map<String, Long> counters) {
        this.proxyCounters = counters;
        if (freezes.size() < minimums.freezes()) {
            run("too few freezes of DynamoDB Local", freezes.size() + ", at least " + minimums.freezes());
        }
        if (outages.size() < minimums.kills()) {
            run("too few kills of a service", outages.size() + ", at least " + minimums.kills());
        }
        if (counters == null) {
            run("the fault proxy's counters are unknown", "no index lag or throttling can be shown to have fired");
        } else {
            long lagged = counters.getOrDefault(LAGGED_QUERIES, 0L);
            long throttled = counters.getOrDefault(THROTTLED, 0L);
            if (lagged < minimums.laggedQueries()) {
                run("index lag fired too rarely", LAGGED_QUERIES + " " + lagged + ", at least "
                        + minimums.laggedQueries());
            }
            if (throttled < minimums.throttled()) {
                run("throttling fired too rarely", THROTTLED + " " + throttled + ", at least " + minimums.throttled());
            }
        }
        for (Window w : unthawed) {
            run("DynamoDB Local frozen and never thawed", "frozen at " + Instant.ofEpochMilli(w.from()));
        }
        for (Window w : neverReady) {
            run("a killed service never answered ready again", w.target() + " killed at "
                    + Instant.ofEpochMilli(w.from()));
        }
    }

    /** Every client thread started and finished normally: one that died by an exception names it. */
    void checkClients() {
        Map<Integer, List<Entry>> lifecycle = new TreeMap<>();
        for (int c = 0; c < clients; c++) {
            lifecycle.put(c, new ArrayList<>());
        }
        for (Entry e : history) {
            if (!e.kind().equals(Entry.REQUEST) && e.client() >= 0) {
                lifecycle.computeIfAbsent(e.client(), k -> new ArrayList<>()).add(e);
            }
        }
        lifecycle.forEach((client, entries) -> {
            List<Entry> died = entries.stream().filter(e -> e.kind().equals(Entry.CLIENT_DIED)).toList();
            boolean started = entries.stream().anyMatch(e -> e.kind().equals(Entry.CLIENT_START));
            boolean ended = entries.stream().anyMatch(e -> e.kind().equals(Entry.CLIENT_END));
            for (Entry d : died) {
                run("a client thread died by an exception", "client " + client + " after its request #" + d.seq()
                        + ": " + d.note());
            }
            if (died.isEmpty() && !started) {
                run("a client thread never started", "client " + client);
            } else if (died.isEmpty() && !ended) {
                run("a client thread never finished", "client " + client);
            }
        });
    }

    /** Enough acknowledged creates and deletes were checked against the table for the verdict to mean something. */
    void checkChecked() {
        if (existenceChecked < minimums.creates()) {
            run("too few acknowledged creates checked in the table", existenceChecked + ", at least "
                    + minimums.creates());
        }
        if (deletionChecked < minimums.deletes()) {
            run("too few acknowledged deletes checked in the table", deletionChecked + ", at least "
                    + minimums.deletes());
        }
    }

    /** A violation of the run as a whole, shown by no request of its own. */
    private void run(String rule, String subject) {
        violations.add(new Violation(rule, subject, List.of()));
    }

    /** Nothing left in the pending-work partitions, erasure records or post deletions once the drain is over. */
    void checkDrained(Map<String, List<String>> pending) {
        pending.forEach((where, left) -> left.forEach(item -> run("pending work left after the drain",
                where + " " + item)));
    }

    /** deploy/audit.sh exited 0; otherwise each line it printed is a violation (one at least). */
    void checkAudit(int status, List<String> lines) {
        if (status == 0) {
            return;
        }
        String rule = "deploy/audit.sh " + (status == 127 ? "is missing" : "exited " + status);
        // Its notes are states a legitimate history explains, and its summary only counts the rest.
        List<String> found = lines.stream()
                .filter(line -> !line.startsWith(AUDIT_NOTE) && !line.startsWith(AUDIT_SUMMARY)).toList();
        if (found.isEmpty()) {
            run(rule, lines.isEmpty() ? "(no output)" : String.join(" / ", lines));
        }
        found.forEach(line -> run(rule, line));
    }

    // --- answers --------------------------------------------------------------------------------------------------

    void checkAnswers() {
        for (Entry r : requests) {
            String service = r.path().substring(0, r.path().indexOf(':'));
            if (r.status() >= 500 && r.status() != 503) {
                violations.add(new Violation("a 5xx other than 503", r.op(), List.of(r)));
            }
            if (r.status() == 503) {
                if (r.retryAfter() == null || !r.retryAfter().trim().matches("\\d+")) {
                    violations.add(new Violation("503 without a numeric Retry-After", r.op(), List.of(r)));
                }
                if (r.contentType() == null || !r.contentType().startsWith("application/problem+json")) {
                    violations.add(new Violation("503 not problem+json (" + r.contentType() + ")", r.op(),
                            List.of(r)));
                }
            }
            if (r.answered() && !r.phase().equals(Entry.WARM_UP)) {
                boolean warmingUpAfterRestart = warmingUp.stream()
                        .anyMatch(w -> w.target().equals(service + "-service") && w.overlaps(r.startMs(), r.startMs()));
                if (warmingUpAfterRestart) {
                    untimedWhileWarmingUp++;
                    slowestWhileWarmingUpMs = Math.max(slowestWhileWarmingUpMs, r.latencyMs());
                } else if (r.latencyMs() > answerLimitMs) {
                    violations.add(new Violation("answered later than " + answerLimitMs + " ms", r.op(),
                            List.of(r)));
                }
            }
            if (!r.answered()) {
                boolean serviceDown = outages.stream()
                        .anyMatch(w -> w.target().equals(service + "-service") && w.overlaps(r.startMs(), r.endMs()));
                if (serviceDown) {
                    expectedConnectionErrors++;
                } else {
                    violations.add(new Violation(r.status() == Entry.NO_ANSWER
                            ? "no answer within the client's timeout, the service not killed"
                            : "connection error while the service was not being killed", r.op(), List.of(r)));
                }
            }
        }
    }

    int expectedConnectionErrors() {
        return expectedConnectionErrors;
    }

    /** Answers of a restarted service sent before its warm-up was over: checked for all but their time. */
    int untimedWhileWarmingUp() {
        return untimedWhileWarmingUp;
    }

    long slowestWhileWarmingUpMs() {
        return slowestWhileWarmingUpMs;
    }

    // --- acknowledged creates -------------------------------------------------------------------------------------

    /**
     * The latest moment a deletion may have been accepted (its first write made): its answer for a 2xx; for a 5xx or
     * no answer its end plus {@link #LATE_EFFECT_MS}, carried past the end of any freeze that overlaps. The same
     * bound holds for a create's write.
     */
    long acceptedBy(Entry deletion) {
        if (deletion.isSuccess()) {
            return deletion.endMs();
        }
        long bound = deletion.endMs() + LATE_EFFECT_MS;
        boolean moved = true;
        while (moved) {
            moved = false;
            for (Window f : freezes) {
                if (f.overlaps(deletion.startMs(), bound)) {
                    long after = f.to() + LATE_EFFECT_MS;
                    if (after > bound) {
                        bound = after;
                        moved = true;
                    }
                }
            }
        }
        return bound;
    }

    /** Deletions (answered anything but 4xx) of {@code op} matching {@code about}. */
    private List<Entry> deletions(String op, Predicate<Entry> about) {
        return requests.stream().filter(r -> r.op().equals(op) && !r.isClientError() && about.test(r)).toList();
    }

    private static Predicate<Entry> is(String name, String value) {
        return r -> Objects.equals(r.id(name), value);
    }

    /** Users whose erasure can delete workspace {@code ws}: anyone who was asked to own or join it. */
    private Set<String> associatedWith(String ws) {
        Set<String> users = new HashSet<>();
        for (Entry r : requests) {
            if (ws.equals(r.id(WORKSPACE))) {
                if (r.op().equals(Ops.WORKSPACE_CREATE)) {
                    users.add(r.id(OWNER));
                } else if (r.op().equals(Ops.MEMBER_PUT)) {
                    users.add(r.id(MEMBER));
                }
            }
        }
        return users;
    }

    private List<Entry> workspaceDeletions(String ws) {
        Set<String> users = associatedWith(ws);
        List<Entry> all = new ArrayList<>(deletions(Ops.WORKSPACE_DELETE, is(WORKSPACE, ws)));
        all.addAll(deletions(Ops.USER_ERASE, r -> users.contains(r.id(USER))));
        return all;
    }

    private static List<Entry> concat(Collection<Entry>... lists) {
        List<Entry> all = new ArrayList<>();
        for (Collection<Entry> l : lists) {
            all.addAll(l);
        }
        return all;
    }

    /**
     * One acknowledged create: the keys its item may have, the deletions that may remove it, and when it may have
     * been written: when it was sent, or for an Idempotency-Key sent again, when the first request with that key was
     * (a replay answers what an earlier request wrote).
     */
    private record Acknowledged(Entry create, String entity, List<ItemKey> keys, List<Entry> deletions,
            long writtenFrom) {
    }

    private Map<String, Long> firstSentWithKey;

    private long writtenFrom(Entry create) {
        if (firstSentWithKey == null) {
            firstSentWithKey = new HashMap<>();
            for (Entry r : requests) {
                if (r.idempotencyKey() != null) {
                    firstSentWithKey.merge(r.idempotencyKey(), r.startMs(), Math::min);
                }
            }
        }
        return create.idempotencyKey() == null ? create.startMs()
                : firstSentWithKey.getOrDefault(create.idempotencyKey(), create.startMs());
    }

    private Acknowledged acknowledged(Entry c, String entity, List<ItemKey> keys, List<Entry> deletions) {
        return new Acknowledged(c, entity, keys, deletions, writtenFrom(c));
    }

    private List<Acknowledged> acknowledged() {
        List<Acknowledged> all = new ArrayList<>();
        for (Entry c : requests) {
            if (!c.isSuccess()) {
                continue;
            }
            switch (c.op()) {
                case Ops.USER_CREATE -> {
                    String u = c.id(USER);
                    all.add(acknowledged(c, "user " + u, List.of(SocialKeys.userProfile(u)),
                            deletions(Ops.USER_ERASE, is(USER, u))));
                }
                case Ops.POST_CREATE -> {
                    String u = c.id(USER);
                    String p = c.id(POST);
                    if (p != null) {
                        all.add(acknowledged(c, "post " + u + "/" + p, List.of(SocialKeys.post(u, p)), concat(
                                deletions(Ops.POST_DELETE, is(POST, p)), deletions(Ops.USER_ERASE, is(USER, u)))));
                    }
                }
                case Ops.COMMENT_CREATE -> {
                    String u = c.id(USER);
                    String p = c.id(POST);
                    String id = c.id(COMMENT);
                    String author = c.id(AUTHOR);
                    if (id != null) {
                        all.add(acknowledged(c, "comment " + p + "/" + id, List.of(SocialKeys.comment(p, id)),
                                concat(deletions(Ops.COMMENT_DELETE, is(COMMENT, id)),
                                        deletions(Ops.POST_DELETE, is(POST, p)),
                                        deletions(Ops.USER_ERASE, r -> u.equals(r.id(USER))
                                                || author.equals(r.id(USER))))));
                    }
                }
                case Ops.STUDENT_PUT -> {
                    String s = c.id(STUDENT);
                    all.add(acknowledged(c, "student " + s, List.of(EnrollmentKeys.student(s)), concat(
                            deletions(Ops.STUDENT_DELETE, is(STUDENT, s)), deletions(Ops.USER_ERASE, is(USER, s)))));
                }
                case Ops.COURSE_PUT -> {
                    String course = c.id(COURSE);
                    all.add(acknowledged(c, "course " + course, List.of(EnrollmentKeys.course(course)),
                            deletions(Ops.COURSE_DELETE, is(COURSE, course))));
                }
                case Ops.ENROL -> {
                    String s = c.id(STUDENT);
                    String course = c.id(COURSE);
                    all.add(acknowledged(c, "enrolment " + s + "/" + course,
                            List.of(EnrollmentKeys.enrollment(s, course)), concat(
                                    deletions(Ops.DROP, is(STUDENT, s).and(is(COURSE, course))),
                                    deletions(Ops.STUDENT_DELETE, is(STUDENT, s)),
                                    deletions(Ops.COURSE_DELETE, is(COURSE, course)),
                                    deletions(Ops.USER_ERASE, is(USER, s)))));
                }
                case Ops.WORKSPACE_CREATE -> {
                    String ws = c.id(WORKSPACE);
                    String owner = c.id(OWNER);
                    all.add(acknowledged(c, "workspace " + ws, List.of(WorkspaceKeys.workspace(ws)),
                            workspaceDeletions(ws)));
                    all.add(acknowledged(c, "member " + ws + "/" + owner + " (the creator)",
                            List.of(WorkspaceKeys.member(ws, owner)), concat(workspaceDeletions(ws),
                                    deletions(Ops.MEMBER_REMOVE, is(WORKSPACE, ws).and(is(MEMBER, owner))))));
                }
                case Ops.MEMBER_PUT -> {
                    String ws = c.id(WORKSPACE);
                    String member = c.id(MEMBER);
                    all.add(acknowledged(c, "member " + ws + "/" + member, List.of(WorkspaceKeys.member(ws, member)),
                            concat(workspaceDeletions(ws),
                                    deletions(Ops.MEMBER_REMOVE, is(WORKSPACE, ws).and(is(MEMBER, member))))));
                }
                case Ops.PROJECT_CREATE -> {
                    String ws = c.id(WORKSPACE);
                    String p = c.id(PROJECT);
                    if (p != null) {
                        // The partition depends on the workspace's shard count: any layout will do.
                        Set<ItemKey> keys = new LinkedHashSet<>();
                        for (int n = 1; n <= Shards.MAX_SHARDS; n++) {
                            keys.add(WorkspaceKeys.project(ws, n, ProjectId.parse(p)));
                        }
                        all.add(acknowledged(c, "project " + ws + "/" + p, List.copyOf(keys), concat(
                                workspaceDeletions(ws),
                                deletions(Ops.PROJECT_DELETE, is(WORKSPACE, ws).and(is(PROJECT, p))))));
                    }
                }
                default -> {
                }
            }
        }
        return all;
    }

    /**
     * The strongly consistent single-item reads, by the entity they read (named as {@link Acknowledged#entity}). A
     * course read with its roster comes from the inverted index, eventually consistent: a new course may be missing
     * from it for a while, so that read is no witness.
     */
    private static String readEntity(Entry r) {
        return switch (r.op()) {
            case "user-get" -> "user " + r.id(USER);
            case "post-get" -> "post " + r.id(USER) + "/" + r.id(POST);
            case "comment-get" -> "comment " + r.id(POST) + "/" + r.id(COMMENT);
            case "student-get" -> "student " + r.id(STUDENT);
            case "course-get" -> r.path().contains("include=") ? null : "course " + r.id(COURSE);
            case "enrolment-get" -> "enrolment " + r.id(STUDENT) + "/" + r.id(COURSE);
            default -> null;
        };
    }

    /**
     * Reads as witnesses: an acknowledged create that a later read (sent after the create's answer) found missing
     * (404), while no deletion that could have come after the create had been sent before the read's answer. This is
     * how an old life's deletion that removes the new life shows even when the id is deleted again later on.
     */
    void checkWitnessed() {
        Map<String, List<Entry>> missing = new LinkedHashMap<>();
        for (Entry r : requests) {
            String entity = readEntity(r);
            if (entity != null && r.status() == 404) {
                missing.computeIfAbsent(entity, k -> new ArrayList<>()).add(r);
            }
        }
        for (Acknowledged a : acknowledged()) {
            for (Entry read : missing.getOrDefault(a.entity(), List.of())) {
                if (read.startMs() <= a.create().endMs()) {
                    continue;
                }
                witnessChecked++;
                boolean deleted = a.deletions().stream()
                        .anyMatch(d -> d.startMs() < read.endMs() && acceptedBy(d) > a.writtenFrom());
                if (!deleted) {
                    List<Entry> shown = new ArrayList<>(a.deletions().stream()
                            .filter(d -> d.startMs() < a.writtenFrom()).toList());
                    shown.add(a.create());
                    shown.add(read);
                    violations.add(new Violation("acknowledged create not found by a later read, no deletion sent "
                            + "in between", a.entity(), shown));
                    break;
                }
            }
        }
    }

    int witnessChecked() {
        return witnessChecked;
    }

    void checkAcknowledged(Items table) {
        for (Acknowledged a : acknowledged()) {
            List<Entry> excusing = a.deletions().stream().filter(d -> acceptedBy(d) > a.writtenFrom()).toList();
            if (!excusing.isEmpty()) {
                existenceExcused++;
                continue;
            }
            existenceChecked++;
            if (a.keys().stream().noneMatch(table::exists)) {
                // The deletions that came before it (the old life's, which must not reach the new one), then it.
                List<Entry> shown = new ArrayList<>(a.deletions());
                shown.add(a.create());
                violations.add(new Violation("acknowledged create gone (no deletion sent after it)",
                        a.entity() + " key " + a.keys().get(0), shown));
            }
        }
    }

    int existenceChecked() {
        return existenceChecked;
    }

    int existenceExcused() {
        return existenceExcused;
    }

    // --- acknowledged deletes -------------------------------------------------------------------------------------

    /**
     * One entity a deletion removes at once (whatever it leaves to pending work): its keys (any of them may hold it),
     * and whether a request is a create that may write it again.
     */
    private record Removed(String entity, List<ItemKey> keys, Predicate<Entry> recreates) {
    }

    /** A create ({@code op}) answered with the server-generated id {@code id}. */
    private static Predicate<Entry> createOf(String op, String idName, String id) {
        return r -> r.op().equals(op) && Objects.equals(r.id(idName), id);
    }

    private static Removed removedBy(Entry d) {
        return switch (d.op()) {
            case Ops.USER_ERASE -> new Removed("user " + d.id(USER), List.of(SocialKeys.userProfile(d.id(USER))),
                    r -> r.op().equals(Ops.USER_CREATE) && Objects.equals(r.id(USER), d.id(USER)));
            case Ops.POST_DELETE -> new Removed("post " + d.id(USER) + "/" + d.id(POST),
                    List.of(SocialKeys.post(d.id(USER), d.id(POST))),
                    createOf(Ops.POST_CREATE, POST, d.id(POST)).and(is(USER, d.id(USER))));
            case Ops.COMMENT_DELETE -> new Removed("comment " + d.id(POST) + "/" + d.id(COMMENT),
                    List.of(SocialKeys.comment(d.id(POST), d.id(COMMENT))),
                    createOf(Ops.COMMENT_CREATE, COMMENT, d.id(COMMENT)).and(is(POST, d.id(POST))));
            case Ops.STUDENT_DELETE -> new Removed("student " + d.id(STUDENT),
                    List.of(EnrollmentKeys.student(d.id(STUDENT))),
                    r -> r.op().equals(Ops.STUDENT_PUT) && Objects.equals(r.id(STUDENT), d.id(STUDENT)));
            case Ops.COURSE_DELETE -> new Removed("course " + d.id(COURSE),
                    List.of(EnrollmentKeys.course(d.id(COURSE))),
                    r -> r.op().equals(Ops.COURSE_PUT) && Objects.equals(r.id(COURSE), d.id(COURSE)));
            case Ops.DROP -> new Removed("enrolment " + d.id(STUDENT) + "/" + d.id(COURSE),
                    List.of(EnrollmentKeys.enrollment(d.id(STUDENT), d.id(COURSE))),
                    r -> r.op().equals(Ops.ENROL) && Objects.equals(r.id(STUDENT), d.id(STUDENT))
                            && Objects.equals(r.id(COURSE), d.id(COURSE)));
            case Ops.WORKSPACE_DELETE -> new Removed("workspace " + d.id(WORKSPACE),
                    List.of(WorkspaceKeys.workspace(d.id(WORKSPACE))),
                    r -> r.op().equals(Ops.WORKSPACE_CREATE) && Objects.equals(r.id(WORKSPACE), d.id(WORKSPACE)));
            case Ops.MEMBER_REMOVE -> new Removed("member " + d.id(WORKSPACE) + "/" + d.id(MEMBER),
                    List.of(WorkspaceKeys.member(d.id(WORKSPACE), d.id(MEMBER))),
                    r -> Objects.equals(r.id(WORKSPACE), d.id(WORKSPACE))
                            && (r.op().equals(Ops.MEMBER_PUT) && Objects.equals(r.id(MEMBER), d.id(MEMBER))
                                    || r.op().equals(Ops.WORKSPACE_CREATE)
                                            && Objects.equals(r.id(OWNER), d.id(MEMBER))));
            case Ops.PROJECT_DELETE -> {
                // Any shard layout will do. A project number is handed out again once its workspace is deleted and
                // created again, so a create in that workspace whose number is unknown (not answered 2xx) may write
                // it too; post and comment ids are never handed out twice.
                Set<ItemKey> keys = new LinkedHashSet<>();
                for (int n = 1; n <= Shards.MAX_SHARDS; n++) {
                    keys.add(WorkspaceKeys.project(d.id(WORKSPACE), n, ProjectId.parse(d.id(PROJECT))));
                }
                yield new Removed("project " + d.id(WORKSPACE) + "/" + d.id(PROJECT), List.copyOf(keys),
                        createOf(Ops.PROJECT_CREATE, PROJECT, d.id(PROJECT)).or(r -> r.id(PROJECT) == null)
                                .and(r -> r.op().equals(Ops.PROJECT_CREATE)).and(is(WORKSPACE, d.id(WORKSPACE))));
            }
            default -> null;
        };
    }

    /**
     * Each entity whose latest deletion was answered 2xx is absent from the table, unless a create that may write it
     * again (answered anything but 4xx) may have written after that deletion began: one answered 2xx until its
     * answer, any other until {@link #acceptedBy}. Only the latest deletion of an entity is checked: an earlier one
     * is excused by whatever excuses the latest.
     */
    void checkDeleted(Items table) {
        Map<String, Entry> latest = new LinkedHashMap<>();
        Map<String, Removed> removed = new HashMap<>();
        for (Entry d : requests) {
            if (!d.isSuccess()) {
                continue;
            }
            Removed r = removedBy(d);
            if (r != null) {
                latest.merge(r.entity(), d, (a, b) -> b.startMs() >= a.startMs() ? b : a);
                removed.putIfAbsent(r.entity(), r);
            }
        }
        latest.forEach((entity, deletion) -> {
            Removed r = removed.get(entity);
            List<Entry> recreating = requests.stream()
                    .filter(c -> !c.isClientError() && r.recreates().test(c) && acceptedBy(c) > deletion.startMs())
                    .toList();
            if (!recreating.isEmpty()) {
                deletionExcused++;
                return;
            }
            deletionChecked++;
            List<ItemKey> found = r.keys().stream().filter(table::exists).toList();
            if (!found.isEmpty()) {
                List<Entry> shown = new ArrayList<>(requests.stream()
                        .filter(c -> !c.isClientError() && r.recreates().test(c)).toList());
                shown.add(deletion);
                violations.add(new Violation("acknowledged delete still in the table (no create sent after it)",
                        entity + " key " + found.get(0), shown));
            }
        });
    }

    int deletionChecked() {
        return deletionChecked;
    }

    int deletionExcused() {
        return deletionExcused;
    }

    // --- refused creates ------------------------------------------------------------------------------------------

    void checkRefused(Items table) {
        Map<String, List<Entry>> creates = new TreeMap<>();
        Map<String, ItemKey> keys = new LinkedHashMap<>();
        for (Entry c : requests) {
            List<String[]> made = new ArrayList<>();
            switch (c.op()) {
                case Ops.USER_CREATE -> made.add(new String[] { "user " + c.id(USER), "u" });
                case Ops.STUDENT_PUT -> made.add(new String[] { "student " + c.id(STUDENT), "s" });
                case Ops.COURSE_PUT -> made.add(new String[] { "course " + c.id(COURSE), "c" });
                case Ops.ENROL -> made.add(new String[] { "enrolment " + c.id(STUDENT) + "/" + c.id(COURSE), "e" });
                case Ops.WORKSPACE_CREATE -> {
                    made.add(new String[] { "workspace " + c.id(WORKSPACE), "w" });
                    made.add(new String[] { "member " + c.id(WORKSPACE) + "/" + c.id(OWNER), "mo" });
                }
                case Ops.MEMBER_PUT -> made.add(new String[] { "member " + c.id(WORKSPACE) + "/" + c.id(MEMBER), "m" });
                default -> {
                }
            }
            for (String[] m : made) {
                creates.computeIfAbsent(m[0], k -> new ArrayList<>()).add(c);
                keys.computeIfAbsent(m[0], k -> switch (m[1]) {
                    case "u" -> SocialKeys.userProfile(c.id(USER));
                    case "s" -> EnrollmentKeys.student(c.id(STUDENT));
                    case "c" -> EnrollmentKeys.course(c.id(COURSE));
                    case "e" -> EnrollmentKeys.enrollment(c.id(STUDENT), c.id(COURSE));
                    case "w" -> WorkspaceKeys.workspace(c.id(WORKSPACE));
                    case "mo" -> WorkspaceKeys.member(c.id(WORKSPACE), c.id(OWNER));
                    default -> WorkspaceKeys.member(c.id(WORKSPACE), c.id(MEMBER));
                });
            }
        }
        creates.forEach((entity, list) -> {
            if (list.stream().allMatch(Entry::isClientError)) {
                absenceChecked++;
                ItemKey key = keys.get(entity);
                if (table.exists(key)) {
                    violations.add(new Violation("an id whose every create was refused (4xx) is in the table",
                            entity + " key " + key, list.size() > 5 ? list.subList(0, 5) : list));
                }
            }
        });
    }

    int absenceChecked() {
        return absenceChecked;
    }

    // --- summary --------------------------------------------------------------------------------------------------

    Map<String, Long> byStatus() {
        return requests.stream().collect(Collectors.groupingBy(r -> switch (r.status()) {
            case Entry.CONNECTION_ERROR -> "connection error";
            case Entry.NO_ANSWER -> "no answer";
            default -> Integer.toString(r.status());
        }, TreeMap::new, Collectors.counting()));
    }

    int requestCount() {
        return requests.size();
    }
}
