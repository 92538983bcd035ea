package dev.trident.support.dynamo;

/**
 * What the request being served writes in each transaction it sends, besides the transaction's own actions: the web
 * layer's idempotency record joins the create it answers for this way, so no repository or service passes it along.
 * The DynamoDB layer only calls it, so it depends on nothing above it.
 */
@FunctionalInterface
public interface RequestWrites {

    /** Nothing: outside a request, or a table that serves no requests (tests, tools). */
    RequestWrites NONE = transaction -> {
    };

    /** Adds the request's actions to a transaction about to be sent, after the actions already there. */
    void joinTo(Transaction transaction);
}
