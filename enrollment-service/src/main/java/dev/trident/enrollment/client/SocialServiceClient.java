package dev.trident.enrollment.client;

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
 * The route of social-service this service reads. Base URL, connect and read timeouts come from
 * {@code quarkus.rest-client.social-service.*}; fault tolerance sits on {@link SocialUsers}, not here.
 */
@RegisterRestClient(configKey = "social-service")
@Path("/users")
@Produces(MediaType.APPLICATION_JSON)
public interface SocialServiceClient {

    /** A profile; a 404 (no such user) or any other 4xx fails with {@link RejectedByDependency}.
     * {@code authorization} is the caller's own header, passed on so that the dependency applies its rules to the
     * same caller (an explicit parameter rather than header propagation: it survives retries on other threads).
     */
    @GET
    @Path("/{userId}")
    Uni<SocialUser> getUser(@PathParam("userId") String userId,
            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization);

    @ClientExceptionMapper
    static RuntimeException toException(Response response) {
        return RejectedByDependency.fromStatus(response.getStatus());
    }
}
