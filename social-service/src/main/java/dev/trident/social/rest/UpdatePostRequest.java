package dev.trident.social.rest;

import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** Body of {@code PATCH /users/{userId}/posts/{postId}}: absent fields stay as they are; an empty title removes it. */
public record UpdatePostRequest(
        @Size(max = SocialLimits.TITLE_MAX) String title,
        @Size(min = 1, max = SocialLimits.POST_BODY_MAX)
        @Pattern(regexp = SocialLimits.NOT_BLANK, message = "must not be blank") String body) {

    boolean isEmpty() {
        return title == null && body == null;
    }
}
