package dev.trident.social.rest;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Null;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code POST /users/{userId}/posts/{postId}/comments}. The author is the caller (the token's subject). A sent
 * {@code authorId} is a 400 rather than ignored, so no client believes it commented in someone else's name.
 */
public record CreateCommentRequest(
        @Null(message = "the author is the caller (the token's subject); do not send it") String authorId,
        @NotBlank @Size(max = SocialLimits.COMMENT_BODY_MAX) String body) {
}
