package dev.trident.support.dynamo;

/**
 * The table did not accept or answer a batch in time (items or keys stayed unprocessed through every retry).
 * Nothing half-done is hidden: the caller is told to retry, which the batch operations make safe.
 */
public final class TableBusy extends RuntimeException {

    public TableBusy(String message) {
        super(message, null, false, false);
    }
}
