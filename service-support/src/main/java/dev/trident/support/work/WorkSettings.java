package dev.trident.support.work;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import jakarta.validation.constraints.Min;
import java.time.Duration;

/** How a service finds and claims the work that travels to it through the table ({@code trident.work.*}). */
@ConfigMapping(prefix = "trident.work")
public interface WorkSettings {

    /** Whether this process polls its pending-work shards at all (tests that count DynamoDB calls turn it off). */
    @WithDefault("true")
    boolean enabled();

    /**
     * How often the pending-work shards are queried (one strongly consistent Query of at most {@link #tasksPerPoll()}
     * items per shard, four shards at a time; an empty shard is billed the minimum read). With the lease below this
     * bounds how soon work requested while the service was down is done once it is back (the first poll runs one
     * interval after start-up).
     */
    @WithDefault("PT5S")
    Duration pollInterval();

    /**
     * How long a claim holds a task: another replica may take the task over once its lease has run out (the holder
     * crashed). The holder extends it after every batch, so only a stalled holder loses it.
     */
    @WithDefault("PT20S")
    Duration lease();

    /**
     * How long a failed holder's claim still stands after the failure: a write it sent before failing may still be
     * on its way, and must land (or time out) before another holder starts over. Longer than a DynamoDB call's
     * total timeout.
     */
    @WithDefault("PT3S")
    Duration releasePause();

    /**
     * How long a request that started a deletion works on it itself before it answers and leaves the rest to the
     * pending-work poll (202 instead of 204).
     */
    @WithDefault("PT1.5S")
    Duration inlineBudget();

    /**
     * How long after a task was requested an index read is sure to see every item written before it: a bound on how
     * far a global secondary index lags its table, plus the time the request that wrote the task may take to commit
     * (its deadline). A task that finds what it removes through an index (a course's enrolments, an account's
     * comments and memberships) is done only after a sweep that started this long after its request found nothing;
     * until then it waits in its partition, without counting as a failure. Zero only where indexes never lag
     * (DynamoDB Local).
     */
    @WithDefault("PT10S")
    Duration indexSettle();

    /**
     * Tasks read per page of a shard, and how many a poll looks for in each shard that it may claim (not parked, no
     * live lease).
     */
    @WithDefault("25")
    int tasksPerPoll();

    /**
     * Claims after which a task that never completed is parked: no poll claims it again, it shows in
     * {@code trident_work_parked} and is logged at WARN, until an operator deletes it or resets its {@code attempts}.
     */
    @WithDefault("10")
    int maxAttempts();

    /**
     * Pages a poll reads at most in each shard, past parked and leased tasks, looking for {@link #tasksPerPoll()} it
     * may claim: such tasks ahead in key order hold up no other unless a shard has more of them than this many pages.
     */
    @WithDefault("20")
    int maxPagesPerPoll();

    /**
     * Tasks this process claims and performs at once, from its polls (a request doing its own task inline is not
     * counted). More replicas add more; a slot freed by a task that ends is filled from the latest poll.
     */
    @WithDefault("4")
    @Min(1)
    int concurrency();
}
