package dev.trident.support.http;

import dev.trident.support.problem.Problems;
import jakarta.inject.Singleton;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * A route is its path as the OpenAPI document spells it: {@code /workspaces/} is not {@code /workspaces}. Quarkus REST
 * would match a path with a trailing '/' to the route without it, and a client that got a 200 there would depend on
 * an address nothing promises; so it is a 404, as any other path that is no route. Before matching, so no route runs.
 */
@Singleton
public class TrailingSlash {

    @ServerRequestFilter(preMatching = true)
    public Response refuse(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        return path.length() > 1 && path.endsWith("/")
                ? Problems.response(404, "no route is " + path + ": a path never ends with '/'")
                : null;
    }
}
