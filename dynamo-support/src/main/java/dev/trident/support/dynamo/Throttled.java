package dev.trident.support.dynamo;

import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ProvisionedThroughputExceededException;
import software.amazon.awssdk.services.dynamodb.model.RequestLimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingException;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

/**
 * DynamoDB throttled a write through all of its retries: a partition or an index above its throughput, or the
 * account's limit. Nothing was written. It is back-pressure, not a failure: the client (or the pending-work poll)
 * tries again later.
 */
public final class Throttled extends RuntimeException {

    static final String THROTTLING_ERROR = "ThrottlingError";

    public Throttled(Throwable cause) {
        super("DynamoDB is throttling writes to these items", cause, false, false);
    }

    /**
     * Whether {@code failure} is DynamoDB throttling: a throttled call (the SDK retries those itself first), or a
     * transaction cancelled because one of its items or indexes was throttled, and for no failed condition.
     */
    public static boolean isThrottling(Throwable failure) {
        if (failure instanceof Throttled || failure instanceof ThrottlingException
                || failure instanceof ProvisionedThroughputExceededException
                || failure instanceof RequestLimitExceededException) {
            return true;
        }
        if (failure instanceof TransactionCanceledException cancelled && cancelled.hasCancellationReasons()) {
            List<CancellationReason> reasons = cancelled.cancellationReasons();
            return reasons.stream().anyMatch(r -> THROTTLING_ERROR.equals(r.code()))
                    && reasons.stream().noneMatch(r -> DynamoTable.CONDITIONAL_CHECK_FAILED.equals(r.code()));
        }
        return failure instanceof DynamoDbException dynamo && dynamo.isThrottlingException();
    }
}
