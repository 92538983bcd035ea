package dev.trident.workspace.rest;

import dev.trident.workspace.model.Workspace;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A workspace's settings; {@code id} repeats {@code workspaceId} under its former name (deprecated). */
@Schema(example = "{\"workspaceId\": \"acme\", \"id\": \"acme\", \"displayName\": \"Acme\", "
        + "\"region\": \"eu-west-1\", \"seatLimit\": 50, \"ownerId\": \"ada\", \"shards\": 1, "
        + "\"version\": 2, \"createdAt\": \"2026-04-01T08:00:00.000Z\", "
        + "\"updatedAt\": \"2026-04-02T08:00:00.000Z\"}")
public record WorkspaceResponse(
        String workspaceId,
        @Schema(deprecated = true, description = "Deprecated: the same value as `workspaceId`, its former name")
        String id,
        String displayName, String region, int seatLimit, String ownerId, int shards, long version, String createdAt,
        String updatedAt) {

    static WorkspaceResponse of(Workspace w) {
        return new WorkspaceResponse(w.id(), w.id(), w.displayName(), w.region(), w.seatLimit(), w.ownerId(),
                w.shards(), w.version(), w.createdAt(), w.updatedAt());
    }
}
