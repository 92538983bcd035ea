package dev.trident.workspace.rest;

import dev.trident.workspace.model.Project;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A project; {@code id} repeats {@code projectId} under its former name, for clients not yet moved (deprecated). */
@Schema(example = "{\"workspaceId\": \"acme\", \"projectId\": \"2026-0007\", \"id\": \"2026-0007\", "
        + "\"title\": \"Launch\", \"status\": \"ACTIVE\", \"createdBy\": \"ada\", "
        + "\"createdByName\": \"Ada Lovelace\", \"version\": 1, "
        + "\"createdAt\": \"2026-05-02T10:00:00.000Z\", \"updatedAt\": \"2026-05-02T10:00:00.000Z\"}")
public record ProjectResponse(
        String workspaceId,
        String projectId,
        @Schema(deprecated = true, description = "Deprecated: the same value as `projectId`, its former name")
        String id,
        String title, String status,
        @Schema(description = "The creator's user id; null once the creator's account is erased", nullable = true)
        String createdBy,
        @Schema(description = "The creator's display name at creation; null when not known or erased",
                nullable = true)
        String createdByName,
        long version, String createdAt, String updatedAt) {

    static ProjectResponse of(Project p) {
        String projectId = p.id().toString();
        return new ProjectResponse(p.workspaceId(), projectId, projectId, p.title(), p.status().name(), p.createdBy(),
                p.createdByName(), p.version(), p.createdAt(), p.updatedAt());
    }
}
