package dev.trident.social.rest;

import dev.trident.social.model.Post;
import dev.trident.social.service.PostService;
import dev.trident.support.paging.Page;
import dev.trident.support.paging.PageRequest;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

@Path("/timeline")
@SecurityRequirement(name = SocialApplication.BEARER)
@Tag(name = "timeline")
@Produces(MediaType.APPLICATION_JSON)
public class TimelineResource {

    private final PostService posts;

    TimelineResource(PostService posts) {
        this.posts = posts;
    }

    @GET
    @Operation(summary = "Everyone's posts, newest first, month by month back from the current month (reads GSI2: "
            + "eventually consistent, a new post may take a moment to appear)")
    public Uni<Page<Post>> timeline(@QueryParam("limit") String limit, @QueryParam("cursor") String cursor) {
        return posts.timeline(PageRequest.of(limit, cursor));
    }
}
