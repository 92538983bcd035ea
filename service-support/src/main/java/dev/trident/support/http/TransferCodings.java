package dev.trident.support.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trident.support.problem.Problem;
import dev.trident.support.problem.Problems;
import io.quarkus.vertx.http.runtime.RouteConstants;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A request body is framed by {@code Content-Length} or by {@code Transfer-Encoding: chunked} alone (RFC 9112
 * section 6). Netty frames a body as chunked whenever "chunked" appears anywhere in the header and as empty when it
 * does not, so a proxy in front that reads the header differently would see another request boundary (request
 * smuggling). Refused, before any handler reads the body, and the connection closed:
 * <ul>
 * <li>400: chunked not the final coding or given twice, Transfer-Encoding on an HTTP/1.0 request, or with a
 * Content-Length;</li>
 * <li>501: any coding other than chunked (gzip, deflate, compress or unknown): none is implemented.</li>
 * </ul>
 */
@ApplicationScoped
public class TransferCodings {

    private static final String CHUNKED = "chunked";

    private final ObjectMapper mapper;

    TransferCodings(ObjectMapper mapper) {
        this.mapper = mapper;
    }

    void install(@Observes Router router) {
        // Before Quarkus' body handler (ROUTE_ORDER_BODY_HANDLER) could start reading the body.
        router.route().order(RouteConstants.ROUTE_ORDER_BODY_HANDLER - 1).handler(this::check);
    }

    private void check(RoutingContext context) {
        HttpServerRequest request = context.request();
        List<String> values = request.headers().getAll(HttpHeaders.TRANSFER_ENCODING);
        if (values.isEmpty()) {
            context.next();
            return;
        }
        List<String> codings = new ArrayList<>();
        for (String value : values) {
            for (String coding : value.split(",")) {
                if (!coding.isBlank()) {
                    codings.add(coding.strip().toLowerCase(Locale.ROOT));
                }
            }
        }
        if (request.version() == HttpVersion.HTTP_1_0) {
            refuse(context, 400, "Transfer-Encoding is not allowed on an HTTP/1.0 request");
        } else if (request.headers().contains(HttpHeaders.CONTENT_LENGTH)) {
            refuse(context, 400, "a request may carry Transfer-Encoding or Content-Length, not both");
        } else if (codings.isEmpty() || !codings.get(codings.size() - 1).equals(CHUNKED)
                || codings.indexOf(CHUNKED) != codings.size() - 1) {
            refuse(context, 400, "Transfer-Encoding must end with chunked, given once");
        } else if (codings.size() > 1) {
            refuse(context, 501, "transfer coding " + codings.get(0) + " is not implemented; send the body with "
                    + "Content-Length or Transfer-Encoding: chunked alone");
        } else {
            context.next();
        }
    }

    private void refuse(RoutingContext context, int status, String detail) {
        String body;
        try {
            body = mapper.writeValueAsString(Problems.problem(status, detail, null));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        SecurityHeaders.apply(context.response().headers());
        // The rest of the connection cannot be framed reliably: nothing more is read from it. Vert.x keeps an
        // HTTP/1.1 connection open whatever the answer's Connection header says, so it is closed here.
        HttpConnection connection = context.request().connection();
        context.response()
                .setStatusCode(status)
                .putHeader(HttpHeaders.CONTENT_TYPE, Problem.MEDIA_TYPE)
                .putHeader(HttpHeaders.CONNECTION, "close")
                .end(body)
                .onComplete(ended -> connection.close());
    }
}
