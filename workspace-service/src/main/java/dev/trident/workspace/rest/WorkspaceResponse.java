package dev.trident.workspace.rest;

import dev.trident.workspace.model.Workspace;

public record WorkspaceResponse(String id, String displayName, String region, int seatLimit, String ownerId,
        int shards, long version, String createdAt, String updatedAt) {

    static WorkspaceResponse of(Workspace w) {
        return new WorkspaceResponse(w.id(), w.displayName(), w.region(), w.seatLimit(), w.ownerId(), w.shards(),
                w.version(), w.createdAt(), w.updatedAt());
    }
}
