package dev.trident.support.work;

import dev.trident.keys.ItemKey;
import dev.trident.keys.Timestamps;
import dev.trident.keys.WorkKeys;
import dev.trident.support.dynamo.OutcomeUnknown;
import dev.trident.support.dynamo.PageKey;
import dev.trident.support.dynamo.TableBusy;
import dev.trident.support.dynamo.Throttled;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.scheduler.Scheduled;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * Polls this service's pending-work shards on a schedule ({@code trident.work.poll-interval}, the first one interval
 * after start-up: polling at once made every start 0.2 s slower, its first DynamoDB call competing with the start and
 * the first readiness check for the same cores) and does the tasks it has a {@link WorkHandler} for: claim (a
 * conditional write, so with several replicas each task is held by one at a time), perform, delete.
 * <p>
 * A poll Queries all {@link WorkKeys#WORK_SHARDS} shards, four at a time, each for at most
 * {@code trident.work.tasks-per-poll} tasks a page, reading past tasks whose lease is live and parked ones (up to
 * {@code trident.work.max-pages-per-poll} pages a shard), so neither holds up a task behind it. The tasks it may
 * claim are taken oldest request first across kinds; requests within one poll interval of each other count as equally
 * old and are taken from the shard this poll started at (a random one) onwards, so replicas polling at the same moment
 * start on different tasks. At most {@code trident.work.concurrency} tasks run at once in this process; a slot freed
 * by a task that ends is filled from the same poll's tasks, and a newer poll's tasks replace those not yet started.
 * A claim another replica won is skipped: not a failure, no attempt counted.
 * <p>
 * A task whose holder crashed is taken over once its lease has run out; a failed task is released after a short pause
 * and tried again at a later poll, up to {@code trident.work.max-attempts} claims (a run that met throttling, a slow
 * or unreachable DynamoDB, or an index not yet settled counts none): then it is parked (never claimed again, logged
 * once at WARN, counted in {@code trident_work_parked}) and polls read past it. A request may also do a task itself
 * ({@link #heldTask}, {@link #performHeld}), holding it from the start.
 * <p>
 * Meters: {@code trident_work_pending{service,kind}} (tasks seen at the last poll, not parked: the backlog), {@code
 * trident_work_oldest_age_seconds{service,kind}} (how long ago the oldest of them was requested), {@code
 * trident_work_parked{service,kind}} (parked tasks seen at the last poll), {@code trident_work_in_flight} (tasks
 * this process runs now), {@code trident_work_tasks_total{kind,outcome}} (done, failed, parked, lost, deferred,
 * settling, backpressure), {@code trident_work_claims_lost_total{kind}} (claims another replica won), {@code
 * trident_work_duration_seconds{kind}} (claim to done) and {@code trident_work_completion_seconds{kind}} (request to
 * done).
 */
@ApplicationScoped
public class WorkRunner {

    private static final Logger LOG = Logger.getLogger(WorkRunner.class);

    private final PendingWork work;
    private final WorkSettings settings;
    private final Clock clock;
    private final MeterRegistry registry;
    /** Handlers by service, then kind. */
    private final Map<String, Map<String, WorkHandler>> handlers = new LinkedHashMap<>();
    /** This process (a restart is another); each claim it makes holds the task under a name of its own. */
    private final String owner = UUID.randomUUID().toString();
    private final AtomicLong claims = new AtomicLong();
    private final Map<String, AtomicInteger> pending = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> parked = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> oldestAge = new ConcurrentHashMap<>();
    /** Parked tasks already logged by this process, so that each is logged once, not at every poll. */
    private final Set<String> parkedLogged = ConcurrentHashMap.newKeySet();
    /** Claims and performances of polled tasks under way in this process: at most trident.work.concurrency. */
    private final AtomicInteger inFlight = new AtomicInteger();
    /** Shards a poll Queries at once. */
    private static final int SHARDS_AT_ONCE = 4;
    /** The latest poll of each service: its tasks not yet started fill the slots that free up. */
    private final Map<String, Round> rounds = new ConcurrentHashMap<>();

    WorkRunner(PendingWork work, WorkSettings settings, Clock clock, MeterRegistry registry,
            Instance<WorkHandler> found) {
        this.work = work;
        this.settings = settings;
        this.clock = clock;
        this.registry = registry;
        for (WorkHandler handler : found) {
            handlers.computeIfAbsent(handler.service(), s -> new LinkedHashMap<>()).put(handler.kind(), handler);
            String key = handler.service() + "/" + handler.kind();
            AtomicInteger count = new AtomicInteger();
            pending.put(key, count);
            Gauge.builder("trident.work.pending", count, AtomicInteger::get)
                    .description("Tasks of this kind in the service's pending-work shards at the last poll, not "
                            + "parked")
                    .tag("service", handler.service()).tag("kind", handler.kind())
                    .register(registry);
            AtomicInteger parkedCount = new AtomicInteger();
            parked.put(key, parkedCount);
            Gauge.builder("trident.work.parked", parkedCount, AtomicInteger::get)
                    .description("Tasks of this kind parked after trident.work.max-attempts claims, seen at the "
                            + "last poll")
                    .tag("service", handler.service()).tag("kind", handler.kind())
                    .register(registry);
            AtomicLong age = new AtomicLong();
            oldestAge.put(key, age);
            Gauge.builder("trident.work.oldest.age", age, AtomicLong::get)
                    .description("How long ago the oldest task of this kind seen at the last poll (not parked) was "
                            + "requested; 0 when there is none")
                    .baseUnit("seconds")
                    .tag("service", handler.service()).tag("kind", handler.kind())
                    .register(registry);
        }
        Gauge.builder("trident.work.in.flight", inFlight, AtomicInteger::get)
                .description("Polled tasks this process is claiming or performing now, at most "
                        + "trident.work.concurrency")
                .register(registry);
    }

    @Scheduled(every = "${trident.work.poll-interval:PT5S}", delayed = "${trident.work.poll-interval:PT5S}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            identity = "trident-pending-work")
    Uni<Void> poll() {
        if (!settings.enabled() || handlers.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        // Ends once the shards are read and the free slots claimed: the tasks run on, and the next poll refills.
        return Multi.createFrom().iterable(new ArrayList<>(handlers.keySet()))
                .onItem().transformToUniAndConcatenate(service -> startRound(service)
                        .onFailure().invoke(e -> LOG.warnf("polling pending work of %s failed: %s", service,
                                e.toString()))
                        .onFailure().recoverWithNull())
                .collect().last()
                .replaceWithVoid();
    }

    /**
     * One poll of one service's shards, ending once every task it started has ended (and none of its tasks is left
     * that a free slot could take). Tests call this; the schedule does not wait for the tasks.
     */
    public Uni<Void> pollPartition(String service) {
        return startRound(service).chain(round -> Uni.createFrom().completionStage(round.ended));
    }

    /** Reads every shard, sets the gauges, and starts the oldest tasks it may claim in the free slots. */
    private Uni<Round> startRound(String service) {
        Map<String, WorkHandler> byKind = handlers.getOrDefault(service, Map.of());
        int start = ThreadLocalRandom.current().nextInt(WorkKeys.WORK_SHARDS);
        long now = clock.millis();
        // A few shards at a time, not all sixteen: a poll must not take a burst of connections from the requests.
        return Multi.createFrom().range(0, WorkKeys.WORK_SHARDS)
                .onItem().transformToUni(distance -> readShard(service, (start + distance) % WorkKeys.WORK_SHARDS,
                        byKind, now, null, 1, new ArrayList<>())
                        .map(tasks -> tasks.stream().map(t -> new Candidate(t, distance, requestedMillis(t))).toList()))
                .merge(SHARDS_AT_ONCE)
                .collect().in(ArrayList<Candidate>::new, List::addAll)
                .map(seen -> {
                    measure(service, byKind, seen, now);
                    long bucket = Math.max(1, settings.pollInterval().toMillis());
                    List<WorkTask> claimable = seen.stream()
                            .filter(c -> claimable(c.task(), byKind, now))
                            .sorted(Comparator.comparingLong((Candidate c) -> c.requested() / bucket)
                                    .thenComparingInt(Candidate::distance)
                                    .thenComparingLong(Candidate::requested))
                            .map(Candidate::task)
                            .toList();
                    Round round = new Round(byKind, claimable);
                    Round previous = rounds.put(service, round);
                    if (previous != null) {
                        previous.supersede();
                    }
                    round.pump();
                    return round;
                });
    }

    /** A task seen by a poll, with how far its shard is from the poll's first and when it was requested. */
    private record Candidate(WorkTask task, int distance, long requested) {
    }

    private void measure(String service, Map<String, WorkHandler> byKind, List<Candidate> seen, long now) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        Map<String, Integer> parkedCounts = new LinkedHashMap<>();
        Map<String, Long> oldest = new LinkedHashMap<>();
        for (Candidate c : seen) {
            WorkTask t = c.task();
            if (parked(t)) {
                parkedCounts.merge(t.kind(), 1, Integer::sum);
                logParkedOnce(t);
            } else {
                counts.merge(t.kind(), 1, Integer::sum);
                oldest.merge(t.kind(), c.requested(), Math::min);
            }
        }
        byKind.keySet().forEach(kind -> {
            String key = service + "/" + kind;
            pending.get(key).set(counts.getOrDefault(kind, 0));
            parked.get(key).set(parkedCounts.getOrDefault(kind, 0));
            Long requested = oldest.get(kind);
            oldestAge.get(key).set(requested == null ? 0 : Math.max(0, (now - requested) / 1000));
        });
    }

    /**
     * Pages of one shard until enough tasks this process may claim are found, the end, or the page bound: tasks
     * leased by another run and parked ones are read past, so they never hold up the ones behind them.
     */
    private Uni<List<WorkTask>> readShard(String service, int shard, Map<String, WorkHandler> byKind, long now,
            PageKey from, int page, List<WorkTask> seen) {
        return work.pending(service, shard, settings.tasksPerPoll(), from).chain(found -> {
            seen.addAll(found.tasks());
            long claimable = seen.stream().filter(t -> claimable(t, byKind, now)).count();
            if (found.next() == null || claimable >= settings.tasksPerPoll() || page >= settings.maxPagesPerPoll()) {
                return Uni.createFrom().item(seen);
            }
            return readShard(service, shard, byKind, now, found.next(), page + 1, seen);
        });
    }

    /** A task this process has a handler for, not parked, whose lease (if any) has run out. */
    private boolean claimable(WorkTask task, Map<String, WorkHandler> byKind, long now) {
        return byKind.containsKey(task.kind()) && task.leaseUntil() < now && !parked(task);
    }

    private static long requestedMillis(WorkTask task) {
        try {
            return task.requestedAt() == null ? 0 : Instant.parse(task.requestedAt()).toEpochMilli();
        } catch (DateTimeParseException e) {
            return 0;
        }
    }

    /** Takes one of the trident.work.concurrency slots; false when all are in use. */
    private boolean takeSlot() {
        while (true) {
            int used = inFlight.get();
            if (used >= settings.concurrency()) {
                return false;
            }
            if (inFlight.compareAndSet(used, used + 1)) {
                return true;
            }
        }
    }

    /** Frees a slot and lets the latest poll of every service fill it. */
    private void freeSlot() {
        inFlight.decrementAndGet();
        rounds.values().forEach(Round::pump);
    }

    /**
     * The tasks one poll found to claim, oldest first, started as slots free up until they run out or a newer poll
     * of the same service replaces them. Several threads may pump at once (each task's end pumps).
     */
    private final class Round {
        private final Map<String, WorkHandler> byKind;
        private final Queue<WorkTask> queue;
        /** Tasks of this round being claimed or performed, plus a pump about to start one. */
        private final AtomicInteger running = new AtomicInteger();
        private volatile boolean superseded;
        private final CompletableFuture<Void> ended = new CompletableFuture<>();

        Round(Map<String, WorkHandler> byKind, List<WorkTask> tasks) {
            this.byKind = byKind;
            this.queue = new ConcurrentLinkedQueue<>(tasks);
        }

        void pump() {
            while (!superseded && takeSlot()) {
                running.incrementAndGet();
                WorkTask next = queue.poll();
                if (next == null) {
                    running.decrementAndGet();
                    inFlight.decrementAndGet();
                    // Another service's poll may have found no slot while this one held it for nothing.
                    rounds.values().stream().filter(other -> other != this && !other.queue.isEmpty())
                            .forEach(Round::pump);
                    break;
                }
                run(byKind.get(next.kind()), next).subscribe().with(done -> taskEnded(), failure -> {
                    LOG.warnf("%s %s ended unexpectedly: %s", next.kind(), next.id(), failure.toString());
                    taskEnded();
                });
            }
            endIfIdle();
        }

        private void taskEnded() {
            running.decrementAndGet();
            freeSlot();
            endIfIdle();
        }

        void supersede() {
            superseded = true;
            endIfIdle();
        }

        private void endIfIdle() {
            if (running.get() == 0 && (superseded || queue.isEmpty())) {
                ended.complete(null);
            }
        }
    }

    /** A task claimed {@code trident.work.max-attempts} times without completing: left for an operator. */
    private boolean parked(WorkTask task) {
        return task.attempts() >= settings.maxAttempts();
    }

    private void logParkedOnce(WorkTask task) {
        if (parkedLogged.add(taskKey(task))) {
            LOG.warnf("%s is parked after %d attempts: no poll claims it again until it is deleted or its attempts "
                    + "are removed", taskKey(task), task.attempts());
        }
    }

    private static String taskKey(WorkTask task) {
        ItemKey key = WorkKeys.task(task.service(), task.kind(), task.id());
        return key.pk() + "/" + key.sk();
    }

    private Uni<Void> run(WorkHandler handler, WorkTask task) {
        String holder = newHolder();
        // The claim counts this attempt: the task as performed carries it.
        WorkTask claimed = new WorkTask(task.service(), task.kind(), task.id(), task.requestedAt(), holder,
                task.leaseUntil(), task.attempts() + 1, task.scope());
        return work.claim(task, holder, clock.instant(), settings.lease()).chain(ok -> {
            if (ok) {
                return perform(handler, claimed, holder).replaceWithVoid();
            }
            // Another replica claimed it first (or it is done): skipped, no attempt of this process counted.
            Counter.builder("trident.work.claims.lost")
                    .description("Claims another replica won first, or of tasks done since the poll read them")
                    .tag("kind", task.kind()).register(registry).increment();
            return Uni.createFrom().voidItem();
        });
    }

    /**
     * The name one claim holds a task under: a performance cut short keeps no hold on the task once it is released
     * or taken over, even by another performance in this same process.
     */
    private String newHolder() {
        return owner + "/" + claims.incrementAndGet();
    }

    /**
     * A new task held by this process from the moment it is written (with {@link PendingWork#enqueue}, in the
     * transaction of the request that then does the work itself through {@link #performHeld}): no poll takes it
     * over while that request works on it, only once the lease has run out.
     */
    public WorkTask heldTask(String service, String kind, String id) {
        return heldTask(service, kind, id, null);
    }

    /** {@link #heldTask(String, String, String)} with a scope its handler obeys ({@link WorkTask#scope}). */
    public WorkTask heldTask(String service, String kind, String id, String scope) {
        Instant now = clock.instant();
        return new WorkTask(service, kind, id, Timestamps.format(now), newHolder(),
                now.plus(settings.lease()).toEpochMilli(),
                1, scope);
    }

    /**
     * Does a task of {@link #heldTask} now, waiting for it at most {@code budget}: emits true when it is done (and
     * deleted), false when it was left to the pending-work poll (out of time or failed: released after a pause, or
     * lost). Work still running when the wait ends is not cancelled mid-write: it goes on to its next lease extension,
     * which fails once the claim is released, and stops there.
     */
    public Uni<Boolean> performHeld(WorkTask task, Duration budget) {
        WorkHandler handler = handlers.getOrDefault(task.service(), Map.of()).get(task.kind());
        if (handler == null) {
            throw new IllegalStateException("no handler for " + task.kind() + " in " + task.service());
        }
        String holder = task.leaseOwner();
        Uni<Boolean> performance = perform(handler, task, holder).memoize().indefinitely();
        performance.subscribe().with(done -> {
        }, failure -> LOG.debugf("%s %s ended: %s", task.kind(), task.id(), failure));
        return performance
                .ifNoItem().after(budget).recoverWithUni(() -> {
                    count(task.kind(), "deferred");
                    return release(task, holder).replaceWith(false);
                });
    }

    /** Performs a claimed task: true when done, false when it failed (released) or another process took it over. */
    private Uni<Boolean> perform(WorkHandler handler, WorkTask task, String holder) {
        Duration lease = settings.lease();
        long started = System.nanoTime();
        Instant settledAt = Instant.parse(task.requestedAt()).plus(settings.indexSettle());
        boolean settled = !clock.instant().isBefore(settledAt);
        WorkHandler.Lease held = new WorkHandler.Lease() {
            @Override
            public Uni<Void> extend() {
                return work.extend(task, holder, clock.instant(), lease).chain(still -> still
                        ? Uni.createFrom().voidItem()
                        : Uni.createFrom().failure(new WorkHandler.LeaseLost(task.kind() + "#" + task.id())));
            }

            @Override
            public boolean indexSettled() {
                return settled;
            }
        };
        return handler.perform(task, held)
                .chain(() -> work.done(task, holder))
                .invoke(() -> {
                    count(task.kind(), "done");
                    Timer.builder("trident.work.duration").description("From claiming a task to its end")
                            .tag("kind", task.kind()).register(registry)
                            .record(Duration.ofNanos(System.nanoTime() - started));
                    Duration age = Duration.between(Instant.parse(task.requestedAt()), clock.instant());
                    Timer.builder("trident.work.completion").description("From the request of a task to its end")
                            .tag("kind", task.kind()).register(registry)
                            .record(age.isNegative() ? Duration.ZERO : age);
                })
                .replaceWith(true)
                .onFailure(WorkHandler.LeaseLost.class).recoverWithUni(lost -> {
                    count(task.kind(), "lost");
                    return Uni.createFrom().item(false);
                })
                .onFailure(WorkHandler.Unsettled.class).recoverWithUni(unsettled -> {
                    count(task.kind(), "settling");
                    Instant freeAt = settledAt.isAfter(clock.instant()) ? settledAt : clock.instant();
                    return release(task, holder, freeAt, true).replaceWith(false);
                })
                .onFailure(WorkRunner::backPressure).recoverWithUni(failure -> {
                    count(task.kind(), "backpressure");
                    LOG.debugf("%s %s in %s met back-pressure, released uncounted: %s", task.kind(), task.id(),
                            service(task), failure.toString());
                    return release(task, holder, clock.instant().plus(settings.releasePause()), true)
                            .replaceWith(false);
                })
                .onFailure().recoverWithUni(failure -> {
                    if (parked(task)) {
                        count(task.kind(), "parked");
                        parkedLogged.add(taskKey(task));
                        LOG.warnf("%s %s in %s failed %d times and is parked: no poll claims it again until it is "
                                + "deleted or its attempts are removed (%s): %s", task.kind(), task.id(),
                                service(task), task.attempts(), taskKey(task), failure.toString());
                    } else {
                        count(task.kind(), "failed");
                        LOG.warnf("%s %s in %s failed, released for a later poll: %s", task.kind(), task.id(),
                                service(task), failure.toString());
                    }
                    return release(task, holder).replaceWith(false);
                });
    }

    /** Frees a claim; the task may be taken again once a write it may still have on its way has landed. */
    private Uni<Void> release(WorkTask task, String holder) {
        return release(task, holder, clock.instant().plus(settings.releasePause()), false);
    }

    private Uni<Void> release(WorkTask task, String holder, Instant freeAt, boolean uncounted) {
        return work.release(task, holder, freeAt, uncounted).onFailure().recoverWithNull();
    }

    /**
     * DynamoDB asking for patience, not a fault of the task: throttled (the SDK retries a throttled call until its
     * timeout, so throttling often ends as one), slow or unreachable, or a write whose answer was lost. Such a run is
     * tried again at a later poll without counting towards {@code trident.work.max-attempts}, so a minute of
     * throttling or an outage parks nothing; parking is for a task that fails on its own.
     */
    static boolean backPressure(Throwable failure) {
        Throwable cause = failure;
        while (cause instanceof CompletionException && cause.getCause() != null) {
            cause = cause.getCause();
        }
        return Throttled.isThrottling(cause) || cause instanceof OutcomeUnknown || cause instanceof TableBusy
                || OutcomeUnknown.mayHaveWritten(cause);
    }

    private static String service(WorkTask task) {
        return task.service();
    }

    private void count(String kind, String outcome) {
        Counter.builder("trident.work.tasks")
                .description("Tasks ended, by outcome (done, failed, lost, deferred: left to the poll by a request, "
                        + "settling: waiting for an index to settle, backpressure: DynamoDB throttled, slow or "
                        + "unreachable)")
                .tag("kind", kind).tag("outcome", outcome).register(registry).increment();
    }
}
