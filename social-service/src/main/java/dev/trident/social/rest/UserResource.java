package dev.trident.social.rest;

import dev.trident.keys.Months;
import dev.trident.social.model.MonthlyStats;
import dev.trident.social.model.Profile;
import dev.trident.social.model.ProfileWithPosts;
import dev.trident.social.service.AccountErasureService;
import dev.trident.social.service.UserService;
import dev.trident.social.service.UserService.BatchResult;
import dev.trident.support.erasure.ErasureRecord;
import dev.trident.support.http.ETags;
import dev.trident.support.http.Responses;
import dev.trident.support.idempotency.Idempotency;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.security.Caller;
import dev.trident.support.validation.ValidId;
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
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.headers.Header;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/users")
@SecurityRequirement(name = SocialApplication.BEARER)
@Tag(name = "users")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class UserResource {

    private static final String INCLUDE_POSTS = "posts";

    private final UserService users;
    private final AccountErasureService erasures;
    private final Idempotency idempotency;
    private final JsonWebToken token;

    UserResource(UserService users, AccountErasureService erasures, Idempotency idempotency, JsonWebToken token) {
        this.users = users;
        this.erasures = erasures;
        this.idempotency = idempotency;
        this.token = token;
    }

    @POST
    @Operation(summary = "Create the caller's own profile (userId = the token's subject; 409 when the caller has one) "
            + "with a unique handle (409 when taken; `Ann` and `ann` are the same handle)")
    @APIResponseSchema(value = Profile.class, responseCode = "201", responseDescription = "The caller's new profile (ETag, Location)")
    @APIResponse(responseCode = "409",
            description = "The caller has a profile already, the handle is taken, or the Idempotency-Key is "
            + "still in flight")
    public Uni<Response> create(
            @HeaderParam(Idempotency.HEADER) @Parameter(description = Idempotency.HEADER_DOC) String idempotencyKey,
            @Valid @NotNull CreateUserRequest body) {
        Caller caller = Caller.of(token);
        return idempotency.create(caller, idempotencyKey, body, Profile.class,
                p -> Responses.created(Responses.uri("/users/{userId}", p.userId()), p, p.version()),
                () -> users.create(caller, body.handle(), body.displayName(), body.bio()));
    }

    @GET
    @Path("/{userId}")
    @Operation(summary = "Get a profile; with include=posts also its newest posts (limit), read in one Query")
    @APIResponse(responseCode = "200",
            description = "The profile (ETag); with include=posts, the profile and a page of its newest posts",
            content = @Content(schema = @Schema(allOf = { Profile.class, ProfileWithPosts.class },
                    description = "The profile's fields; with include=posts only profile and posts")))
    @APIResponse(responseCode = "404", description = "No such profile")
    public Uni<Response> get(@PathParam("userId") @ValidId String userId, @QueryParam("include") String include,
            @QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        if (include == null || include.isBlank()) {
            return users.get(userId).map(p -> Responses.ok(p, p.version()));
        }
        if (!INCLUDE_POSTS.equals(include)) {
            throw ProblemException.badRequest("include", "the only value is posts");
        }
        return users.getWithNewestPosts(userId, PageRequest.of(limit, cursor))
                .map(p -> Responses.ok(p, p.profile().version()));
    }

    @GET
    @Path("/by-handle/{handle}")
    @Operation(summary = "Find a profile by handle, in any case (reads GSI1: eventually consistent, a new profile "
            + "may take a moment to be found). No ETag: the profile read from the index may be behind the item; "
            + "GET /users/{userId} for one to send in If-Match")
    @APIResponseSchema(value = Profile.class, responseCode = "200", responseDescription = "The profile with that handle")
    @APIResponse(responseCode = "404", description = "No profile has that handle")
    public Uni<Response> byHandle(@PathParam("handle") @ValidId String handle) {
        return users.byHandle(handle).map(p -> Response.ok(p).build());
    }

    @PATCH
    @Path("/{userId}")
    @Operation(summary = "Change displayName and/or bio (an empty bio removes it); only the owner (else 403); "
            + "If-Match gives 412 on a stale ETag; the handle cannot be changed (400)")
    @APIResponseSchema(value = Profile.class, responseCode = "200", responseDescription = "The changed profile (ETag)")
    @APIResponse(responseCode = "403", description = "Not the caller's own profile")
    @APIResponse(responseCode = "404", description = "No such profile")
    public Uni<Response> update(@PathParam("userId") @ValidId String userId, @HeaderParam("If-Match") String ifMatch,
            @Valid @NotNull UpdateUserRequest body) {
        if (body.isEmpty()) {
            throw ProblemException.badRequest("displayName", "send displayName and/or bio");
        }
        return users.update(Caller.of(token), userId, body.displayName(), body.bio(), ETags.requiredVersion(ifMatch))
                .map(p -> Responses.ok(p, p.version()));
    }

    @POST
    @Path("/batch-get")
    @Operation(summary = "Up to 100 profiles by id (duplicates collapsed); ids without a profile are listed in "
            + "`missing`, not errors")
    public Uni<BatchResult> batchGet(@Valid @NotNull BatchGetUsersRequest body) {
        return users.batchGet(body.ids());
    }

    @GET
    @Path("/{userId}/stats")
    @Operation(summary = "Posts published and comments written in a month (yyyy-mm, default the current month, "
            + "UTC), counted at write time; zeros when nothing was counted")
    public Uni<MonthlyStats> stats(@PathParam("userId") @ValidId String userId, @QueryParam("month") String month) {
        return users.stats(userId, month == null || month.isBlank() ? null : Months.validate("month", month));
    }

    @DELETE
    @Path("/{userId}")
    @Operation(summary = "Erase an account everywhere (the user themselves or role admin; 404 for anyone else): "
            + "answered 202 once the erasure is recorded (profile and handle gone at once), each service then erases "
            + "its part asynchronously; Location is its progress. Asked again while pending, the same erasure",
            description = "With If-Match, only the profile at that version (its ETag) is erased (412 otherwise; a weak "
                    + "tag never matches). Graded enrolments are kept as academic records (counted in "
                    + "parts.enrollment.itemsKept); everything else of the account goes.")
    @APIResponse(responseCode = "202", description = "Erasure recorded; progress at Location",
            headers = @Header(name = "Location", description = "/users/{userId}/erasure",
                    schema = @Schema(type = SchemaType.STRING)),
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ErasureRecord.class)))
    @APIResponse(responseCode = "404", description = "No such user, or the caller may not erase it")
    @APIResponse(responseCode = "409", description = "The account changed while the erasure was requested")
    public Uni<Response> erase(@PathParam("userId") @ValidId String userId,
            @HeaderParam("If-Match") String ifMatch) {
        return erasures.request(Caller.of(token), userId, ETags.requiredVersion(ifMatch)).map(record -> Response.accepted(record)
                .location(Responses.uri("/users/{userId}/erasure", userId))
                .header("Cache-Control", Responses.NO_STORE)
                .build());
    }

    @GET
    @Path("/{userId}/erasure")
    @Operation(summary = "Progress of an account's erasure, per service (the user themselves or role admin; 404 for "
            + "anyone else or when there is none); kept 30 days after it completes")
    @APIResponse(responseCode = "200", description = "The erasure's progress",
            content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = ErasureRecord.class)))
    @APIResponse(responseCode = "404", description = "No erasure of this user, or the caller may not see it")
    public Uni<Response> erasure(@PathParam("userId") @ValidId String userId) {
        return erasures.progress(Caller.of(token), userId)
                .map(record -> Response.ok(record).header("Cache-Control", Responses.NO_STORE).build());
    }
}
