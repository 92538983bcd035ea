package dev.trident.support.erasure;

import dev.trident.support.work.WorkHandler;
import dev.trident.support.work.WorkTask;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.smallrye.mutiny.Uni;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One service's part of an account's erasure, done from that service's pending-work partition: {@link #erase}
 * removes the account's items batch by batch (idempotent: done again after a crash, it finds less or nothing), each
 * batch counted on the record and the lease extended; then the part is marked done on the record. A task found
 * again once its part is marked done (its deletion failed after the part was done) erases nothing: the record being
 * done frees the id for a new account, whose items a second sweep would erase; it only finishes the record if every
 * part is done and the write that should have finished it failed.
 * <p>
 * Meters: {@code trident_erasure_items_erased_total{part}}, {@code trident_erasure_parts_done_total{part}} and
 * {@code trident_erasure_completion_seconds{part}} (from the request to this part's end); pending erasures are
 * {@code trident_work_pending{kind="erase-user"}}. Subclasses are {@code @Singleton} beans (no client proxy: this
 * class has no no-args constructor).
 */
public abstract class ErasurePart implements WorkHandler {

    protected final ErasureRecords records;
    protected final Clock clock;
    private final MeterRegistry registry;

    protected ErasurePart(ErasureRecords records, Clock clock, MeterRegistry registry) {
        this.records = records;
        this.clock = clock;
        this.registry = registry;
    }

    /** The part's name, which is also the service's pending-work partition. */
    protected abstract String part();

    /**
     * Erases the account's items in this service, reporting each batch to {@code progress} (which counts it and
     * extends the lease: a lost lease fails it, and the work stops).
     */
    protected abstract Uni<Void> erase(String userId, Progress progress);

    /** What a part reports after each bounded batch. */
    public interface Progress {
        Uni<Void> erased(long items);

        /**
         * Items the part leaves in place on purpose (the legal-retention exception), counted on the record when the
         * part is done. Report each kept item once per run: a run starts over from the beginning.
         */
        void kept(long items);
    }

    @Override
    public final String service() {
        return part();
    }

    @Override
    public final String kind() {
        return ErasureRecords.KIND;
    }

    @Override
    public final Uni<Void> perform(WorkTask task, Lease lease) {
        String userId = task.id();
        Counter items = Counter.builder("trident.erasure.items.erased").description("Items erased by account erasures")
                .tag("part", part()).register(registry);
        AtomicLong kept = new AtomicLong();
        Progress progress = new Progress() {
            @Override
            public Uni<Void> erased(long erased) {
                items.increment(erased);
                return records.erased(userId, part(), erased).chain(lease::extend);
            }

            @Override
            public void kept(long items) {
                kept.addAndGet(items);
            }
        };
        return records.read(userId).chain(record -> {
            if (record == null) {
                // The record is written with the tasks and outlives them while pending: none means this erasure
                // finished (and its record expired), and whatever lives under the id now is a new account's.
                return Uni.createFrom().voidItem();
            }
            if (record.partDone(part())) {
                return records.finishIfComplete(record, clock.instant()).replaceWithVoid();
            }
            return eraseAndMarkDone(task, lease, progress, kept);
        });
    }

    /**
     * Whether this part finds what it erases through an index (which may lag its table): then it is marked done only
     * after a run that started once the index had settled ({@link Lease#indexSettled}).
     */
    protected boolean sweepsIndex() {
        return false;
    }

    private Uni<Void> eraseAndMarkDone(WorkTask task, Lease lease, Progress progress, AtomicLong kept) {
        return erase(task.id(), progress)
                .invoke(() -> {
                    if (sweepsIndex() && !lease.indexSettled()) {
                        throw new Unsettled(part() + " erasure of " + task.id());
                    }
                })
                .chain(() -> records.partDone(task.id(), part(), clock.instant(), kept.get()))
                .invoke(() -> {
                    Counter.builder("trident.erasure.parts.done").description("Account erasure parts completed")
                            .tag("part", part()).register(registry).increment();
                    Duration age = Duration.between(Instant.parse(task.requestedAt()), clock.instant());
                    Timer.builder("trident.erasure.completion").description("From an erasure's request to a part's end")
                            .tag("part", part()).register(registry).record(age.isNegative() ? Duration.ZERO : age);
                })
                .replaceWithVoid();
    }
}
