package dev.trident.social.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A post; {@code commentCount} is maintained in the same transaction as each comment. */
@Schema(example = "{\"userId\": \"ada\", \"postId\": \"01JTB8ZK3V6W9XQ2M4N7P5R8ST\", \"title\": \"Notes\", "
        + "\"body\": \"On the engine.\", \"commentCount\": 2, \"version\": 1, "
        + "\"createdAt\": \"2026-05-02T10:00:00.000Z\", \"updatedAt\": \"2026-05-02T10:00:00.000Z\"}")
public record Post(String userId, String postId,
        @Schema(description = "The title; null for a post without one", nullable = true) String title, String body,
        long commentCount, long version, String createdAt, String updatedAt) {
}
