package dev.trident.workspace.rest;

import dev.trident.keys.KeyParts;
import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.support.dynamo.ListArguments;
import dev.trident.support.http.ETags;
import dev.trident.support.http.Responses;
import dev.trident.support.idempotency.Idempotency;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.Problem;
import dev.trident.support.security.Caller;
import dev.trident.support.validation.ValidId;
import dev.trident.workspace.model.Project;
import dev.trident.workspace.model.ProjectChanges;
import dev.trident.workspace.service.ProjectService;
import io.smallrye.mutiny.Uni;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/workspaces/{wsId}/projects")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "projects")
@SecurityRequirement(name = WorkspaceApplication.BEARER)
public class ProjectResource {

    private final ProjectService projects;
    private final Idempotency idempotency;
    private final JsonWebToken token;

    ProjectResource(ProjectService projects, Idempotency idempotency, JsonWebToken token) {
        this.projects = projects;
        this.idempotency = idempotency;
        this.token = token;
    }

    @POST
    @Operation(summary = "Create a project; its id YYYY-NNNN comes from the workspace's sequence of the year",
            description = "Owners and admins of the workspace only (403 for other members, 404 for non-members). "
                    + "The creator is the caller: createdBy may be omitted and, when sent, must be the caller (403 "
                    + "otherwise). The creator must be a social-service user, whose display name is kept on the project as "
                    + "createdByName (as it was at creation). 422 naming the field and id when it is not, 503 with "
                    + "Retry-After when social-service is down, slow or failing; nothing is written and no project "
                    + "number is used in either case. The answer carries projectId and, deprecated, the same value "
                    + "as id.")
    @APIResponseSchema(value = ProjectResponse.class, responseCode = "201", responseDescription = "The new project (ETag, Location)")
    @APIResponse(responseCode = "403", description = "A member but not an owner or admin, or createdBy is not the caller")
    @APIResponse(responseCode = "404", description = "No such workspace, or the caller is not a member")
    @APIResponse(responseCode = "422",
            description = "The creator is no social-service user, or the Idempotency-Key was used for another request")
    @APIResponse(responseCode = "502",
            description = "social-service refused the check of the user (a contract break between the services, "
            + "not an outage)")
    public Uni<Response> create(@PathParam("wsId") @ValidId String wsId,
            @HeaderParam(Idempotency.HEADER) @Parameter(description = Idempotency.HEADER_DOC) String idempotencyKey,
            @Valid @NotNull(message = "a JSON body is required") CreateProjectRequest body) {
        ProjectStatus status = body.status() == null ? ProjectStatus.ACTIVE : ProjectStatus.parse("status", body.status());
        Caller caller = Caller.of(token);
        return idempotency.create(caller, idempotencyKey, body, Project.class,
                p -> Responses.created(Responses.uri("/workspaces/{wsId}/projects/{projectId}", wsId, p.id()),
                        ProjectResponse.of(p), p.version()),
                () -> projects.create(caller, wsId, body.title(), status, body.createdBy()));
    }

    @GET
    @Operation(summary = "A workspace's projects (members only), newest first (sharded workspaces: merged across shards), "
            + "optionally of one status, paged",
            description = "Without status: one Query per shard of the workspace's partitions, eventually consistent "
                    + "(a list). With status (ACTIVE, PAUSED, ARCHIVED; anything else is a 400 naming status): one "
                    + "Query per shard on the GSI1 index keyed by workspace and status, which holds only that status's "
                    + "projects; on DynamoDB an index is eventually consistent, so a project created or moved a moment "
                    + "ago may be missing or still listed under its old status. A cursor resumes only the list (and "
                    + "status) it was issued for.")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404", description = "No such workspace, or the caller is not a member")
    public Uni<Page<ProjectResponse>> list(@PathParam("wsId") @ValidId String wsId,
            @QueryParam("status") @Parameter(description = "only projects of this status: ACTIVE, PAUSED or ARCHIVED") String status,
            @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        Caller caller = Caller.of(token);
        ListArguments arguments = ListArguments.none().and(KeyParts.STATUS,
                status == null ? null : ProjectStatus.parse("status", status));
        return projects.list(caller, wsId, arguments, PageRequest.of(limit, cursor))
                .map(page -> page.map(ProjectResponse::of));
    }

    @GET
    @Path("/{projectId}")
    @Operation(summary = "One project (members only)", description = "Read strongly consistent: its ETag is the "
            + "current version, safe to send back in If-Match.")
    @APIResponseSchema(value = ProjectResponse.class, responseCode = "200", responseDescription = "The project (ETag)")
    @APIResponse(responseCode = "404", description = "No such project, or the caller is not a member")
    public Uni<Response> get(@PathParam("wsId") @ValidId String wsId, @PathParam("projectId") String projectId) {
        return projects.get(Caller.of(token), wsId, ProjectId.parse(projectId))
                .map(p -> Responses.ok(ProjectResponse.of(p), p.version()));
    }

    @PATCH
    @Path("/{projectId}")
    @Operation(summary = "Change title and/or status; owners and admins only; honours If-Match")
    @APIResponseSchema(value = ProjectResponse.class, responseCode = "200", responseDescription = "The changed project (ETag)")
    @APIResponse(responseCode = "403", description = "A member but not an owner or admin")
    @APIResponse(responseCode = "404", description = "No such project, or the caller is not a member")
    public Uni<Response> update(@PathParam("wsId") @ValidId String wsId, @PathParam("projectId") String projectId,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            @Valid @NotNull(message = "a JSON body is required") UpdateProjectRequest body) {
        Long expected = ETags.requiredVersion(ifMatch);
        ProjectStatus status = body.status() == null ? null : ProjectStatus.parse("status", body.status());
        ProjectId id = ProjectId.parse(projectId);
        return projects.update(Caller.of(token), wsId, id, new ProjectChanges(body.title(), status), expected)
                .map(p -> Responses.ok(ProjectResponse.of(p), p.version()));
    }

    @DELETE
    @Path("/{projectId}")
    // 204 has no body: a client that accepts only problem+json (its error answers) is served, not refused (406).
    @Produces({ MediaType.APPLICATION_JSON, Problem.MEDIA_TYPE })
    @Operation(summary = "Delete a project; owners and admins only; honours If-Match")
    @APIResponse(responseCode = "204", description = "Deleted")
    @APIResponse(responseCode = "403", description = "A member but not an owner or admin")
    @APIResponse(responseCode = "404", description = "No such project, or the caller is not a member")
    public Uni<Response> delete(@PathParam("wsId") @ValidId String wsId, @PathParam("projectId") String projectId,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch) {
        Long expected = ETags.requiredVersion(ifMatch);
        ProjectId id = ProjectId.parse(projectId);
        return projects.delete(Caller.of(token), wsId, id, expected).map(done -> Response.noContent().build());
    }
}
