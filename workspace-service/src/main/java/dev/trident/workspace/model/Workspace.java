package dev.trident.workspace.model;

/** A workspace's settings (the {@code META} item). {@code shards} is fixed at creation. */
public record Workspace(String id, String displayName, String region, int seatLimit, String ownerId, int shards,
        long version, String createdAt, String updatedAt) {
}
