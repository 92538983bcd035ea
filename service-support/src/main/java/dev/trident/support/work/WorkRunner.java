package dev.trident.support.work;

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
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.jboss.logging.Logger;

/**
 * Polls this service's pending-work partitions on a schedule ({@code trident.work.poll-interval}, the first one
 * interval after start-up: polling at once made every start 0.2 s slower, its first DynamoDB call competing with
 * the start and the first readiness check for the same cores) and does the tasks it has a {@link WorkHandler} for: claim (a conditional write, so with several
 * replicas each task is held by one at a time), perform, delete. A task whose holder crashed is taken over once its
 * lease has run out; a failed task is released after a short pause and tried again at a later poll. A request may also do a
 * task itself ({@link #heldTask}, {@link #performHeld}), holding it from the start.
 * <p>
 * Meters: {@code trident_work_pending{service,kind}} (tasks seen at the last poll), {@code
 * trident_work_tasks_total{kind,outcome}} (done, failed, lost), {@code trident_work_duration_seconds{kind}} (claim to
 * done) and {@code trident_work_completion_seconds{kind}} (request to done).
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

    /** One poll of one partition: the tasks this process can do, one after the other. */
    public Uni<Void> pollPartition(String service) {
        Map<String, WorkHandler> byKind = handlers.getOrDefault(service, Map.of());
        return work.pending(service, settings.tasksPerPoll()).chain(tasks -> {
            Map<String, Integer> counts = new LinkedHashMap<>();
            tasks.forEach(t -> counts.merge(t.kind(), 1, Integer::sum));
            byKind.keySet().forEach(kind -> pending.get(service + "/" + kind).set(counts.getOrDefault(kind, 0)));
            long now = clock.millis();
            List<WorkTask> free = tasks.stream()
                    .filter(t -> byKind.containsKey(t.kind()) && t.leaseUntil() < now).toList();
            return Multi.createFrom().iterable(free)
                    .onItem().transformToUniAndConcatenate(task -> run(byKind.get(task.kind()), task))
                    .collect().last().replaceWithVoid();
        });
    }

    private Uni<Void> run(WorkHandler handler, WorkTask task) {
        String holder = newHolder();
        return work.claim(task, holder, clock.instant(), settings.lease()).chain(claimed -> claimed
                ? perform(handler, task, holder).replaceWithVoid()
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
        WorkHandler.Lease held = () -> work.extend(task, holder, clock.instant(), lease).chain(still -> still
                ? Uni.createFrom().voidItem()
                : Uni.createFrom().failure(new WorkHandler.LeaseLost(task.kind() + "#" + task.id())));
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
                .onFailure().recoverWithUni(failure -> {
                    count(task.kind(), "failed");
                    LOG.warnf("%s %s in %s failed, released for a later poll: %s", task.kind(), task.id(),
                            service(task), failure.toString());
                    return release(task, holder).replaceWith(false);
                });
    }

    /** Frees a claim; the task may be taken again once a write it may still have on its way has landed. */
    private Uni<Void> release(WorkTask task, String holder) {
        return work.release(task, holder, clock.instant().plus(settings.releasePause()))
                .onFailure().recoverWithNull();
    }

    private static String service(WorkTask task) {
        return task.service();
    }

    private void count(String kind, String outcome) {
        Counter.builder("trident.work.tasks")
                .description("Tasks ended, by outcome (done, failed, lost, deferred: left to the poll by a request)")
                .tag("kind", kind).tag("outcome", outcome).register(registry).increment();
    }
}
