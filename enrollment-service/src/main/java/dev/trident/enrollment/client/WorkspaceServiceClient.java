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
 * The route of workspace-service this service reads. Base URL, connect and read timeouts come from
 * {@code quarkus.rest-client.workspace-service.*}; fault tolerance sits on {@link Workspaces}, not here.
 */
@RegisterRestClient(configKey = "workspace-service")
@Path("/workspaces")
@Produces(MediaType.APPLICATION_JSON)
public interface WorkspaceServiceClient {

    /** A workspace's settings; a 404 (no such workspace) or any other 4xx fails with {@link RejectedByDependency}.
     * {@code authorization} is the caller's own header, passed on so that the dependency applies its rules to the
     * same caller (an explicit parameter rather than header propagation: it survives retries on other threads).
     */
    @GET
    @Path("/{wsId}")
    Uni<WorkspaceRef> getWorkspace(@PathParam("wsId") String wsId,
            @HeaderParam(HttpHeaders.AUTHORIZATION) String authorization);

    @ClientExceptionMapper
    static RuntimeException toException(Response response) {
        return RejectedByDependency.fromStatus(response.getStatus());
    }
}
