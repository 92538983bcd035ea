package dev.trident.workspace.rest;

import dev.trident.support.http.DeletionPending;
import dev.trident.support.http.ETags;
import dev.trident.support.http.Responses;
import dev.trident.support.idempotency.Idempotency;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.security.Caller;
import dev.trident.support.validation.ValidId;
import dev.trident.workspace.model.Workspace;
import dev.trident.workspace.model.WorkspaceChanges;
import dev.trident.workspace.service.MemberService;
import dev.trident.workspace.service.WorkspaceDeletion;
import dev.trident.workspace.service.WorkspaceService;
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
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/workspaces")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "workspaces")
@SecurityRequirement(name = WorkspaceApplication.BEARER)
public class WorkspaceResource {

    private static final String INCLUDE_PROJECTS = "projects";

    private final WorkspaceService workspaces;
    private final MemberService members;
    private final WorkspaceDeletion deletion;
    private final Idempotency idempotency;
    private final JsonWebToken token;

    WorkspaceResource(WorkspaceService workspaces, MemberService members, WorkspaceDeletion deletion,
            Idempotency idempotency, JsonWebToken token) {
        this.workspaces = workspaces;
        this.members = members;
        this.deletion = deletion;
        this.idempotency = idempotency;
        this.token = token;
    }

    @DELETE
    @Path("/{wsId}")
    @Operation(summary = "Delete a workspace with everything in it: every shard's projects, the members, the "
            + "sequences (owners only)",
            description = "The settings go first, with a task that finishes the rest: from then on the workspace is "
                    + "a 404 for everyone and its id is reserved (creating it again is a 409 with Retry-After) until "
                    + "every item is gone. The request deletes what it can within its time and leaves the rest to "
                    + "the task. With If-Match, only the workspace at that version (its ETag) is deleted (412 otherwise; "
                    + "a weak tag never matches).")
    @APIResponse(responseCode = "204", description = "Deleted, every item of it gone")
    @APIResponse(responseCode = "202", description = "Deleted; the rest of its items are being removed by its task",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = DeletionPending.class)))
    @APIResponse(responseCode = "403", description = "An admin or member, not an owner")
    @APIResponse(responseCode = "404", description = "No such workspace, or the caller is no member")
    public Uni<Response> delete(@PathParam("wsId") @ValidId String wsId,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch) {
        Long expected = ETags.requiredVersion(ifMatch);
        return deletion.delete(Caller.of(token), wsId, expected).map(finished -> Responses.deleted(finished, wsId));
    }

    @POST
    @Operation(summary = "Create a workspace; the caller becomes its first owner. shards (1..16) is fixed for good",
            description = "The id is workspaceId (the former name id is still read, deprecated; both with different "
                    + "values is a 400). The owner is the caller (token sub); ownerId may be omitted and, when sent, "
                    + "must be the caller (403 otherwise). The caller must be a social-service user: 422 naming ownerId "
                    + "when not, 503 with Retry-After when social-service is down, slow or failing. Nothing is written "
                    + "in any refused case. The answer carries workspaceId and, deprecated, the same value as id.")
    @APIResponseSchema(value = WorkspaceResponse.class, responseCode = "201", responseDescription = "Created")
    @APIResponse(responseCode = "403", description = "ownerId is not the caller")
    @APIResponse(responseCode = "409", description = "The workspace id is taken, or the Idempotency-Key is still in flight")
    @APIResponse(responseCode = "422",
            description = "The owner is no social-service user, or the Idempotency-Key was used for another request")
    @APIResponse(responseCode = "502",
            description = "social-service refused the check of the user (a contract break between the services, "
            + "not an outage)")
    public Uni<Response> create(
            @HeaderParam(Idempotency.HEADER) @Parameter(description = Idempotency.HEADER_DOC) String idempotencyKey,
            @Valid @NotNull(message = "a JSON body is required") CreateWorkspaceRequest body) {
        Caller caller = Caller.of(token);
        String wsId = body.requestedId();
        return idempotency.create(caller, idempotencyKey, body, Workspace.class,
                w -> Responses.created(Responses.uri("/workspaces/{wsId}", w.id()), WorkspaceResponse.of(w),
                        w.version()),
                () -> workspaces.create(caller, wsId, body.displayName(), body.region(), body.seatLimit(),
                        body.ownerId(), body.shards()));
    }

    @GET
    @Operation(summary = "The workspaces a user belongs to (default: the caller), with their role, paged",
            description = "A caller lists their own memberships; another user's need the platform role admin (403). "
                    + "Read from the GSI1 index (the inverted member edges): on DynamoDB eventually consistent, so a "
                    + "membership added or removed a moment ago may not show yet.")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "403", description = "Another user's memberships, without the platform role admin")
    public Uni<Page<MemberResponse>> memberships(@QueryParam("member") @ValidId(optional = true) String member,
            @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return members.workspacesOf(Caller.of(token), member, PageRequest.of(limit, cursor))
                .map(page -> page.map(MemberResponse::of));
    }

    @GET
    @Path("/{wsId}")
    @Operation(summary = "Workspace settings (members only: 404 for anyone else); with include=projects the settings and "
            + "its projects, newest first, paged",
            description = "The settings are read strongly consistent: the ETag is the current version, safe to send "
                    + "back in If-Match. With include=projects (sharded workspaces too) the first page carries the "
                    + "settings (no ETag) and the newest projects, merged across the workspace's shards; later pages "
                    + "(cursor) carry projects only, workspace null. The project lists are eventually consistent.")
    @APIResponse(responseCode = "200", description = "The settings; with include=projects a page of the stack",
            content = @Content(schema = @Schema(allOf = { WorkspaceResponse.class, WorkspaceStackResponse.class },
                    description = "The settings' fields; with include=projects only workspace, items and nextCursor")))
    @APIResponse(responseCode = "404", description = "No such workspace, or the caller is not a member")
    public Uni<Response> get(@PathParam("wsId") @ValidId String wsId, @QueryParam("include") String include,
            @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        if (include == null) {
            return workspaces.get(Caller.of(token), wsId).map(w -> Responses.ok(WorkspaceResponse.of(w), w.version()));
        }
        if (!INCLUDE_PROJECTS.equals(include)) {
            throw ProblemException.badRequest("include", "the only value is " + INCLUDE_PROJECTS);
        }
        return workspaces.stack(Caller.of(token), wsId, PageRequest.of(limit, cursor)).map(stack -> Response.ok(
                new WorkspaceStackResponse(stack.workspace() == null ? null : WorkspaceResponse.of(stack.workspace()),
                        stack.projects().items().stream().map(ProjectResponse::of).toList(),
                        stack.projects().nextCursor())).build());
    }

    @PATCH
    @Path("/{wsId}")
    @Operation(summary = "Update settings (displayName, region, seatLimit); owners only; honours If-Match")
    @APIResponseSchema(value = WorkspaceResponse.class, responseCode = "200", responseDescription = "Changed")
    @APIResponse(responseCode = "403", description = "The caller is a member but not an owner")
    @APIResponse(responseCode = "404", description = "No such workspace, or the caller is not a member")
    public Uni<Response> update(@PathParam("wsId") @ValidId String wsId,
            @HeaderParam(HttpHeaders.IF_MATCH) String ifMatch,
            @Valid @NotNull(message = "a JSON body is required") UpdateWorkspaceRequest body) {
        Long expected = ETags.requiredVersion(ifMatch);
        return workspaces.update(Caller.of(token), wsId, new WorkspaceChanges(body.displayName(), body.region(),
                        body.seatLimit(), body.shards()), expected)
                .map(w -> Responses.ok(WorkspaceResponse.of(w), w.version()));
    }
}
