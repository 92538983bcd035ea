package dev.trident.enrollment.service;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;

/** Reading DynamoDB's conditional and transactional failures, wherever Mutiny or the SDK wrapped them. */
final class DynamoFailures {

    static final String CONDITIONAL_CHECK_FAILED = "ConditionalCheckFailed";
    static final String TRANSACTION_CONFLICT = "TransactionConflict";

    private DynamoFailures() {
    }

    static <T extends Throwable> Optional<T> find(Throwable failure, Class<T> type) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return Optional.of(type.cast(t));
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return Optional.empty();
    }

    static boolean isConditionFailure(Throwable failure) {
        return find(failure, ConditionalCheckFailedException.class).isPresent();
    }

    /** The item as it was when the condition failed; empty when it did not exist. */
    static Map<String, AttributeValue> oldItem(Throwable failure) {
        return find(failure, ConditionalCheckFailedException.class)
                .filter(ConditionalCheckFailedException::hasItem)
                .map(ConditionalCheckFailedException::item)
                .orElse(Map.of());
    }

    /** The cancellation reasons of a transaction, in action order; empty when it was not cancelled. */
    static List<CancellationReason> cancellationReasons(Throwable failure) {
        return find(failure, TransactionCanceledException.class)
                .filter(TransactionCanceledException::hasCancellationReasons)
                .map(TransactionCanceledException::cancellationReasons)
                .orElse(List.of());
    }

    static boolean conditionFailed(List<CancellationReason> reasons, int action) {
        return action < reasons.size() && CONDITIONAL_CHECK_FAILED.equals(reasons.get(action).code());
    }

    static boolean exists(CancellationReason reason) {
        return reason.hasItem() && !reason.item().isEmpty();
    }

    /**
     * Another transaction held one of the items: worth sending again. True for a cancelled transaction with a
     * conflict and no failed condition, and for a single write that met a transaction in flight.
     */
    static boolean isTransactionConflict(Throwable failure) {
        if (find(failure, TransactionConflictException.class).isPresent()) {
            return true;
        }
        List<CancellationReason> reasons = cancellationReasons(failure);
        return reasons.stream().anyMatch(r -> TRANSACTION_CONFLICT.equals(r.code()))
                && reasons.stream().noneMatch(r -> CONDITIONAL_CHECK_FAILED.equals(r.code()));
    }
}
