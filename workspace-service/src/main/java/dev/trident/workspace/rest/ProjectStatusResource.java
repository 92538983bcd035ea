package dev.trident.workspace.rest;

import dev.trident.keys.ProjectStatus;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.security.Caller;
import dev.trident.workspace.model.CreatedRange;
import dev.trident.workspace.service.ProjectService;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/projects")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "projects")
@SecurityRequirement(name = WorkspaceApplication.BEARER)
public class ProjectStatusResource {

    private static final String CREATED_FROM = "createdFrom";
    private static final String CREATED_TO = "createdTo";

    private final ProjectService projects;
    private final JsonWebToken token;

    ProjectStatusResource(ProjectService projects, JsonWebToken token) {
        this.projects = projects;
        this.token = token;
    }

    @GET
    @Operation(summary = "Projects of one status across all workspaces, newest first, optionally created within a range, paged",
            description = "Spans every tenant, so it needs the platform role admin (403 otherwise). Read from the GSI2 "
                    + "status index: one Query per write shard of the status (trident.workspace.project-status.shards of "
                    + "them), in parallel, merged. "
                    + "createdFrom and createdTo are ISO-8601 instants (e.g. 2026-05-01T00:00:00Z), both inclusive, "
                    + "either optional; they are key conditions on the index (BETWEEN, >=, <=), so nothing outside "
                    + "the range is read. An unknown status, a malformed or reversed range, or a limit outside 1..100 "
                    + "is a 400 naming the parameter. A cursor resumes only the status and range it was issued for. "
                    + "On DynamoDB an index is eventually consistent: a project created or moved a moment ago "
                    + "may be missing or still listed under its old status.")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "403", description = "The caller lacks the platform role admin")
    public Uni<Page<ProjectResponse>> byStatus(@QueryParam("status") String status,
            @QueryParam("createdFrom")
            @Parameter(description = "inclusive lower bound of createdAt, an ISO-8601 instant") String createdFrom,
            @QueryParam("createdTo")
            @Parameter(description = "inclusive upper bound of createdAt, an ISO-8601 instant") String createdTo,
            @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        ProjectStatus parsed = ProjectStatus.parse("status", status);
        CreatedRange range = createdRange(createdFrom, createdTo);
        return projects.byStatus(Caller.of(token), parsed, range, PageRequest.of(limit, cursor))
                .map(page -> page.map(ProjectResponse::of));
    }

    /** The range as sent: each bound an instant a sort key can hold, from not after to; 400 naming the bound. */
    static CreatedRange createdRange(String createdFrom, String createdTo) {
        Instant from = instant(CREATED_FROM, createdFrom);
        Instant to = instant(CREATED_TO, createdTo);
        if (from != null) {
            WorkspaceKeys.projectStatusCreatedFrom(CREATED_FROM, from);
        }
        if (to != null) {
            WorkspaceKeys.projectStatusCreatedTo(CREATED_TO, to);
        }
        if (from != null && to != null && from.isAfter(to)) {
            throw ProblemException.badRequest(CREATED_FROM, "must not be after createdTo (" + createdTo + ")");
        }
        return new CreatedRange(from, to);
    }

    private static Instant instant(String field, String value) {
        if (value == null) {
            return null;
        }
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException e) {
            throw ProblemException.badRequest(field, "must be an ISO-8601 instant such as 2026-05-01T00:00:00Z");
        }
    }
}
