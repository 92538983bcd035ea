package dev.trident.support.dynamo;

/**
 * A transaction that kept losing to concurrent transactions on the same items (a hot counter, racing claims) after
 * its bounded retries. Nothing was written; the client may retry.
 */
public final class WriteContended extends RuntimeException {

    public WriteContended(Throwable cause) {
        super("the items are being changed by many requests at once", cause, false, false);
    }
}
