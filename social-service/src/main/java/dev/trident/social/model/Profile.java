package dev.trident.social.model;

/** A user profile as clients see it; {@code handle} keeps the case it was created with. */
public record Profile(String userId, String handle, String displayName, String bio, long version, String createdAt,
        String updatedAt) {
}
