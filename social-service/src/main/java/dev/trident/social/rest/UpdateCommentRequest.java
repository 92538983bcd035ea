package dev.trident.social.rest;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Null;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code PATCH /users/{userId}/posts/{postId}/comments/{commentId}}: the new body; nothing else of a comment
 * changes (a sent {@code authorId} is a 400).
 */
public record UpdateCommentRequest(
        @Null(message = "cannot be changed") String authorId,
        @NotBlank @Size(max = SocialLimits.COMMENT_BODY_MAX) String body) {
}
