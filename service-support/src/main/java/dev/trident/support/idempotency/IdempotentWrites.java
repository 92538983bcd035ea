package dev.trident.support.idempotency;

import dev.trident.support.dynamo.RequestWrites;
import dev.trident.support.dynamo.Transaction;
import io.quarkus.arc.Arc;
import io.quarkus.arc.ManagedContext;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.vertx.ext.web.RoutingContext;
import jakarta.inject.Singleton;

/**
 * Joins the idempotency record of the create being served (if it was sent with an Idempotency-Key) to the
 * transactions it sends. The create is found on the request's RoutingContext through the request scope, which
 * follows the request's Mutiny stages to whatever thread a DynamoDB answer completes them on.
 */
@Singleton
public class IdempotentWrites implements RequestWrites {

    /** The RoutingContext entry that holds the running {@link IdempotentCreate}. */
    static final String CREATE = "trident.idempotent-create";

    private final CurrentVertxRequest currentRequest;
    private final ManagedContext requestScope;

    IdempotentWrites(CurrentVertxRequest currentRequest) {
        this.currentRequest = currentRequest;
        this.requestScope = Arc.container().requestContext();
    }

    @Override
    public void joinTo(Transaction transaction) {
        if (requestScope.isActive()) {
            RoutingContext request = currentRequest.getCurrent();
            if (request != null && request.get(CREATE) instanceof IdempotentCreate<?> create) {
                create.joinTo(transaction);
            }
        }
    }

    /** Makes {@code create} the running create of the request being served. */
    void start(IdempotentCreate<?> create) {
        RoutingContext request = currentRequest.getCurrent();
        if (request == null) {
            throw new IllegalStateException("an idempotent create runs within a request");
        }
        request.put(CREATE, create);
    }
}
