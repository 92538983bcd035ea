package dev.trident.keys.pattern;

import static dev.trident.keys.ItemCollection.ERASURE;
import static dev.trident.keys.ItemCollection.IDEMPOTENCY;
import static dev.trident.keys.ItemCollection.PENDING_WORK;

import dev.trident.keys.WorkKeys;

/**
 * The access patterns every service makes through service-support: the erasure record, the pending-work poll, the
 * stored answers of idempotent creates, and the table's own calls. Each service's catalogue names the routes that
 * make the reads in that service.
 */
public final class SharedPatterns {

    /** An account's erasure record, read strongly (GetItem). */
    public static final AccessPattern ERASURE_RECORD = AccessPattern.reads("erasure-record", ERASURE).consistent();
    public static final AccessPattern ERASURE_PROGRESS = AccessPattern.named("erasure-progress");
    /** One work shard of a service's tasks, in key order, strongly: what the poller may claim next. */
    public static final AccessPattern WORK_PENDING = AccessPattern.reads("work-pending", PENDING_WORK)
            .beginsWith(WorkKeys.tasksPrefix()).consistent();
    public static final AccessPattern WORK_CLAIM = AccessPattern.named("work-claim");
    public static final AccessPattern WORK_DONE = AccessPattern.named("work-done");
    /** The stored answer of a create sent with an Idempotency-Key (GetItem, strong). */
    public static final AccessPattern IDEMPOTENCY_RECORD = AccessPattern.reads("idempotency-record", IDEMPOTENCY)
            .consistent();
    /** DescribeTable, for the readiness check. */
    public static final AccessPattern TABLE_READINESS = AccessPattern.named("table-readiness");
    /** DescribeTable and CreateTable at start-up, where the table is created by the service. */
    public static final AccessPattern TABLE_BOOTSTRAP = AccessPattern.named("table-bootstrap");

    /** The erasure of an account, done by each service asynchronously from its pending work. */
    static final String ERASE_ACCOUNT = "DELETE /users/{userId} (this service's erasure part, from its pending work)";
    /** Not a route: each service's scheduled look at its pending-work partition. */
    static final String PENDING_WORK_POLL = "(scheduled) the pending-work poll";

    private SharedPatterns() {
    }
}
