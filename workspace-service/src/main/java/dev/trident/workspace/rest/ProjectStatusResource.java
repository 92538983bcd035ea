package dev.trident.workspace.rest;

import dev.trident.keys.ProjectStatus;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.security.Caller;
import dev.trident.workspace.service.ProjectService;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/projects")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Projects")
@SecurityRequirement(name = WorkspaceApplication.BEARER)
public class ProjectStatusResource {

    private final ProjectService projects;
    private final JsonWebToken token;

    ProjectStatusResource(ProjectService projects, JsonWebToken token) {
        this.projects = projects;
        this.token = token;
    }

    @GET
    @Operation(summary = "Projects of one status across all workspaces, newest first, paged",
            description = "Spans every tenant, so it needs the platform role admin (403 otherwise). Read from the GSI2 status index (four write-sharded partitions per status, merged). "
                    + "On DynamoDB an index is eventually consistent: a project created or moved a moment ago "
                    + "may be missing or still listed under its old status.")
    public Uni<Page<ProjectResponse>> byStatus(@QueryParam("status") String status, @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor) {
        ProjectStatus parsed = ProjectStatus.parse("status", status);
        return projects.byStatus(Caller.of(token), parsed, PageRequest.of(limit, cursor)).map(page -> page.map(ProjectResponse::of));
    }
}
