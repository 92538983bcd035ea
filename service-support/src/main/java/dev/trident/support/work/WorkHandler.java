package dev.trident.support.work;

import io.smallrye.mutiny.Uni;

/**
 * Does one kind of task found in one service's pending-work shards. A CDI bean; {@link WorkRunner} finds it.
 * {@link #perform} must be idempotent (a task whose holder crashed is done again by the next holder) and work in
 * bounded batches, extending the lease after each; the task is deleted once it completes.
 */
public interface WorkHandler {

    /** The service whose pending-work shards this handler reads ({@code WORK#<service>#<shard>}). */
    String service();

    /** The kind of task it does ({@code TASK#<kind>#<id>}). */
    String kind();

    Uni<Void> perform(WorkTask task, Lease lease);

    /** The claim on a task while it is performed. */
    interface Lease {
        /** Extends the claim; fails with {@link LeaseLost} when another process holds the task now. */
        Uni<Void> extend();

        /**
         * Whether this run started once {@code trident.work.index-settle} had passed since the task was requested:
         * an index read now sees everything written before the task. A handler that sweeps through an index and
         * finishes before that fails with {@link Unsettled} instead of completing, and is run again once it has.
         */
        default boolean indexSettled() {
            return true;
        }
    }

    /** A sweep through an index ran before the index settled: the task waits, no failure is counted. */
    final class Unsettled extends RuntimeException {
        public Unsettled(String task) {
            super(task + " swept an index that may still lag: it runs again once the index has settled", null, false,
                    false);
        }
    }

    /** The claim ran out and another process took the task over: stop, it finishes the work. */
    final class LeaseLost extends RuntimeException {
        public LeaseLost(String task) {
            super("the lease on " + task + " was taken over", null, false, false);
        }
    }
}
