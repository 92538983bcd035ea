package dev.trident.support.work;

import dev.trident.keys.ItemKey;
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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * Polls this service's pending-work partitions on a schedule ({@code trident.work.poll-interval}, the first one
 * interval after start-up: polling at once made every start 0.2 s slower, its first DynamoDB call competing with
 * the start and the first readiness check for the same cores) and does the tasks it has a {@link WorkHandler} for:
 * claim (a conditional write, so with several replicas each task is held by one at a time), perform, delete. A task
 * whose holder crashed is taken over once its lease has run out; a failed task is released after a short pause and
 * tried again at a later poll, up to {@code trident.work.max-attempts} claims (a run that met throttling, a slow or
 * unreachable DynamoDB, or an index not yet settled counts none): then it is parked (never claimed again,
 * logged once at WARN, counted in {@code trident_work_parked}) and polls read past it, so it holds up no other task. A
 * request may also do a task itself ({@link #heldTask}, {@link #performHeld}), holding it from the start.
 * <p>
 * Meters: {@code trident_work_pending{service,kind}} (tasks seen at the last poll), {@code
 * trident_work_parked{service,kind}} (parked tasks seen at the last poll), {@code
 * trident_work_tasks_total{kind,outcome}} (done, failed, parked, lost, deferred, settling, backpressure), {@code
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
    /** Handlers by partition, then kind. */
    private final Map<String, Map<String, WorkHandler>> handlers = new LinkedHashMap<>();
    /** This process (a restart is another); each claim it makes holds the task under a name of its own. */
    private final String owner = UUID.randomUUID().toString();
    private final AtomicLong claims = new AtomicLong();
    private final Map<String, AtomicInteger> pending = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> parked = new ConcurrentHashMap<>();
    /** Parked tasks already logged by this process, so that each is logged once, not at every poll. */
    private final Set<String> parkedLogged = ConcurrentHashMap.newKeySet();

    WorkRunner(PendingWork work, WorkSettings settings, Clock clock, MeterRegistry registry,
            Instance<WorkHandler> found) {
        this.work = work;
        this.settings = settings;
        this.clock = clock;
        this.registry = registry;
        for (WorkHandler handler : found) {
            handlers.computeIfAbsent(handler.service(), s -> new LinkedHashMap<>()).put(handler.kind(), handler);
            AtomicInteger count = new AtomicInteger();
            pending.put(handler.service() + "/" + handler.kind(), count);
            Gauge.builder("trident.work.pending", count, AtomicInteger::get)
                    .description("Tasks of this kind in the service's pending-work partition at the last poll")
                    .tag("service", handler.service()).tag("kind", handler.kind())
                    .register(registry);
            AtomicInteger parkedCount = new AtomicInteger();
            parked.put(handler.service() + "/" + handler.kind(), parkedCount);
            Gauge.builder("trident.work.parked", parkedCount, AtomicInteger::get)
                    .description("Tasks of this kind parked after trident.work.max-attempts claims, seen at the "
                            + "last poll")
                    .tag("service", handler.service()).tag("kind", handler.kind())
                    .register(registry);
        }
    }

    @Scheduled(every = "${trident.work.poll-interval:PT5S}", delayed = "${trident.work.poll-interval:PT5S}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP,
            identity = "trident-pending-work")
    Uni<Void> poll() {
        if (!settings.enabled() || handlers.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return Multi.createFrom().iterable(new ArrayList<>(handlers.keySet()))
                .onItem().transformToUniAndConcatenate(this::pollPartition)
                .collect().last()
                .onFailure().invoke(e -> LOG.warnf("polling pending work failed: %s", e.toString()))
                .onFailure().recoverWithNull()
                .replaceWithVoid();
    }

    /**
     * One poll of one partition: the tasks this process can do, one after the other. Parked tasks are read past (up
     * to {@code trident.work.max-pages-per-poll} pages) and never claimed.
     */
    public Uni<Void> pollPartition(String service) {
        Map<String, WorkHandler> byKind = handlers.getOrDefault(service, Map.of());
        return readPending(service, null, 1, new ArrayList<>()).chain(tasks -> {
            Map<String, Integer> counts = new LinkedHashMap<>();
            Map<String, Integer> parkedCounts = new LinkedHashMap<>();
            tasks.forEach(t -> (parked(t) ? parkedCounts : counts).merge(t.kind(), 1, Integer::sum));
            byKind.keySet().forEach(kind -> {
                pending.get(service + "/" + kind).set(counts.getOrDefault(kind, 0));
                parked.get(service + "/" + kind).set(parkedCounts.getOrDefault(kind, 0));
            });
            tasks.stream().filter(this::parked).forEach(this::logParkedOnce);
            long now = clock.millis();
            List<WorkTask> free = tasks.stream()
                    .filter(t -> byKind.containsKey(t.kind()) && t.leaseUntil() < now && !parked(t)).toList();
            return Multi.createFrom().iterable(free)
                    .onItem().transformToUniAndConcatenate(task -> run(byKind.get(task.kind()), task))
                    .collect().last().replaceWithVoid();
        });
    }

    /** Pages of the partition until enough tasks that are not parked are found, the end, or the page bound. */
    private Uni<List<WorkTask>> readPending(String service, PageKey from, int page,
            List<WorkTask> seen) {
        return work.pending(service, settings.tasksPerPoll(), from).chain(found -> {
            seen.addAll(found.tasks());
            long workable = seen.stream().filter(t -> !parked(t)).count();
            if (found.next() == null || workable >= settings.tasksPerPoll() || page >= settings.maxPagesPerPoll()) {
                return Uni.createFrom().item(seen);
            }
            return readPending(service, found.next(), page + 1, seen);
        });
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
        return work.claim(task, holder, clock.instant(), settings.lease()).chain(ok -> ok
                ? perform(handler, claimed, holder).replaceWithVoid()
                : Uni.createFrom().voidItem());
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
        return new WorkTask(service, kind, id, now.toString(), newHolder(), now.plus(settings.lease()).toEpochMilli(),
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
