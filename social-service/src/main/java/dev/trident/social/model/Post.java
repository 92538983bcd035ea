package dev.trident.social.model;

/** A post; {@code commentCount} is maintained in the same transaction as each comment. */
public record Post(String userId, String postId, String title, String body, long commentCount, long version,
        String createdAt, String updatedAt) {
}
