package dev.trident.support.work;

import dev.trident.keys.WorkKeys;
import dev.trident.keys.expr.Conditions;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.problem.RetryAfter;

/**
 * An id whose deletion has not finished is reserved: its deletion task
 * ({@code WORK#<service>#<shard>/TASK#<kind>#<id>}) is written in the transaction that accepts the deletion and deleted
 * when the last old item is gone. A create of the
 * same id adds {@link #free} to its own transaction, a ConditionCheck that no such task exists, so that the check
 * and the create are one atomic decision, never a read followed by a write. Refused, it is a 409 with Retry-After.
 */
public final class Reservations {

    /** Action names of reservation checks start with this; {@link #refused} recognises them. */
    static final String CHECK_PREFIX = "reserved-";

    private Reservations() {
    }

    /** A ConditionCheck, for a create's transaction, that no {@code kind} task of {@code service} holds {@code id}. */
    public static Transaction.Part free(String service, String kind, String id) {
        return transaction -> transaction.check(checkName(service + "-" + kind), WorkKeys.task(service, kind, id),
                Conditions.ITEM_NOT_EXISTS);
    }

    /** The name a reservation check of another kind (an account's erasure record) gives its action. */
    public static String checkName(String what) {
        return CHECK_PREFIX + what;
    }

    /** Whether a refused write was refused because the id is still being deleted. */
    public static boolean refused(Throwable failure) {
        return failure instanceof WriteRefused refused
                && refused.actions().stream().anyMatch(action -> action.startsWith(CHECK_PREFIX));
    }

    /** The answer to a create of an id whose deletion is still running: 409, try again shortly. */
    public static ProblemException stillDeleting(String what, String id) {
        return ProblemException.conflict(what + " " + id + " is still being deleted: create it again once that is done",
                RetryAfter.DELETION);
    }
}
