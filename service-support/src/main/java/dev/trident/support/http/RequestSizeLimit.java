package dev.trident.support.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trident.support.problem.Problem;
import dev.trident.support.problem.Problems;
import io.quarkus.runtime.configuration.MemorySize;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Refuses a body whose declared length is above {@code quarkus.http.limits.max-body-size} with a
 * problem+json 413, before a byte of it is read. Quarkus enforces the same limit a step later, but
 * answers with an empty body; this route runs just before it so clients get the usual problem shape.
 */
@ApplicationScoped
public class RequestSizeLimit {

    private final long maxBytes;
    private final String problemJson;

    RequestSizeLimit(@ConfigProperty(name = "quarkus.http.limits.max-body-size") MemorySize maxBodySize,
            ObjectMapper mapper) throws JsonProcessingException {
        this.maxBytes = maxBodySize.asLongValue();
        Problem problem = Problems.problem(413, "the request body is larger than " + maxBytes + " bytes", null);
        this.problemJson = mapper.writeValueAsString(problem);
    }

    void install(@Observes Router router) {
        router.route().order(RouteConstants.ROUTE_ORDER_UPLOAD_LIMIT - 1).handler(this::check);
    }

    private void check(RoutingContext context) {
        String declared = context.request().getHeader(HttpHeaders.CONTENT_LENGTH);
        if (declared != null && tooLarge(declared)) {
            context.response()
                    .setStatusCode(413)
                    .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                    .putHeader(HttpHeaders.CONNECTION, "close")
                    .end(problemJson);
            return;
        }
        context.next();
    }

    private boolean tooLarge(String declared) {
        try {
            return Long.parseLong(declared.trim()) > maxBytes;
        } catch (NumberFormatException e) {
            return false; // malformed lengths are the HTTP layer's to reject
        }
    }
}
