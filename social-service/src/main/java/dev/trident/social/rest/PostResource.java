package dev.trident.social.rest;

import dev.trident.social.model.Comment;
import dev.trident.social.model.Post;
import dev.trident.social.service.PostDeletion;
import dev.trident.social.service.PostService;
import dev.trident.support.http.DeletionPending;
import dev.trident.support.http.ETags;
import dev.trident.support.http.Responses;
import dev.trident.support.idempotency.Idempotency;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import dev.trident.support.problem.Problem;
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
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/users/{userId}/posts")
@SecurityRequirement(name = SocialApplication.BEARER)
@Tag(name = "posts")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class PostResource {

    private final PostService posts;
    private final PostDeletion deletion;
    private final Idempotency idempotency;
    private final JsonWebToken token;

    PostResource(PostService posts, PostDeletion deletion, Idempotency idempotency, JsonWebToken token) {
        this.posts = posts;
        this.deletion = deletion;
        this.idempotency = idempotency;
        this.token = token;
    }

    @POST
    @Operation(summary = "Publish a post as the caller, who must be {userId} (else 403; 404 without a profile); counted "
            + "in the author's monthly stats")
    @APIResponseSchema(value = Post.class, responseCode = "201", responseDescription = "The new post (ETag, Location)")
    @APIResponse(responseCode = "403", description = "The caller is not {userId}")
    @APIResponse(responseCode = "404", description = "{userId} has no profile")
    public Uni<Response> create(@PathParam("userId") @ValidId String userId,
            @HeaderParam(Idempotency.HEADER) @Parameter(description = Idempotency.HEADER_DOC) String idempotencyKey,
            @Valid @NotNull CreatePostRequest body) {
        Caller caller = Caller.of(token);
        return idempotency.create(caller, idempotencyKey, body, Post.class,
                p -> Responses.created(Responses.uri("/users/{userId}/posts/{postId}", userId, p.postId()), p,
                        p.version()),
                () -> posts.create(caller, userId, body.title(), body.body()));
    }

    @GET
    @Operation(summary = "A user's posts, newest first (an unknown user has none)")
    public Uni<Page<Post>> list(@PathParam("userId") @ValidId String userId, @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor) {
        return posts.list(userId, PageRequest.of(limit, cursor));
    }

    @GET
    @Path("/{postId}")
    @Operation(summary = "One post")
    @APIResponseSchema(value = Post.class, responseCode = "200", responseDescription = "The post (ETag)")
    @APIResponse(responseCode = "404", description = "No such post")
    public Uni<Response> get(@PathParam("userId") @ValidId String userId,
            @PathParam("postId") @ValidId String postId) {
        return posts.get(userId, postId).map(p -> Responses.ok(p, p.version()));
    }

    @PATCH
    @Path("/{postId}")
    @Operation(summary = "Change title and/or body (an empty title removes it); only the author (else 403); If-Match "
            + "gives 412 on a stale ETag")
    @APIResponseSchema(value = Post.class, responseCode = "200", responseDescription = "The changed post (ETag)")
    @APIResponse(responseCode = "403", description = "The caller is not the author")
    @APIResponse(responseCode = "404", description = "No such post")
    public Uni<Response> update(@PathParam("userId") @ValidId String userId,
            @PathParam("postId") @ValidId String postId, @HeaderParam("If-Match") String ifMatch,
            @Valid @NotNull UpdatePostRequest body) {
        if (body.isEmpty()) {
            throw ProblemException.badRequest("body", "send title and/or body");
        }
        return posts.update(Caller.of(token), userId, postId, body.title(), body.body(), ETags.requiredVersion(ifMatch))
                .map(p -> Responses.ok(p, p.version()));
    }

    @DELETE
    @Path("/{postId}")
    @Operation(summary = "Delete a post and all its comments; only the author (else 403); If-Match gives 412 on a stale "
            + "ETag and deletes nothing; 404 touches nothing. The post is gone at once; its comments are deleted by "
            + "the request (204) or, when they take longer, by the service's pending work (202), with no retry "
            + "needed; repeating a DELETE not finished yet takes its work over (204 or 202)")
    @APIResponse(responseCode = "204", description = "The post and its comments are deleted")
    @APIResponseSchema(value = DeletionPending.class, responseCode = "202", responseDescription = "The post is "
            + "deleted; its remaining comments are being deleted by the service, with no retry needed")
    @APIResponse(responseCode = "403", description = "The caller is not the author")
    @APIResponse(responseCode = "404", description = "No such post")
    public Uni<Response> delete(@PathParam("userId") @ValidId String userId,
            @PathParam("postId") @ValidId String postId, @HeaderParam("If-Match") String ifMatch) {
        return deletion.delete(Caller.of(token), userId, postId, ETags.requiredVersion(ifMatch))
                .map(finished -> Responses.deleted(finished, postId));
    }

    @POST
    @Path("/{postId}/comments")
    @Operation(summary = "Comment on a post as the caller (the token's subject is the author; 404 when the post is "
            + "gone, 403 when the caller has no profile); increments the post's commentCount in the same transaction")
    @APIResponseSchema(value = Comment.class, responseCode = "201", responseDescription = "The new comment (Location)")
    @APIResponse(responseCode = "403", description = "The caller has no profile")
    @APIResponse(responseCode = "404", description = "No such post")
    public Uni<Response> comment(@PathParam("userId") @ValidId String userId,
            @PathParam("postId") @ValidId String postId,
            @HeaderParam(Idempotency.HEADER) @Parameter(description = Idempotency.HEADER_DOC) String idempotencyKey,
            @Valid @NotNull CreateCommentRequest body) {
        Caller caller = Caller.of(token);
        return idempotency.create(caller, idempotencyKey, body, Comment.class,
                c -> Responses.created(Responses.uri("/users/{userId}/posts/{postId}/comments/{commentId}", userId,
                        postId, c.commentId()), c, c.version()),
                () -> posts.comment(caller, userId, postId, body.body()));
    }

    @GET
    @Path("/{postId}/comments")
    @Operation(summary = "A post's comments, oldest first")
    public Uni<Page<Comment>> comments(@PathParam("userId") @ValidId String userId,
            @PathParam("postId") @ValidId String postId, @QueryParam("limit") String limit,
            @QueryParam("cursor") String cursor) {
        return posts.comments(userId, postId, PageRequest.of(limit, cursor));
    }

    @GET
    @Path("/{postId}/comments/{commentId}")
    @Operation(summary = "One comment, with its ETag (a strongly consistent read); 404 when it is not under that "
            + "user's post")
    @APIResponseSchema(value = Comment.class, responseCode = "200", responseDescription = "The comment (ETag)")
    @APIResponse(responseCode = "404", description = "No such comment under that user's post")
    public Uni<Response> getComment(@PathParam("userId") @ValidId String userId,
            @PathParam("postId") @ValidId String postId, @PathParam("commentId") @ValidId String commentId) {
        return posts.getComment(userId, postId, commentId).map(c -> Responses.ok(c, c.version()));
    }

    @PATCH
    @Path("/{postId}/comments/{commentId}")
    @Operation(summary = "Change a comment's body; only its author (else 403); If-Match gives 412 on a stale ETag; "
            + "404 when it is not under that user's post; nothing is written on any refusal")
    @APIResponseSchema(value = Comment.class, responseCode = "200", responseDescription = "The changed comment (ETag)")
    @APIResponse(responseCode = "403", description = "The caller is not the comment's author")
    @APIResponse(responseCode = "404", description = "No such comment under that user's post")
    public Uni<Response> editComment(@PathParam("userId") @ValidId String userId,
            @PathParam("postId") @ValidId String postId, @PathParam("commentId") @ValidId String commentId,
            @HeaderParam("If-Match") String ifMatch, @Valid @NotNull UpdateCommentRequest body) {
        return posts.editComment(Caller.of(token), userId, postId, commentId, body.body(),
                        ETags.requiredVersion(ifMatch))
                .map(c -> Responses.ok(c, c.version()));
    }

    @DELETE
    @Path("/{postId}/comments/{commentId}")
    // 204 has no body: a client that accepts only problem+json (its error answers) is served, not refused (406).
    @Produces({ MediaType.APPLICATION_JSON, Problem.MEDIA_TYPE })
    @Operation(summary = "Delete a comment; its author or the post's owner (else 403); the post's commentCount goes "
            + "down in the same transaction; If-Match gives 412 on a stale ETag; 404 when it is not under that "
            + "user's post; nothing is written on any refusal")
    @APIResponse(responseCode = "204", description = "Deleted; the post's commentCount went down")
    @APIResponse(responseCode = "403", description = "Neither the comment's author nor the post's owner")
    @APIResponse(responseCode = "404", description = "No such comment under that user's post")
    public Uni<Response> deleteComment(@PathParam("userId") @ValidId String userId,
            @PathParam("postId") @ValidId String postId, @PathParam("commentId") @ValidId String commentId,
            @HeaderParam("If-Match") String ifMatch) {
        return posts.deleteComment(Caller.of(token), userId, postId, commentId, ETags.requiredVersion(ifMatch))
                .map(ignored -> Response.noContent().build());
    }
}
