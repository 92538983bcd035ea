package dev.trident.support.http;

import io.quarkus.vertx.http.runtime.RouteConstants;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Headers every answer carries, whichever handler produced it (resources, problem mappers, 404s, health, metrics,
 * OpenAPI, Swagger UI):
 * <ul>
 * <li>{@code X-Content-Type-Options: nosniff}: a browser never guesses a type other than the declared one;</li>
 * <li>{@code X-Frame-Options: DENY} and {@code Content-Security-Policy: frame-ancestors 'none'}: no page may frame
 * an answer (Swagger UI included);</li>
 * <li>{@code Cache-Control: no-store} unless the handler chose its own: answers carry a caller's private data, so
 * no browser or proxy keeps a copy.</li>
 * </ul>
 */
@ApplicationScoped
public class SecurityHeaders {

    static final String NO_STORE = "no-store";

    void install(@Observes Router router) {
        router.route().order(RouteConstants.ROUTE_ORDER_HEADERS).handler(this::addOnHeadersEnd);
    }

    private void addOnHeadersEnd(RoutingContext context) {
        context.addHeadersEndHandler(ignored -> apply(context.response().headers()));
        context.next();
    }

    /** For a handler that answers at the same route order as this one, possibly before it ran. */
    static void apply(MultiMap headers) {
        headers.set("X-Content-Type-Options", "nosniff");
        headers.set("X-Frame-Options", "DENY");
        if (!headers.contains("Content-Security-Policy")) {
            headers.set("Content-Security-Policy", "frame-ancestors 'none'");
        }
        if (!headers.contains(HttpHeaders.CACHE_CONTROL)) {
            headers.set(HttpHeaders.CACHE_CONTROL, NO_STORE);
        }
    }
}
