package dev.trident.support.work;

import static dev.trident.keys.entity.StandardAttributes.CREATED_AT;

import dev.trident.keys.EntityType;
import dev.trident.keys.ItemKey;
import dev.trident.keys.Timestamps;
import dev.trident.keys.WorkKeys;
import dev.trident.keys.entity.Attribute;
import dev.trident.keys.entity.EntitySchema;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.KeyQuery;
import dev.trident.support.dynamo.PageKey;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.WriteRefused;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The pending-work partitions ({@code WORK#<service>#<shard>}, {@link WorkKeys#WORK_SHARDS} per service): a request
 * that needs another service's work writes a task there in its own transaction ({@link #enqueue}); the service Queries
 * the shards on a schedule, claims a task with a conditional write (a lease that expires), and deletes it once done.
 * Nothing is called between services.
 */
@ApplicationScoped
public class PendingWork {

    static final Attribute<String> SERVICE = Attribute.string("service");
    static final Attribute<String> KIND = Attribute.string("kind");
    static final Attribute<String> TASK_ID = Attribute.string("taskId");
    static final Attribute<String> LEASE_OWNER = Attribute.string("leaseOwner");
    /** Epoch millis until which the owner holds the task; absent or past: free. */
    static final Attribute<Long> LEASE_UNTIL = Attribute.number("leaseUntil");
    static final Attribute<Long> ATTEMPTS = Attribute.number("attempts");
    static final Attribute<String> SCOPE = Attribute.string("scope");

    static final EntitySchema<WorkTask> TASK = EntitySchema
            .of(EntityType.WORK_ITEM, (WorkTask t) -> WorkKeys.task(t.service(), t.kind(), t.id()))
            .attribute(SERVICE, WorkTask::service)
            .attribute(KIND, WorkTask::kind)
            .attribute(TASK_ID, WorkTask::id)
            .attribute(CREATED_AT, WorkTask::requestedAt)
            .attribute(LEASE_OWNER, WorkTask::leaseOwner)
            .attribute(LEASE_UNTIL, (WorkTask t) -> t.leaseOwner() == null ? null : t.leaseUntil())
            .attribute(ATTEMPTS, (WorkTask t) -> t.attempts() == 0 ? null : t.attempts())
            .attribute(SCOPE, WorkTask::scope)
            .reads(item -> new WorkTask(SERVICE.read(item), KIND.read(item), TASK_ID.read(item), CREATED_AT.read(item),
                    LEASE_OWNER.read(item), LEASE_UNTIL.read(item, 0L), ATTEMPTS.read(item, 0L), SCOPE.read(item)));

    private static final String CLAIM = "work-claim";

    private final DynamoTable table;

    PendingWork(DynamoTable table) {
        this.table = table;
    }

    /** A new, unclaimed task. */
    public static WorkTask newTask(String service, String kind, String id, Instant now) {
        return new WorkTask(service, kind, id, Timestamps.format(now), null, 0L, 0L);
    }

    /**
     * Writes {@code task} in a caller's transaction (action {@code work-<service>}): it becomes visible to its
     * service exactly when the request's own writes do. An earlier task for the same thing is replaced (unclaimed).
     */
    public static Transaction.Part enqueue(WorkTask task) {
        return transaction -> transaction.put("work-" + task.service() + "-" + task.kind(), TASK.toItem(task), null);
    }

    /** Writes {@code task} on its own (a retry path outside a transaction). */
    public Uni<Void> enqueueNow(WorkTask task) {
        return table.put(WorkKeys.WORK_DONE, "work-enqueue", TASK.toItem(task), null);
    }

    /** One page of a pending-work partition, and the key the next page starts after (null: this was the last). */
    public record TaskPage(List<WorkTask> tasks, PageKey next) {
    }

    /**
     * Up to {@code limit} tasks of one shard of {@code service}, in key order, after {@code startKey} (null: from the
     * first): one Query {@code PK = WORK#<service>#<shard> AND begins_with(SK, TASK#)}, strongly consistent (a task
     * written just before must be seen).
     */
    public Uni<TaskPage> pending(String service, int shard, int limit, PageKey startKey) {
        return table.query(KeyQuery.of(WorkKeys.WORK_PENDING).in(WorkKeys.workPartition(service, shard))
                        .after(startKey).limit(limit))
                .map(page -> new TaskPage(page.items().stream().map(TASK::fromItem).toList(), page.next()));
    }

    /**
     * Claims a task for {@code owner} until now + {@code lease}: one UpdateItem conditioned on the task existing
     * and its lease being free or run out. Emits false when another process holds it or it is gone: a lost claim,
     * which the caller skips.
     */
    public Uni<Boolean> claim(WorkTask task, String owner, Instant now, Duration lease) {
        AttributeValue nowMillis = AttributeValue.fromN(Long.toString(now.toEpochMilli()));
        return table.update(WorkKeys.WORK_CLAIM, CLAIM, key(task), new UpdateExpressionBuilder()
                        .set(LEASE_OWNER, owner)
                        .set(LEASE_UNTIL, now.plus(lease).toEpochMilli())
                        .add(ATTEMPTS, 1)
                        .condition(Conditions.ITEM_EXISTS.and(Conditions.or(
                                Conditions.attributeNotExists(LEASE_UNTIL.name()),
                                Conditions.lessThan(LEASE_UNTIL.name(), nowMillis))))
                        .build())
                .map(item -> true)
                .onFailure(WriteRefused.class).recoverWithItem(false);
    }

    /** Extends {@code owner}'s claim; emits false when the owner no longer holds the task. */
    public Uni<Boolean> extend(WorkTask task, String owner, Instant now, Duration lease) {
        return table.update(WorkKeys.WORK_CLAIM, CLAIM, key(task), new UpdateExpressionBuilder()
                        .set(LEASE_UNTIL, now.plus(lease).toEpochMilli())
                        .condition(heldBy(owner))
                        .build())
                .map(item -> true)
                .onFailure(WriteRefused.class).recoverWithItem(false);
    }

    /**
     * Frees {@code owner}'s claim after a failure from {@code freeAt} on: the next poll (of any replica) after that
     * tries again. The pause lets a write of the failed holder that is still on its way land before anyone else
     * starts; the holder's name goes at once, so none of its later extensions or completions can succeed.
     */
    public Uni<Void> release(WorkTask task, String owner, Instant freeAt) {
        return release(task, owner, freeAt, false);
    }

    /**
     * {@link #release(WorkTask, String, Instant)}; with {@code uncounted}, the claim's attempt is taken back: the
     * run did not fail (throttled, or waiting for an index to settle), so it brings the task no nearer to parking.
     */
    public Uni<Void> release(WorkTask task, String owner, Instant freeAt, boolean uncounted) {
        UpdateExpressionBuilder release = new UpdateExpressionBuilder()
                .set(LEASE_UNTIL, freeAt.toEpochMilli())
                .remove(LEASE_OWNER.name());
        if (uncounted) {
            release.add(ATTEMPTS, -1);
        }
        return table.update(WorkKeys.WORK_CLAIM, CLAIM, key(task), release
                        .condition(heldBy(owner))
                        .build())
                .replaceWithVoid()
                .onFailure(WriteRefused.class).recoverWithNull();
    }

    /** Deletes a done task, if {@code owner} still holds it (otherwise its new holder deletes it). */
    public Uni<Void> done(WorkTask task, String owner) {
        return table.delete(WorkKeys.WORK_DONE, "work-done", key(task), heldBy(owner))
                .replaceWithVoid()
                .onFailure(WriteRefused.class).recoverWithNull();
    }

    private static ItemKey key(WorkTask task) {
        return WorkKeys.task(task.service(), task.kind(), task.id());
    }

    private static dev.trident.keys.expr.Condition heldBy(String owner) {
        return Conditions.equalTo(LEASE_OWNER.name(), AttributeValue.fromS(owner));
    }
}
