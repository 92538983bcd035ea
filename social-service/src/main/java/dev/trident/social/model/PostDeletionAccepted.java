package dev.trident.social.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The answer to a post DELETE whose comments were not all deleted within the request: the post is gone, the rest is
 * the service's pending work and needs no retry.
 */
@Schema(description = "A post deleted, its remaining comments being deleted by the service",
        example = "{\"userId\": \"ada\", \"postId\": \"01JTB8ZK3V6W9XQ2M4N7P5R8ST\", \"comments\": \"DELETING\"}")
public record PostDeletionAccepted(String userId, String postId, String comments) {

    public static final String DELETING = "DELETING";

    public static PostDeletionAccepted of(String userId, String postId) {
        return new PostDeletionAccepted(userId, postId, DELETING);
    }
}
