package dev.trident.support.erasure;

import static dev.trident.keys.entity.StandardAttributes.CREATED_AT;
import static dev.trident.keys.entity.StandardAttributes.EXPIRES_AT;
import static dev.trident.keys.entity.StandardAttributes.UPDATED_AT;

import dev.trident.keys.EntityType;
import dev.trident.keys.ErasureKeys;
import dev.trident.keys.Timestamps;
import dev.trident.keys.entity.Attribute;
import dev.trident.keys.entity.EntitySchema;
import dev.trident.keys.expr.Condition;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.work.PendingWork;
import dev.trident.support.work.Reservations;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The erasure record ({@code ERASURE#<userId>/ERASURE}): written by social-service with one task per part in the
 * pending-work partitions, in one transaction; each service marks its own part on it. It holds the id and the
 * progress only; once DONE, it expires 30 days after it was finished (TTL). A pending record never expires.
 */
@ApplicationScoped
public class ErasureRecords {

    /** The parts, one per service, each done by that service's {@link ErasurePart}. */
    public static final List<String> PARTS = List.of("social", "enrollment", "workspace");
    /** The kind of task that erases an account's part in a service. */
    public static final String KIND = "erase-user";
    public static final Duration KEPT_FOR = Duration.ofDays(30);

    static final Attribute<String> USER_ID = Attribute.string("userId");
    static final Attribute<String> STATUS = Attribute.string("status");
    static final Attribute<String> COMPLETED_AT = Attribute.string("completedAt");

    /** The action names of a refused write. */
    public static final String RECORD = "erasure-record";
    private static final String ERASURE_RUNNING = Reservations.checkName("erasure");
    private static final String PART = "erasure-part";

    static Attribute<String> partStatus(String part) {
        return Attribute.string(part + "Status");
    }

    static Attribute<Long> partErased(String part) {
        return Attribute.number(part + "Erased");
    }

    static Attribute<Long> partKept(String part) {
        return Attribute.number(part + "Kept");
    }

    static Attribute<String> partCompletedAt(String part) {
        return Attribute.string(part + "CompletedAt");
    }

    private static final EntitySchema<ErasureRecord> SCHEMA = schema();

    private static EntitySchema<ErasureRecord> schema() {
        EntitySchema.Builder<ErasureRecord> builder = EntitySchema
                .of(EntityType.ERASURE, (ErasureRecord r) -> ErasureKeys.record(r.userId()))
                .attribute(USER_ID, ErasureRecord::userId)
                .attribute(STATUS, ErasureRecord::status)
                .attribute(CREATED_AT, ErasureRecord::requestedAt)
                .attribute(UPDATED_AT, ErasureRecord::requestedAt)
                // Only a finished record expires: TTL deletes up to days late, but a pending record must outlive
                // its last part, or a task found later would see no erasure and a new account under the id.
                .attribute(EXPIRES_AT, r -> r.finished() && r.completedAt() != null
                        ? Instant.parse(r.completedAt()).plus(KEPT_FOR).getEpochSecond() : null)
                .attribute(COMPLETED_AT, ErasureRecord::completedAt);
        for (String part : PARTS) {
            builder.attribute(partStatus(part), r -> r.parts().get(part).status())
                    .attribute(partErased(part), r -> r.parts().get(part).itemsErased())
                    .attribute(partCompletedAt(part), r -> r.parts().get(part).completedAt());
        }
        return builder.reads(item -> {
            Map<String, ErasureRecord.Part> parts = new LinkedHashMap<>();
            for (String part : PARTS) {
                parts.put(part, new ErasureRecord.Part(partStatus(part).read(item, ErasureRecord.PENDING),
                        partErased(part).read(item, 0L), partCompletedAt(part).read(item),
                        partKept(part).read(item, 0L)));
            }
            return new ErasureRecord(USER_ID.read(item), STATUS.read(item), parts, CREATED_AT.read(item),
                    COMPLETED_AT.read(item));
        });
    }

    private final DynamoTable table;

    ErasureRecords(DynamoTable table) {
        this.table = table;
    }

    /** A new record: every part pending, nothing erased yet. */
    public static ErasureRecord requested(String userId, Instant now) {
        Map<String, ErasureRecord.Part> parts = new LinkedHashMap<>();
        PARTS.forEach(p -> parts.put(p, new ErasureRecord.Part(ErasureRecord.PENDING, 0, null)));
        return new ErasureRecord(userId, ErasureRecord.PENDING, parts, Timestamps.format(now), null);
    }

    /**
     * Adds to a transaction: Put the record (named {@link #RECORD}; refused while an erasure of the same account is
     * pending: none or a finished one may be there) and one task per part in each service's pending-work partition.
     */
    public static Transaction.Part request(ErasureRecord record) {
        Condition noneOrFinished = Conditions.or(Conditions.ITEM_NOT_EXISTS,
                Conditions.equalTo(STATUS.name(), AttributeValue.fromS(ErasureRecord.DONE)));
        return transaction -> {
            transaction.put(RECORD, SCHEMA.toItem(record), noneOrFinished);
            Instant requestedAt = Instant.parse(record.requestedAt());
            for (String part : PARTS) {
                PendingWork.enqueue(PendingWork.newTask(part, KIND, record.userId(), requestedAt)).addTo(transaction);
            }
        };
    }

    /**
     * Adds to a create's transaction (a new profile of {@code userId}): a ConditionCheck that no erasure of that
     * account is still running, in any service. Refused, {@link Reservations#refused} is
     * true: the id is reserved until the old account is gone everywhere.
     */
    public static Transaction.Part noErasureRunning(String userId) {
        return transaction -> transaction.check(ERASURE_RUNNING,
                ErasureKeys.record(userId), Conditions.or(Conditions.ITEM_NOT_EXISTS,
                        Conditions.equalTo(STATUS.name(), AttributeValue.fromS(ErasureRecord.DONE))));
    }

    /** Whether a write was refused by {@link #noErasureRunning}: the account is being erased. */
    public static boolean erasureRunning(Throwable failure) {
        return failure instanceof WriteRefused refused && refused.conditionFailed(ERASURE_RUNNING);
    }

    /** The record, strongly consistent; null when there is none. */
    public Uni<ErasureRecord> read(String userId) {
        return table.get(ErasureKeys.ERASURE_RECORD, SCHEMA, ErasureKeys.record(userId));
    }

    /**
     * Adds {@code erased} to a part's count (progress, visible while the part runs); nothing when there is no record.
     */
    public Uni<Void> erased(String userId, String part, long erased) {
        if (erased == 0) {
            return Uni.createFrom().voidItem();
        }
        return table.update(ErasureKeys.ERASURE_PROGRESS, PART, ErasureKeys.record(userId),
                new UpdateExpressionBuilder()
                        .add(partErased(part), erased)
                        .condition(Conditions.ITEM_EXISTS)
                        .build())
                .replaceWithVoid()
                .onFailure(WriteRefused.class).recoverWithNull();
    }

    /**
     * Marks a part done (conditioned on it being pending, so it is marked once); the part that finds every part
     * done finishes the record ({@code status DONE}, completedAt, expiresAt 30 days on). Done again after a crash,
     * it finishes what the first attempt left. Emits the record as it stands, null when there is none.
     */
    public Uni<ErasureRecord> partDone(String userId, String part, Instant now) {
        return partDone(userId, part, now, 0);
    }

    /**
     * {@link #partDone(String, String, Instant)} with the items the part kept on purpose ({@code <part>Kept}, set
     * with the status: a complete run counts every kept item once, so a run again after a crash sets the same
     * number rather than adding to it).
     */
    public Uni<ErasureRecord> partDone(String userId, String part, Instant now, long kept) {
        UpdateExpressionBuilder done = new UpdateExpressionBuilder()
                .set(partStatus(part), ErasureRecord.DONE)
                .set(partCompletedAt(part), Timestamps.format(now));
        if (kept > 0) {
            done.set(partKept(part), kept);
        }
        return table.update(ErasureKeys.ERASURE_PROGRESS, PART, ErasureKeys.record(userId), done
                        .set(UPDATED_AT, Timestamps.format(now))
                        .condition(Conditions.ITEM_EXISTS.and(Conditions.equalTo(partStatus(part).name(),
                                AttributeValue.fromS(ErasureRecord.PENDING))))
                        .build())
                .map(SCHEMA::fromItem)
                .onFailure(WriteRefused.class).recoverWithUni(() -> read(userId))
                .chain(record -> finishIfComplete(record, now));
    }

    /**
     * Finishes {@code record} when every part is done and it is still pending: the part that marked the last part
     * done does it, and so does any part's task found again, should that second write have failed. Emits the record
     * as it stands.
     */
    public Uni<ErasureRecord> finishIfComplete(ErasureRecord record, Instant now) {
        return record != null && !record.finished() && record.everyPartDone()
                ? finish(record.userId(), now) : Uni.createFrom().item(record);
    }

    private Uni<ErasureRecord> finish(String userId, Instant now) {
        return table.update(ErasureKeys.ERASURE_PROGRESS, RECORD, ErasureKeys.record(userId),
                new UpdateExpressionBuilder()
                        .set(STATUS, ErasureRecord.DONE)
                        .set(COMPLETED_AT, Timestamps.format(now))
                        .set(EXPIRES_AT, now.plus(KEPT_FOR).getEpochSecond())
                        .condition(Conditions.equalTo(STATUS.name(), AttributeValue.fromS(ErasureRecord.PENDING)))
                        .build())
                .map(SCHEMA::fromItem)
                .onFailure(WriteRefused.class).recoverWithUni(() -> read(userId));
    }
}
