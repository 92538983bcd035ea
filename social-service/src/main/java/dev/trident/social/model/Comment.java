package dev.trident.social.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * A comment under a post; {@code postAuthorId} is the owner of the post, {@code authorId} the commenter. Its author
 * may edit its body: {@code version} (the ETag) and {@code updatedAt} move with each edit.
 */
@Schema(example = "{\"postId\": \"01JTB8ZK3V6W9XQ2M4N7P5R8ST\", \"postAuthorId\": \"ada\", "
        + "\"commentId\": \"01JTBA0F7H2J4K6M8N0P2Q4R6S\", \"authorId\": \"grace\", "
        + "\"body\": \"Well put.\", \"version\": 1, \"createdAt\": \"2026-05-02T11:15:00.000Z\", "
        + "\"updatedAt\": \"2026-05-02T11:15:00.000Z\"}")
public record Comment(String postId, String postAuthorId, String commentId, String authorId, String body,
        long version, String createdAt, String updatedAt) {

    /** A new comment: version 1, never edited. */
    public static Comment created(String postId, String postAuthorId, String commentId, String authorId, String body,
            String createdAt) {
        return new Comment(postId, postAuthorId, commentId, authorId, body, 1, createdAt, createdAt);
    }
}
