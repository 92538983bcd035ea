package dev.trident.workspace.client;

import dev.trident.support.client.RejectedByDependency;
import io.quarkus.rest.client.reactive.ClientExceptionMapper;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * The routes of social-service this service reads. Base URL, connect and read timeouts come from
 * {@code quarkus.rest-client.social-service.*}; fault tolerance sits on {@link SocialUsers}, not here.
 */
@RegisterRestClient(configKey = "social-service")
@Path("/users")
@Produces(MediaType.APPLICATION_JSON)
public interface SocialServiceClient {

    /**
     * A profile; 404 (no such user) and any other 4xx fail with {@link RejectedByDependency}. {@code authorization}
     * is the caller's own header, passed on so social-service applies its rules to the same caller; an explicit
     * parameter rather than context propagation, because retries run on other threads.
     */
    @GET
    @Path("/{userId}")
    Uni<SocialUser> getUser(@PathParam("userId") String userId,
            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization);

    /**
     * A 4xx is an answer, not an outage: its own exception type keeps it out of retries and the breaker.
     * A 5xx falls through to the default mapping (a WebApplicationException), which is transient.
     */
    @ClientExceptionMapper
    static RuntimeException toException(Response response) {
        return RejectedByDependency.fromStatus(response.getStatus());
    }
}
