package dev.trident.workspace.rest;

import dev.trident.support.http.Responses;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.Problem;
import dev.trident.support.security.Caller;
import dev.trident.support.validation.ValidId;
import dev.trident.workspace.model.MemberRole;
import dev.trident.workspace.service.MemberService;
import io.smallrye.mutiny.Uni;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotNull;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/workspaces/{wsId}/members")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "members")
@SecurityRequirement(name = WorkspaceApplication.BEARER)
public class MemberResource {

    private final MemberService members;
    private final JsonWebToken token;

    MemberResource(MemberService members, JsonWebToken token) {
        this.members = members;
        this.token = token;
    }

    @PUT
    @Path("/{userId}")
    @Operation(summary = "Add a member or change their role (owner, admin, member); owners and admins only",
            description = "201 when added, 200 when the role changed. Only an owner grants the owner role or changes "
                    + "an owner (403). A new member must be a social-service user (422 naming userId). Every member "
                    + "takes one of seatLimit seats (owners included): adding one when all are taken is a 409 naming "
                    + "the seats; a role change takes no seat. Demoting the last owner is a 409. 404 for a caller who "
                    + "is not a member of the workspace.")
    @APIResponse(responseCode = "201", description = "Added (Location)",
            content = @Content(schema = @Schema(implementation = MemberResponse.class)))
    @APIResponse(responseCode = "200", description = "Role changed",
            content = @Content(schema = @Schema(implementation = MemberResponse.class)))
    @APIResponse(responseCode = "403", description = "Not an owner or admin, or an admin granting or changing the owner role")
    @APIResponse(responseCode = "404", description = "No such workspace, or the caller is not a member")
    @APIResponse(responseCode = "409",
            description = "Every seat is taken (seatLimit), it would demote the last owner, or the edge changed "
            + "concurrently (retry)")
    @APIResponse(responseCode = "422", description = "userId is no social-service user")
    @APIResponse(responseCode = "502",
            description = "social-service refused the check of the user (a contract break between the services, "
            + "not an outage)")
    @APIResponse(responseCode = "500",
            description = "Adding a member to a workspace stored without its seat count (a table not migrated to this "
            + "version); nothing was changed")
    public Uni<Response> put(@PathParam("wsId") @ValidId String wsId, @PathParam("userId") @ValidId String userId,
            @Valid @NotNull(message = "a JSON body is required") PutMemberRequest body) {
        MemberRole role = MemberRole.parse("role", body.role());
        return members.put(Caller.of(token), wsId, userId, role).map(change -> (change.created()
                ? Response.created(Responses.uri("/workspaces/{wsId}/members/{userId}", wsId, userId))
                : Response.ok()).entity(MemberResponse.of(change.member())).build());
    }

    @DELETE
    @Path("/{userId}")
    // 204 has no body: a client that accepts only problem+json (its error answers) is served, not refused (406).
    @Produces({ MediaType.APPLICATION_JSON, Problem.MEDIA_TYPE })
    @Operation(summary = "Remove a member, or leave (userId = the caller); never the last owner",
            description = "Owners and admins remove members (an owner only by an owner: 403 otherwise); any member "
                    + "removes themselves (leaves), whatever their role. The seat is freed in the same write. 409 "
                    + "when the member is the last owner; 404 when not a member (leaving: when the caller is not).")
    @APIResponse(responseCode = "204", description = "Removed")
    @APIResponse(responseCode = "403",
            description = "Removing another member without being an owner or admin, or an admin removing an owner "
            + "(leaving needs no role)")
    @APIResponse(responseCode = "404", description = "Not a member, or the caller is not a member")
    @APIResponse(responseCode = "409", description = "The member is the last owner")
    @APIResponse(responseCode = "500",
            description = "Removing a member of a workspace stored without its seat count (a table not migrated to "
            + "this version); nothing was changed")
    public Uni<Response> remove(@PathParam("wsId") @ValidId String wsId, @PathParam("userId") @ValidId String userId) {
        return members.remove(Caller.of(token), wsId, userId).map(done -> Response.noContent().build());
    }

    @GET
    @Operation(summary = "The members of a workspace in user id order, paged; members only",
            description = "A list, read eventually consistent: a member added or removed a moment ago may not show "
                    + "yet. No ETag.")
    @APIResponse(responseCode = "200")
    @APIResponse(responseCode = "404", description = "No such workspace, or the caller is not a member")
    public Uni<Page<MemberResponse>> list(@PathParam("wsId") @ValidId String wsId, @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor) {
        return members.members(Caller.of(token), wsId, PageRequest.of(limit, cursor))
                .map(page -> page.map(MemberResponse::of));
    }
}
