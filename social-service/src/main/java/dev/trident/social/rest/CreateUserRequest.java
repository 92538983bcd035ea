package dev.trident.social.rest;

import dev.trident.keys.Ids;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Null;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code POST /users}, the caller's own profile: its id is the token's subject, so a sent {@code userId} is a
 * 400 rather than ignored. {@code handle} is unique regardless of case and shown as given.
 */
public record CreateUserRequest(
        @Null(message = "a profile's id is the caller's (the token's subject); do not send it") String userId,
        @NotNull
        @Pattern(regexp = Ids.PATTERN_TEXT, message = "must be 1..64 letters, digits, '.', '_' or '-', starting with a "
                + "letter or digit") String handle,
        @NotBlank @Size(max = SocialLimits.DISPLAY_NAME_MAX) String displayName,
        @Size(max = SocialLimits.BIO_MAX) String bio) {
}
