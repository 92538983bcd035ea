package dev.trident.social.model;

/**
 * A write DynamoDB refused because one of its conditions failed, named by what the condition protected. The
 * service decides what each reason means to a client.
 */
public final class WriteRejected extends RuntimeException {

    public enum Reason {
        /** The item to create exists already (a profile with this id). */
        ALREADY_EXISTS,
        /** Another profile holds the handle. */
        HANDLE_TAKEN,
        /** The item to change (or the parent user/post a write depends on) does not exist. */
        NOT_FOUND,
        /** The item exists but its version is not the one the caller expected (If-Match). */
        VERSION_MISMATCH,
        /** A referenced user (a comment's author) does not exist. */
        UNKNOWN_AUTHOR,
        /** The transaction kept losing to concurrent transactions on the same items. */
        CONTENDED
    }

    private final Reason reason;

    public WriteRejected(Reason reason) {
        super(reason.name(), null, false, false);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
