package dev.trident.keys;

import static dev.trident.keys.KeyParts.KIND;
import static dev.trident.keys.KeyParts.SERVICE;
import static dev.trident.keys.KeyParts.SHARD;
import static dev.trident.keys.KeyParts.TASK_ID;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Keys of pending work: each service's tasks are spread over {@link #WORK_SHARDS} partitions
 * ({@code WORK#<service>#<shard>}), one item per task ({@code TASK#<kind>#<id>}), the shard a hash of kind and id.
 * Anyone can compute a task's key from (service, kind, id): a request of one service writes tasks for another, and a
 * create checks by key that no deletion of its id is pending. A service Queries its shards on a schedule and claims a
 * task with a conditional write (a lease), so work requested while the service was down is found when it comes back.
 * <p>
 * Before the work was sharded, each service had one partition {@code WORK#<service>}; {@link #legacyWorkPartition}
 * names it for the backfill that moves its tasks and the audit that reports any left there.
 */
public final class WorkKeys {
    /** One shard of a service's pending work; the service's one partition before the work was sharded. */
    static final KeyTemplate WORK_PARTITION = KeyTemplate.of("WORK", SERVICE).optionally(SHARD);
    /** A piece of work a service still has to do, claimed by lease. */
    static final EntityKeys WORK_ITEM_KEYS = EntityKeys.of(WORK_PARTITION, KeyTemplate.of("TASK", KIND, TASK_ID));
    public static final String TASK_PREFIX = WORK_ITEM_KEYS.sk().prefix();
    /**
     * Shards per service. A constant, not a setting: every writer in every service computes a task's key, and a key
     * computed with another count would miss the task.
     */
    public static final int WORK_SHARDS = 16;

    public static final ItemCollection PENDING_WORK_COLLECTION = ItemCollection.of("PENDING_WORK", null,
            "one shard of one service's pending work (deletions, erasure parts), claimed by lease", WORK_PARTITION);
    public static final List<ItemCollection> COLLECTIONS = List.of(PENDING_WORK_COLLECTION);
    /** One work shard of a service's tasks, in key order, strongly: what the poller may claim next. */
    public static final AccessPattern WORK_PENDING = AccessPattern.reads("work-pending", PENDING_WORK_COLLECTION)
            .beginsWith(TASK_PREFIX).consistent();
    public static final AccessPattern WORK_CLAIM = AccessPattern.named("work-claim");
    public static final AccessPattern WORK_DONE = AccessPattern.named("work-done");
    /** Not a route: each service's scheduled look at its pending-work partition. */
    static final String PENDING_WORK_POLL = "(scheduled) the pending-work poll";

    private WorkKeys() {
    }

    /** {@code WORK#<service>#<shard>}: a service name is a lower-case word (social, enrollment, workspace). */
    public static String workPartition(String service, int shard) {
        if (shard < 0 || shard >= WORK_SHARDS) {
            throw new InvalidKeyException("shard", "must be between 0 and " + (WORK_SHARDS - 1));
        }
        return WORK_PARTITION.build(service, shard);
    }

    /** Every shard of a service's pending work, shard 0 first. */
    public static List<String> workPartitions(String service) {
        List<String> partitions = new ArrayList<>(WORK_SHARDS);
        for (int shard = 0; shard < WORK_SHARDS; shard++) {
            partitions.add(workPartition(service, shard));
        }
        return partitions;
    }

    /** The unsharded partition {@code WORK#<service>} that held a service's tasks before they were sharded. */
    public static String legacyWorkPartition(String service) {
        return WORK_PARTITION.build(service, null);
    }

    /** The shard of a task: FNV-1a of {@code <kind>#<id>}, the same in every service and release. */
    public static int shardOf(String kind, String id) {
        return Shards.of(KIND.write(kind) + Keys.DELIMITER + TASK_ID.write(id), WORK_SHARDS);
    }

    /**
     * {@code WORK#<service>#<shard>} / {@code TASK#<kind>#<id>}; kind a lower-case word with dashes, id in the id
     * grammar.
     */
    public static ItemKey task(String service, String kind, String id) {
        return new ItemKey(workPartition(service, shardOf(kind, id)), taskSk(kind, id));
    }

    /** Where the task was kept before the work was sharded: {@code WORK#<service>} / {@code TASK#<kind>#<id>}. */
    public static ItemKey legacyTask(String service, String kind, String id) {
        return new ItemKey(legacyWorkPartition(service), taskSk(kind, id));
    }

    private static String taskSk(String kind, String id) {
        return WORK_ITEM_KEYS.sk().build(kind, id);
    }

    public static String tasksPrefix() {
        return TASK_PREFIX;
    }

    /** A pending-work partition: the service and its shard (empty: the legacy unsharded partition). */
    public record WorkPartition(String service, OptionalInt shard) {
        public boolean legacy() {
            return shard.isEmpty();
        }
    }

    /** {@code WORK#<service>#<shard>} or the legacy {@code WORK#<service>}. */
    public static WorkPartition parsePartition(String pk) {
        KeyTemplate.Match key = WORK_PARTITION.read("service", pk);
        return new WorkPartition(key.get(SERVICE), key.find(SHARD).map(OptionalInt::of).orElse(OptionalInt.empty()));
    }

    /** The service of a pending-work partition, sharded or legacy. */
    public static String parseWorkPartition(String pk) {
        return parsePartition(pk).service();
    }

    /** A task's kind and id, from its SK. */
    public record Task(String kind, String id) {
    }

    public static Task parseTaskSk(String sk) {
        KeyTemplate.Match key = WORK_ITEM_KEYS.sk().read("task", sk);
        return new Task(key.get(KIND), key.get(TASK_ID));
    }

    /**
     * Whether a task's key is where it belongs: a sharded partition of the shard its kind and id hash to (false for
     * the legacy partition, or a shard the hash does not give).
     */
    public static boolean inItsShard(ItemKey key) {
        WorkPartition partition = parsePartition(key.pk());
        Task task = parseTaskSk(key.sk());
        return partition.shard().isPresent() && partition.shard().getAsInt() == shardOf(task.kind(), task.id());
    }
}
