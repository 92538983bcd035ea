package dev.trident.social.model;

/** A comment under a post; {@code postAuthorId} is the owner of the post, {@code authorId} the commenter. */
public record Comment(String postId, String postAuthorId, String commentId, String authorId, String body,
        String createdAt) {
}
