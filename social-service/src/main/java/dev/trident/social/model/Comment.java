package dev.trident.social.model;

/**
 * A comment under a post; {@code postAuthorId} is the owner of the post, {@code authorId} the commenter. Its author
 * may edit its body: {@code version} (the ETag) and {@code updatedAt} move with each edit.
 */
public record Comment(String postId, String postAuthorId, String commentId, String authorId, String body,
        long version, String createdAt, String updatedAt) {

    /** A new comment: version 1, never edited. */
    public static Comment created(String postId, String postAuthorId, String commentId, String authorId, String body,
            String createdAt) {
        return new Comment(postId, postAuthorId, commentId, authorId, body, 1, createdAt, createdAt);
    }
}
