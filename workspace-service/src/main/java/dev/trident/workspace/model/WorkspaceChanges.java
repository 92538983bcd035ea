package dev.trident.workspace.model;

/** A settings update: null fields stay as they are; {@code shards} may only repeat the stored value. */
public record WorkspaceChanges(String displayName, String region, Integer seatLimit, Integer shards) {
}
