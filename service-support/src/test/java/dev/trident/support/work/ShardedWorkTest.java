package dev.trident.support.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ItemKey;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkKeys;
import dev.trident.testing.DynamoDbLocalResource;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.inject.Alternative;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Pending work spread over the work shards: polls read every shard past leased tasks, take the oldest request first
 * across kinds, run at most {@code trident.work.concurrency} tasks at once, never run one task in two places, and
 * show the backlog's oldest age.
 */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
@TestProfile(ShardedWorkTest.ThreeAtOnce.class)
class ShardedWorkTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    static final String SERVICE = "shard-probe";
    static final String KIND_A = "probe-a";
    static final String KIND_B = "probe-b";
    private static final int CONCURRENCY = 3;

    public static class ThreeAtOnce implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            // Polls only when the test asks; pages of two, so a handful of leased tasks fill more than a page.
            return Map.of("trident.work.enabled", "false", "trident.work.concurrency", Integer.toString(CONCURRENCY),
                    "trident.work.tasks-per-poll", "2", "trident.work.release-pause", "PT0S");
        }

        @Override
        public Set<Class<?>> getEnabledAlternatives() {
            return Set.of(KindA.class, KindB.class);
        }
    }

    /** What the probes saw: the order tasks started in, how many ran at once at most, overlaps of one task. */
    static final class Seen {
        static final List<String> STARTED = new CopyOnWriteArrayList<>();
        static final AtomicInteger RUNNING = new AtomicInteger();
        static final AtomicInteger MOST_AT_ONCE = new AtomicInteger();
        static final Map<String, AtomicInteger> RUNNING_BY_ID = new ConcurrentHashMap<>();
        static final Map<String, AtomicInteger> RUNS_BY_ID = new ConcurrentHashMap<>();
        static final List<String> OVERLAPS = new CopyOnWriteArrayList<>();
        /** Tasks whose id starts with "slow" wait for this. */
        static volatile CompletableFuture<Void> gate = CompletableFuture.completedFuture(null);

        static void reset() {
            STARTED.clear();
            RUNNING.set(0);
            MOST_AT_ONCE.set(0);
            RUNNING_BY_ID.clear();
            RUNS_BY_ID.clear();
            OVERLAPS.clear();
            gate = CompletableFuture.completedFuture(null);
        }
    }

    /** Notes each run; a "slow" task waits for the gate, any other takes 30 ms, so that runs overlap. */
    abstract static class Probe implements WorkHandler {
        @Override
        public String service() {
            return SERVICE;
        }

        @Override
        public Uni<Void> perform(WorkTask task, Lease lease) {
            Seen.STARTED.add(task.id());
            int now = Seen.RUNNING.incrementAndGet();
            Seen.MOST_AT_ONCE.accumulateAndGet(now, Math::max);
            Seen.RUNS_BY_ID.computeIfAbsent(task.id(), id -> new AtomicInteger()).incrementAndGet();
            if (Seen.RUNNING_BY_ID.computeIfAbsent(task.id(), id -> new AtomicInteger()).incrementAndGet() > 1) {
                Seen.OVERLAPS.add(task.id());
            }
            Uni<Void> work = task.id().startsWith("slow")
                    ? Uni.createFrom().completionStage(Seen.gate)
                    : Uni.createFrom().voidItem().onItem().delayIt().by(Duration.ofMillis(30));
            return work.eventually(() -> {
                Seen.RUNNING_BY_ID.get(task.id()).decrementAndGet();
                Seen.RUNNING.decrementAndGet();
            });
        }
    }

    @Alternative
    @Singleton
    public static class KindA extends Probe {
        @Override
        public String kind() {
            return KIND_A;
        }
    }

    @Alternative
    @Singleton
    public static class KindB extends Probe {
        @Override
        public String kind() {
            return KIND_B;
        }
    }

    @Inject
    WorkRunner runner;
    @Inject
    PendingWork work;
    @Inject
    WorkSettings settings;
    @Inject
    Clock clock;
    @Inject
    @Any
    Instance<WorkHandler> handlers;
    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;
    @Inject
    MeterRegistry registry;

    @AfterEach
    void emptyTheShards() {
        Seen.gate.complete(null);
        for (String partition : WorkKeys.workPartitions(SERVICE)) {
            for (Map<String, AttributeValue> item : dynamo.query(r -> r.tableName(table.tableName())
                    .keyConditionExpression("PK = :pk").expressionAttributeValues(Map.of(":pk",
                            AttributeValue.fromS(partition))).consistentRead(true)).join().items()) {
                dynamo.deleteItem(r -> r.tableName(table.tableName())
                        .key(Map.of("PK", item.get("PK"), "SK", item.get("SK")))).join();
            }
        }
        Seen.reset();
    }

    private void enqueue(String kind, String id, Instant requestedAt) {
        work.enqueueNow(new WorkTask(SERVICE, kind, id, requestedAt.toString(), null, 0L, 0L)).await().atMost(WAIT);
    }

    /** A task another replica holds for ten more minutes. */
    private void enqueueLeased(String kind, String id, Instant requestedAt) {
        work.enqueueNow(new WorkTask(SERVICE, kind, id, requestedAt.toString(), "another-replica/1",
                Instant.now().plus(Duration.ofMinutes(10)).toEpochMilli(), 1L)).await().atMost(WAIT);
    }

    private Map<String, AttributeValue> stored(String kind, String id) {
        return dynamo.getItem(r -> r.tableName(table.tableName())
                .key(WorkKeys.task(SERVICE, kind, id).toAttributes()).consistentRead(true)).join().item();
    }

    private int tasksIn(String partition) {
        return dynamo.query(r -> r.tableName(table.tableName()).keyConditionExpression("PK = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition))).consistentRead(true))
                .join().count();
    }

    /** {@code count} ids starting with {@code prefix} whose tasks of {@code kind} land in {@code shard}. */
    private static List<String> idsInShard(String kind, String prefix, int shard, int count) {
        List<String> ids = new ArrayList<>();
        for (int i = 0; ids.size() < count; i++) {
            String id = prefix + i;
            if (WorkKeys.shardOf(kind, id) == shard) {
                ids.add(id);
            }
        }
        return ids;
    }

    @Test
    void tasksOfOneServiceAreSpreadOverItsWorkShardsAndAllAreDone() {
        Instant now = Instant.now();
        for (int i = 0; i < 64; i++) {
            enqueue(i % 2 == 0 ? KIND_A : KIND_B, "spread" + i, now);
        }
        int used = 0;
        int most = 0;
        for (String partition : WorkKeys.workPartitions(SERVICE)) {
            int held = tasksIn(partition);
            used += held > 0 ? 1 : 0;
            most = Math.max(most, held);
        }
        assertEquals(0, tasksIn(WorkKeys.legacyWorkPartition(SERVICE)), "nothing is written to the unsharded one");
        assertTrue(used >= 12, "64 tasks use most of the 16 shards, used " + used);
        assertTrue(most <= 12, "no shard holds a large share of them, the fullest holds " + most);

        runner.pollPartition(SERVICE).await().atMost(WAIT);
        Set<Integer> shardsRun = new HashSet<>();
        Seen.STARTED.forEach(id -> shardsRun.add(WorkKeys.shardOf(
                Integer.parseInt(id.substring("spread".length())) % 2 == 0 ? KIND_A : KIND_B, id)));
        assertEquals(used, shardsRun.size(), "one poll takes tasks from every shard that has some");
        for (int poll = 0; poll < 10 && Seen.RUNS_BY_ID.size() < 64; poll++) {
            runner.pollPartition(SERVICE).await().atMost(WAIT);
        }
        assertEquals(64, Seen.RUNS_BY_ID.size());
        for (String partition : WorkKeys.workPartitions(SERVICE)) {
            assertEquals(0, tasksIn(partition), partition + " is empty once its tasks are done");
        }
    }

    @Test
    void leasedTasksAheadInKeyOrderDoNotHoldUpAFreeTaskBehindThem() {
        int shard = WorkKeys.shardOf(KIND_A, "zz-free");
        // Five tasks another replica holds, ahead of the free one in the same shard: more than two pages of two.
        List<String> held = idsInShard(KIND_A, "held", shard, 5);
        for (String id : held) {
            enqueueLeased(KIND_A, id, Instant.now());
        }
        enqueue(KIND_A, "zz-free", Instant.now());

        runner.pollPartition(SERVICE).await().atMost(WAIT);

        assertEquals(List.of("zz-free"), Seen.STARTED, "the free task is run, no leased one is");
        assertTrue(stored(KIND_A, "zz-free").isEmpty(), "and deleted once done");
        for (String id : held) {
            assertEquals("another-replica/1", stored(KIND_A, id).get("leaseOwner").s(), id + " stays with its holder");
        }
    }

    @Test
    void theOldestRequestsAreTakenFirstAcrossKindsAndNoMoreThanTheBoundRunAtOnce() throws Exception {
        Instant now = Instant.now();
        // Six slow tasks, each in a shard of its own, requested a minute apart; key order is the reverse of age.
        List<String> order = List.of("slow-f", "slow-e", "slow-d", "slow-c", "slow-b", "slow-a");
        Set<Integer> shards = new HashSet<>();
        List<String> ids = new ArrayList<>();
        List<String> kinds = new ArrayList<>();
        for (int i = 0; ids.size() < order.size(); i++) {
            String kind = ids.size() % 2 == 0 ? KIND_B : KIND_A;
            String id = order.get(ids.size()) + i;
            if (shards.add(WorkKeys.shardOf(kind, id))) {
                ids.add(id);
                kinds.add(kind);
            }
        }
        for (int i = 0; i < ids.size(); i++) {
            enqueue(kinds.get(i), ids.get(i), now.minus(Duration.ofMinutes(10 - i)));
        }
        CompletableFuture<Void> gate = new CompletableFuture<>();
        Seen.gate = gate;

        CompletableFuture<Void> poll = runner.pollPartition(SERVICE).subscribeAsCompletionStage();
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (Seen.STARTED.size() < CONCURRENCY && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        Thread.sleep(500);
        assertEquals(Set.copyOf(ids.subList(0, CONCURRENCY)), Set.copyOf(Seen.STARTED),
                "the three oldest, of both kinds, start first, and no fourth while they run");
        assertEquals(CONCURRENCY, registry.find("trident.work.in.flight").gauge().value());

        gate.complete(null);
        poll.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        assertEquals(Set.copyOf(ids), Set.copyOf(Seen.STARTED), "the rest run in the freed slots of the same poll");
        assertEquals(CONCURRENCY, Seen.MOST_AT_ONCE.get(), "never more than trident.work.concurrency at once");
        assertEquals(0, registry.find("trident.work.in.flight").gauge().value());
    }

    @Test
    void manyShortTasksRunAtMostTheBoundAtOnce() {
        Instant now = Instant.now();
        for (int i = 0; i < CONCURRENCY + 7; i++) {
            enqueue(KIND_A, "short" + i, now);
        }
        runner.pollPartition(SERVICE).await().atMost(WAIT);
        assertEquals(CONCURRENCY + 7, Seen.RUNS_BY_ID.size());
        assertEquals(CONCURRENCY, Seen.MOST_AT_ONCE.get(), "the bound is reached and never passed");
    }

    @Test
    void twoReplicasNeverRunTheSameTaskAtOnceAndDoEachTaskOnce() {
        WorkRunner other = new WorkRunner(work, settings, clock, new SimpleMeterRegistry(), handlers);
        Instant now = Instant.now();
        for (int i = 0; i < 40; i++) {
            enqueue(i % 2 == 0 ? KIND_A : KIND_B, "both" + i, now);
        }
        for (int round = 0; round < 5 && Seen.RUNS_BY_ID.size() < 40; round++) {
            Uni.join().all(runner.pollPartition(SERVICE), other.pollPartition(SERVICE)).andFailFast()
                    .await().atMost(WAIT);
        }
        assertEquals(List.of(), Seen.OVERLAPS, "no task ran in both replicas at once");
        assertEquals(40, Seen.RUNS_BY_ID.size());
        Seen.RUNS_BY_ID.forEach((id, runs) -> assertEquals(1, runs.get(), id + " ran once"));
        for (String partition : WorkKeys.workPartitions(SERVICE)) {
            assertEquals(0, tasksIn(partition));
        }
    }

    @Test
    void theBacklogGaugesShowTheOldestTaskAgeAndTheCountPerKind() {
        enqueueLeased(KIND_B, "long-running", Instant.now().minus(Duration.ofMinutes(15)));
        enqueueLeased(KIND_B, "recent", Instant.now().minus(Duration.ofMinutes(1)));

        runner.pollPartition(SERVICE).await().atMost(WAIT);

        double oldest = registry.find("trident.work.oldest.age").tag("kind", KIND_B).gauge().value();
        assertTrue(oldest >= 15 * 60 && oldest < 16 * 60, "the oldest task's age in seconds: " + oldest);
        assertEquals(2, registry.find("trident.work.pending").tag("kind", KIND_B).gauge().value());
        assertEquals(0, registry.find("trident.work.oldest.age").tag("kind", KIND_A).gauge().value());
        assertFalse(Seen.STARTED.contains("long-running"), "a leased task is counted, not run");

        emptyTheShards();
        runner.pollPartition(SERVICE).await().atMost(WAIT);
        assertEquals(0, registry.find("trident.work.oldest.age").tag("kind", KIND_B).gauge().value(),
                "no backlog, no age");
    }

    @Test
    void anIdlePollSendsOneQueryToEachOfTheSixteenShards() {
        runner.pollPartition(SERVICE).await().atMost(WAIT);
        double queries = queries();
        runner.pollPartition(SERVICE).await().atMost(WAIT);
        assertEquals(WorkKeys.WORK_SHARDS, queries() - queries, "one Query a shard, none more when all are empty");
    }

    private double queries() {
        return registry.find("trident.dynamodb.requests").tag("pattern", "work-pending").timers().stream()
                .mapToDouble(t -> t.count()).sum();
    }
}
