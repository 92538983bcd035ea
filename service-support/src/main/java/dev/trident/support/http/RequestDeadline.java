package dev.trident.support.http;

import dev.trident.support.config.TridentConfig;
import dev.trident.support.dynamo.CallDeadline;
import io.quarkus.arc.Arc;
import io.quarkus.arc.ManagedContext;
import io.quarkus.vertx.http.runtime.CurrentVertxRequest;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.quarkus.vertx.http.runtime.VertxHttpRecorder;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;

/**
 * The deadline of the request being served (docs/operations.md "When DynamoDB stalls"): its arrival plus
 * {@code trident.request.deadline}. Every call the request makes to DynamoDB (dynamo.DynamoTable) and to a peer
 * (client.PeerLookup) gets what is left of it, so a route answers within the bound whatever number of calls it makes.
 * <p>
 * The deadline is put on the request's RoutingContext as the request arrives, before any other handler. A call finds
 * it through the request scope's {@link CurrentVertxRequest}: the request scope follows a request's Mutiny stages to
 * whatever thread a DynamoDB answer completes them on (context propagation), where Vert.x's own context does not (the
 * SDK completes its futures outside any Vert.x context). Outside a request (the pending-work poller, start-up,
 * readiness checks with their own client) there is no deadline and calls keep their configured timeouts.
 * <p>
 * The default, 2 s, leaves half a second of the 2.5 s bound for what follows the last call on a loaded machine: the
 * timer that fails it, the failure's mapping to a problem, the answer's writing (docs/DESIGN.md "Timeouts against
 * DynamoDB"). Per request the deadline costs one boxed long on the RoutingContext; per call, a look-up in the
 * request scope and a clock read, and a request override only once less than a call's own timeout is left.
 */
@Singleton
public class RequestDeadline implements CallDeadline {

    /** The RoutingContext entry that holds the deadline, in {@link System#nanoTime()} terms. */
    static final String DEADLINE = "trident.request-deadline";

    private final long budgetNanos;
    private final CurrentVertxRequest currentRequest;
    private final ManagedContext requestScope;

    @Inject
    RequestDeadline(TridentConfig config, CurrentVertxRequest currentRequest) {
        Duration budget = config.request().deadline();
        if (budget.isNegative() || budget.isZero()) {
            throw new IllegalArgumentException("trident.request.deadline must be positive: " + budget);
        }
        this.budgetNanos = budget.toNanos();
        this.currentRequest = currentRequest;
        this.requestScope = Arc.container().requestContext();
    }

    /** No request ever has a deadline: the table layer's tests that run without a container. */
    void install(@Observes Router router) {
        router.route().order(RouteConstants.ROUTE_ORDER_RECORD_START_TIME).handler(this::start);
    }

    /** Counts from the start time Quarkus records (quarkus.http.record-request-start-time) when it ran first. */
    private void start(RoutingContext request) {
        Object recorded = request.get(VertxHttpRecorder.REQUEST_START_TIME);
        long arrival = recorded instanceof Long started ? started : System.nanoTime();
        request.put(DEADLINE, arrival + budgetNanos);
        request.next();
    }

    /**
     * What is left of the current request's time, in nanoseconds (zero or less once it has passed), or {@link #NONE}
     * where no request is being served.
     */
    @Override
    public long remainingNanos() {
        if (!requestScope.isActive()) {
            return NONE;
        }
        RoutingContext request = currentRequest.getCurrent();
        Object deadline = request == null ? null : request.get(DEADLINE);
        return deadline instanceof Long nanos ? nanos - System.nanoTime() : NONE;
    }
}
