package dev.trident.social.rest;

import jakarta.validation.constraints.Null;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code PATCH /users/{userId}}: absent fields stay as they are; an empty bio removes it. The handle cannot
 * change.
 */
public record UpdateUserRequest(
        @Null(message = "cannot be changed") String handle,
        @Size(min = 1, max = SocialLimits.DISPLAY_NAME_MAX)
        @Pattern(regexp = SocialLimits.NOT_BLANK, message = "must not be blank") String displayName,
        @Size(max = SocialLimits.BIO_MAX) String bio) {

    boolean isEmpty() {
        return displayName == null && bio == null;
    }
}
