package dev.trident.support.dynamo;

import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException;

/**
 * A write whose outcome DynamoDB did not confirm: its answer was lost or late (a timeout, a broken connection, a
 * 5xx), or an earlier attempt of the same transaction was still in progress when the retries ran out. It may have
 * been written, or may still be; the caller must not be told "nothing was written". A create repeated with the same
 * Idempotency-Key answers what the first one did.
 */
public final class OutcomeUnknown extends RuntimeException {

    public OutcomeUnknown(Throwable cause) {
        super("DynamoDB did not confirm the write: it may have been made", cause, false, false);
    }

    /**
     * Whether a write that failed with {@code failure} may still have been applied: DynamoDB gave no answer (a
     * timeout, a broken connection, a 5xx) or an earlier attempt is still in progress.
     */
    public static boolean mayHaveWritten(Throwable failure) {
        return failure instanceof TransactionInProgressException || failure instanceof SdkClientException
                || failure instanceof DynamoDbException dynamo && dynamo.statusCode() >= 500;
    }
}
