package dev.trident.support.http;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Keeps the request's trace and span ids on the routing context, where the access log reads them
 * ({@code %{d,traceId}} in {@code quarkus.http.access-log.pattern}): the access log is written once the answer has
 * gone, after the request's span has ended and taken its ids out of the logging context.
 */
@ApplicationScoped
public class AccessLogTraceIds {

    static final String TRACE_ID = "traceId";
    static final String SPAN_ID = "spanId";

    void install(@Observes Router router) {
        router.route().order(RouteConstants.ROUTE_ORDER_HEADERS).handler(this::remember);
    }

    private void remember(RoutingContext context) {
        SpanContext span = Span.current().getSpanContext();
        if (span.isValid()) {
            context.put(TRACE_ID, span.getTraceId());
            context.put(SPAN_ID, span.getSpanId());
        }
        context.next();
    }
}
