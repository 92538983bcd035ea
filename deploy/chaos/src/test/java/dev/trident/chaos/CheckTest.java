package dev.trident.chaos;

import static dev.trident.chaos.Ops.COURSE;
import static dev.trident.chaos.Ops.STUDENT;
import static dev.trident.chaos.Ops.USER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.ItemKey;
import dev.trident.keys.SocialKeys;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The verdict of a chaos run on histories written by hand, the table given as the set of keys it holds: a run made to
 * pass passes, and each rule, broken once in that run, is reported, and only it.
 */
class CheckTest {

    private static final long T0 = 1_800_000_000_000L;
    private static final long ANSWER_LIMIT_MS = 3_500;
    private static final long RESTART_WARM_UP_MS = 10_000;
    private static final String PROBLEM = "application/problem+json";
    private static final Check.Minimums ONE_EACH = new Check.Minimums(1, 1, 1, 1, 1, 1);

    private final List<Entry> history = new ArrayList<>();
    private final List<String> faults = new ArrayList<>();
    private final Set<ItemKey> table = new HashSet<>();
    private Map<String, Long> counters = new HashMap<>(Map.of(Check.LAGGED_QUERIES, 4L, Check.THROTTLED, 3L));
    private Map<String, List<String>> pending = Map.of();
    private int auditStatus = 0;
    private List<String> auditLines = List.of("audit of trident: 12 items scanned, 26 invariants checked, "
            + "0 violations, 0 notes");
    private Check.Minimums minimums = ONE_EACH;
    private long seq;

    /**
     * Two clients for a minute, one freeze, one kill and restart, the fault proxy's faults fired; an acknowledged
     * create still in the table, an acknowledged delete gone from it, a refused id with nothing in it, a 503 during
     * the freeze as the contract says, a connection error while the service was down; the audit clean.
     */
    @BeforeEach
    void aRunMadeToPass() {
        clientStart(0, 0);
        clientStart(1, 0);
        fault(5_000, "freeze dynamodb");
        fault(7_000, "thaw dynamodb");
        fault(20_000, "kill social-service");
        fault(20_500, "start social-service");
        fault(23_000, "ready social-service");

        request(0, Ops.USER_CREATE, "social", Map.of(USER, "u0"), 201, 1_000, 1_050);
        table.add(SocialKeys.userProfile("u0"));
        request(1, Ops.COURSE_PUT, "enrollment", Map.of(COURSE, "c0"), 201, 2_000, 2_040);
        request(1, Ops.COURSE_DELETE, "enrollment", Map.of(COURSE, "c0"), 204, 3_000, 3_100);
        request(0, Ops.STUDENT_PUT, "enrollment", Map.of(STUDENT, "g0"), 422, 4_000, 4_030);
        answer(request(1, "user-get", "social", Map.of(USER, "u0"), 503, 5_100, 6_900), "1", PROBLEM);
        request(0, "user-get", "social", Map.of(USER, "u0"), Entry.CONNECTION_ERROR, 21_000, 21_001);

        clientEnd(0, 60_000);
        clientEnd(1, 60_000);
    }

    @Test
    void aRunMadeToPassPasses() {
        Check check = check();
        assertEquals(List.of(), check.violations());
        assertEquals(1, check.freezes());
        assertEquals(1, check.kills());
        assertEquals(1, check.existenceChecked());
        assertEquals(1, check.existenceExcused(), "the course was deleted after it was created");
        assertEquals(1, check.deletionChecked());
        assertEquals(1, check.absenceChecked());
        assertEquals(1, check.expectedConnectionErrors());
    }

    // --- answers

    @Test
    void aFiveHundredIsAViolation() {
        answer(request(0, "post-list", "social", Map.of(USER, "u0"), 500, 30_000, 30_020), null, PROBLEM);
        assertReported("a 5xx other than 503");
    }

    @Test
    void aServiceUnavailableWithoutRetryAfterIsAViolation() {
        answer(request(0, "course-get", "enrollment", Map.of(COURSE, "c0"), 503, 30_000, 30_020), null, PROBLEM);
        assertReported("503 without a numeric Retry-After");
    }

    @Test
    void aServiceUnavailableWithARetryAfterThatIsNoNumberIsAViolation() {
        answer(request(0, "course-get", "enrollment", Map.of(COURSE, "c0"), 503, 30_000, 30_020),
                "Fri, 07 Nov 2026 10:00:00 GMT", PROBLEM);
        assertReported("503 without a numeric Retry-After");
    }

    @Test
    void aServiceUnavailableThatIsNoProblemIsAViolation() {
        answer(request(0, "course-get", "enrollment", Map.of(COURSE, "c0"), 503, 30_000, 30_020), "1",
                "text/html");
        assertReported("503 not problem+json (text/html)");
    }

    @Test
    void anAnswerLaterThanTheLimitIsAViolation() {
        request(1, "timeline", "social", Map.of(), 200, 40_000, 40_000 + ANSWER_LIMIT_MS + 1);
        assertReported("answered later than " + ANSWER_LIMIT_MS + " ms");
    }

    @Test
    void anAnswerOfTheWarmUpIsNotTimed() {
        Entry late = request(1, "timeline", "social", Map.of(), 200, 40_000, 40_000 + 2 * ANSWER_LIMIT_MS);
        history.set(history.indexOf(late), new Entry(late.kind(), late.client(), late.seq(), late.op(), late.method(),
                late.path(), late.ids(), late.status(), null, null, late.startMs(), late.endMs(), null, null,
                Entry.WARM_UP));
        assertEquals(List.of(), check().violations());
    }

    @Test
    void aRestartedServiceIsNotTimedUntilItsWarmUpAfterItsFirstReadyAnswerIsOver() {
        // social-service was killed at 20 s and answered ready at 23 s: its answers sent before 33 s are not timed.
        request(1, "timeline", "social", Map.of(), 200, 32_000, 32_000 + 2 * ANSWER_LIMIT_MS);
        Check check = check();
        assertEquals(List.of(), check.violations());
        assertEquals(1, check.untimedWhileWarmingUp());
        assertEquals(2 * ANSWER_LIMIT_MS, check.slowestWhileWarmingUpMs());
    }

    @Test
    void aRestartedServiceIsTimedOnceItsWarmUpIsOver() {
        request(1, "timeline", "social", Map.of(), 200, 33_001, 33_001 + ANSWER_LIMIT_MS + 1);
        assertReported("answered later than " + ANSWER_LIMIT_MS + " ms");
    }

    @Test
    void aServiceThatWasNotRestartedIsTimedWhileAnotherWarmsUp() {
        request(1, "course-get", "enrollment", Map.of(COURSE, "c0"), 200, 24_000, 24_000 + ANSWER_LIMIT_MS + 1);
        assertReported("answered later than " + ANSWER_LIMIT_MS + " ms");
    }

    @Test
    void aConnectionErrorOutsideAnyKillIsAViolation() {
        // The kill's window ends a little after the restarted service answered ready.
        request(0, "user-get", "social", Map.of(USER, "u0"), Entry.CONNECTION_ERROR, 26_000, 26_001);
        assertReported("connection error while the service was not being killed");
    }

    // --- acknowledged creates and deletes, refused ids

    @Test
    void anAcknowledgedCreateMissingFromTheTableIsAViolation() {
        table.remove(SocialKeys.userProfile("u0"));
        assertReported("acknowledged create gone (no deletion sent after it)");
    }

    @Test
    void anAcknowledgedCreateNeedNotBeThereWhenADeletionMayHaveComeAfterIt() {
        table.remove(SocialKeys.userProfile("u0"));
        request(1, Ops.USER_ERASE, "social", Map.of(USER, "u0"), 202, 30_000, 30_100);
        minimums = new Check.Minimums(1, 1, 1, 1, 0, 1);
        Check check = check();
        assertEquals(List.of(), check.violations());
        assertEquals(2, check.existenceExcused());
    }

    @Test
    void aReadThatMissesAnAcknowledgedCreateIsAViolation() {
        request(1, "user-get", "social", Map.of(USER, "u0"), 404, 30_000, 30_010);
        assertReported("acknowledged create not found by a later read, no deletion sent in between");
    }

    @Test
    void aCourseReadWithItsRosterFromTheLaggingIndexIsNoWitness() {
        request(0, Ops.COURSE_PUT, "enrollment", Map.of(COURSE, "c1"), 201, 30_000, 30_040);
        table.add(EnrollmentKeys.course("c1"));
        Entry read = request(1, "course-get", "enrollment", Map.of(COURSE, "c1"), 404, 30_100, 30_120);
        history.set(history.indexOf(read), new Entry(read.kind(), read.client(), read.seq(), read.op(), read.method(),
                "enrollment:/courses/c1?include=students", read.ids(), read.status(), null, PROBLEM, read.startMs(),
                read.endMs(), null, null, read.phase()));
        assertEquals(List.of(), check().violations());
    }

    @Test
    void anAcknowledgedDeleteStillInTheTableIsAViolation() {
        table.add(EnrollmentKeys.course("c0"));
        assertReported("acknowledged delete still in the table (no create sent after it)");
    }

    @Test
    void anAcknowledgedDeleteNeedNotHoldWhenACreateMayHaveComeAfterIt() {
        table.add(EnrollmentKeys.course("c0"));
        // A 503 may still have written.
        answer(request(0, Ops.COURSE_PUT, "enrollment", Map.of(COURSE, "c0"), 503, 30_000, 30_500), "1", PROBLEM);
        minimums = new Check.Minimums(1, 1, 1, 1, 1, 0);
        Check check = check();
        assertEquals(List.of(), check.violations());
        assertEquals(1, check.deletionExcused());
    }

    @Test
    void somethingOfARefusedIdInTheTableIsAViolation() {
        table.add(EnrollmentKeys.student("g0"));
        assertReported("an id whose every create was refused (4xx) is in the table");
    }

    // --- the run's minimums

    @Test
    void aRunWithoutAFreezeFails() {
        faults.removeIf(line -> line.contains("dynamodb"));
        assertReported("too few freezes of DynamoDB Local");
    }

    @Test
    void aRunWithoutAKillFails() {
        faults.removeIf(line -> line.contains("social-service"));
        // Without the kill, the connection error is unexcused too.
        assertEquals(Set.of("too few kills of a service", "connection error while the service was not being killed"),
                rules(check()));
    }

    @Test
    void aRunWhoseIndexLagNeverFiredFails() {
        counters.put(Check.LAGGED_QUERIES, 0L);
        assertReported("index lag fired too rarely");
    }

    @Test
    void aRunThatThrottledNothingFails() {
        counters.remove(Check.THROTTLED);
        assertReported("throttling fired too rarely");
    }

    @Test
    void aRunWithoutTheFaultProxysCountersFails() {
        counters = null;
        assertReported("the fault proxy's counters are unknown");
    }

    @Test
    void tooFewCheckedCreatesFailTheRun() {
        minimums = new Check.Minimums(1, 1, 1, 1, 2, 1);
        assertReported("too few acknowledged creates checked in the table");
    }

    @Test
    void tooFewCheckedDeletesFailTheRun() {
        minimums = new Check.Minimums(1, 1, 1, 1, 1, 2);
        assertReported("too few acknowledged deletes checked in the table");
    }

    // --- the clients and the services

    @Test
    void aClientThatDiedIsAViolationNamingItsException() {
        history.removeIf(e -> e.kind().equals(Entry.CLIENT_END) && e.client() == 1);
        history.add(new Entry(Entry.CLIENT_DIED, 1, 7, "-", "-", "-", Map.of(), 0, null, null, T0 + 40_000,
                T0 + 40_000, null, "java.lang.IllegalStateException: no token", Entry.FAULTS));
        Check check = check();
        assertEquals(Set.of("a client thread died by an exception"), rules(check));
        assertTrue(check.violations().get(0).subject().contains("java.lang.IllegalStateException: no token"),
                check.violations().get(0).subject());
    }

    @Test
    void aClientThatNeverFinishedIsAViolation() {
        history.removeIf(e -> e.kind().equals(Entry.CLIENT_END) && e.client() == 0);
        assertReported("a client thread never finished");
    }

    @Test
    void aClientThatNeverStartedIsAViolation() {
        Check check = new Check(history, faults, ANSWER_LIMIT_MS, RESTART_WARM_UP_MS, 3, minimums);
        check.checkAll(table::contains, counters, pending, auditStatus, auditLines);
        assertEquals(Set.of("a client thread never started"), rules(check));
    }

    @Test
    void aKillWithoutARestartIsAViolation() {
        faults.removeIf(line -> line.contains("ready social-service"));
        Check check = check();
        assertEquals(Set.of("a killed service never answered ready again"), rules(check));
        assertEquals(1, check.kills());
    }

    @Test
    void aFreezeNeverThawedIsAViolation() {
        faults.removeIf(line -> line.contains("thaw"));
        assertReported("DynamoDB Local frozen and never thawed");
    }

    // --- the drain and the audit

    @Test
    void pendingWorkLeftAfterTheDrainIsAViolation() {
        pending = Map.of("erasure", List.of("u3 PENDING"), "post deletion", List.of("u1 DELPOST#01J"));
        Check check = check();
        assertEquals(Set.of("pending work left after the drain"), rules(check));
        assertEquals(2, check.violations().size());
    }

    @Test
    void anAuditThatFoundViolationsReportsEachButNotItsNotes() {
        auditStatus = 1;
        auditLines = List.of("pendingErasure ERASURE#u3/ERASURE requested 2026-11-28T10:00:00Z, older than PT0S",
                "note: idempotencyRecord IDEM#x/IDEM created item USER#u1/POST#p7 missing",
                "audit of trident: 40 items scanned, 26 invariants checked, 1 violations, 1 notes");
        Check check = check();
        assertEquals(Set.of("deploy/audit.sh exited 1"), rules(check));
        assertEquals(1, check.violations().size());
    }

    @Test
    void aMissingAuditIsAViolation() {
        auditStatus = 127;
        auditLines = List.of();
        assertReported("deploy/audit.sh is missing");
    }

    // --- running it

    private Check check() {
        Check check = new Check(history, faults, ANSWER_LIMIT_MS, RESTART_WARM_UP_MS, 2, minimums);
        check.checkAll(table::contains, counters, pending, auditStatus, auditLines);
        return check;
    }

    /** The run breaks exactly this rule, and no other. */
    private void assertReported(String rule) {
        Check check = check();
        assertEquals(Set.of(rule), rules(check), () -> check.violations().toString());
    }

    private static Set<String> rules(Check check) {
        return check.violations().stream().map(Check.Violation::rule).collect(Collectors.toCollection(TreeSet::new));
    }

    private void fault(long at, String what) {
        faults.add((T0 + at) + " " + what);
    }

    private void clientStart(int client, long at) {
        history.add(new Entry(Entry.CLIENT_START, client, 0, "-", "-", "-", Map.of(), 0, null, null, T0 + at, T0 + at,
                null, null, Entry.FAULTS));
    }

    private void clientEnd(int client, long at) {
        history.add(new Entry(Entry.CLIENT_END, client, seq, "-", "-", "-", Map.of(), 0, null, null, T0 + at, T0 + at,
                null, null, Entry.FAULTS));
    }

    /** A request of the faults' phase, sent {@code start} ms into the run and answered (or failed) at {@code end}. */
    private Entry request(int client, String op, String service, Map<String, String> ids, int status, long start,
            long end) {
        Entry e = new Entry(Entry.REQUEST, client, ++seq, op, "GET", service + ":/" + op, new LinkedHashMap<>(ids),
                status, null, status >= 400 ? PROBLEM : null, T0 + start, T0 + end, null, null, Entry.FAULTS);
        history.add(e);
        return e;
    }

    /** Gives a request in the history this Retry-After and content type. */
    private void answer(Entry e, String retryAfter, String contentType) {
        history.set(history.indexOf(e), new Entry(e.kind(), e.client(), e.seq(), e.op(), e.method(), e.path(),
                e.ids(), e.status(), retryAfter, contentType, e.startMs(), e.endMs(), e.idempotencyKey(), e.note(),
                e.phase()));
    }
}
