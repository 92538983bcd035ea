package dev.trident.social.rest;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/** Body of {@code POST /users/{userId}/posts}. */
public record CreatePostRequest(
        @Size(max = SocialLimits.TITLE_MAX) String title,
        @NotBlank @Size(max = SocialLimits.POST_BODY_MAX) String body) {
}
