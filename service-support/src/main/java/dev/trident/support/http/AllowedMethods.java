package dev.trident.support.http;

import dev.trident.support.problem.Problems;
import io.quarkus.resteasy.reactive.server.runtime.ResteasyReactiveRecorder;
import jakarta.inject.Singleton;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Set;
import java.util.TreeSet;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import org.jboss.resteasy.reactive.server.core.Deployment;
import org.jboss.resteasy.reactive.server.handlers.ClassRoutingHandler;
import org.jboss.resteasy.reactive.server.handlers.RestInitialHandler.InitialMatch;
import org.jboss.resteasy.reactive.server.mapping.RequestMapper;
import org.jboss.resteasy.reactive.server.spi.ServerRestHandler;

/**
 * A 405 says which methods the resource takes ({@code Allow}, RFC 9110 15.5.6), as a problem+json like every other
 * error. Quarkus REST answers OPTIONS with {@code Allow} but throws its 405 without it, so the methods are read from
 * its own routing table: every method whose routes match the path.
 */
@Singleton
public class AllowedMethods {

    private volatile RequestMapper<InitialMatch> classes;

    @ServerExceptionMapper
    public Response methodNotAllowed(NotAllowedException e, UriInfo uri) {
        Response response = Problems.response(405, "method not allowed on this resource");
        Set<String> allowed = of(uri.getPath());
        if (!allowed.isEmpty()) {
            response.getHeaders().putSingle(HttpHeaders.ALLOW, String.join(", ", allowed));
        }
        return response;
    }

    /** The methods routed for {@code path} (decoded, relative to the application root), HEAD and OPTIONS included. */
    Set<String> of(String path) {
        RequestMapper<InitialMatch> mapper = classMapper();
        Set<String> allowed = new TreeSet<>();
        if (mapper == null) {
            return allowed;
        }
        String relative = path.startsWith("/") ? path : "/" + path;
        for (RequestMapper.RequestMatch<InitialMatch> match = mapper.map(relative); match != null;
                match = mapper.continueMatching(relative, match)) {
            String remaining = match.remaining == null || match.remaining.isEmpty() ? "/" : match.remaining;
            for (ServerRestHandler handler : match.value.handlers) {
                if (handler instanceof ClassRoutingHandler routing) {
                    routing.getMappers().forEach((method, routes) -> {
                        if (method != null && routes.map(remaining) != null) {
                            allowed.add(method);
                        }
                    });
                }
            }
        }
        if (!allowed.isEmpty()) {
            if (allowed.contains("GET")) {
                allowed.add("HEAD");
            }
            allowed.add("OPTIONS");
        }
        return allowed;
    }

    private RequestMapper<InitialMatch> classMapper() {
        RequestMapper<InitialMatch> mapper = classes;
        if (mapper == null) {
            Deployment deployment = ResteasyReactiveRecorder.getCurrentDeployment();
            if (deployment == null) {
                return null;
            }
            mapper = new RequestMapper<>(deployment.getClassMappers());
            classes = mapper;
        }
        return mapper;
    }
}
