package dev.trident.social.model;

import dev.trident.support.paging.Page;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A profile and its newest posts, read together; {@code posts.nextCursor} continues at {@code /users/{id}/posts}. */
public record ProfileWithPosts(@Schema(description = "With include=posts: the profile") Profile profile,
        @Schema(description = "With include=posts: a page of its newest posts") Page<Post> posts) {
}
