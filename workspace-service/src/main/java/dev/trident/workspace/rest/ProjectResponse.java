package dev.trident.workspace.rest;

import dev.trident.workspace.model.Project;

public record ProjectResponse(String workspaceId, String id, String title, String status, String createdBy,
        String createdByName, long version, String createdAt, String updatedAt) {

    static ProjectResponse of(Project p) {
        return new ProjectResponse(p.workspaceId(), p.id().toString(), p.title(), p.status().name(), p.createdBy(),
                p.createdByName(), p.version(), p.createdAt(), p.updatedAt());
    }
}
