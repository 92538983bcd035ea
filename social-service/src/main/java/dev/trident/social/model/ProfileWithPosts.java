package dev.trident.social.model;

import dev.trident.support.paging.Page;

/** A profile and its newest posts, read together; {@code posts.nextCursor} continues at {@code /users/{id}/posts}. */
public record ProfileWithPosts(Profile profile, Page<Post> posts) {
}
