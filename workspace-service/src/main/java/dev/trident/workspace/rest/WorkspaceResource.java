package dev.trident.workspace.rest;

import dev.trident.workspace.repository.WorkspaceRepository;
import dev.trident.support.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

@Path("/workspaces")
@Produces(MediaType.APPLICATION_JSON)
public class WorkspaceResource {

    private final WorkspaceRepository repository;

    WorkspaceResource(WorkspaceRepository repository) {
        this.repository = repository;
    }

    @GET
    @Path("/{wsId}")
    public Uni<Map<String, Object>> get(@PathParam("wsId") String id) {
        return repository.getWorkspace(id)
                .onItem().ifNull().failWith(() -> ProblemException.notFound("workspace " + id + " does not exist"))
                .map(item -> Map.of("wsId", id));
    }
}
