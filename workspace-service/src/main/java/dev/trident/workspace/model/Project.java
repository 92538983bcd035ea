package dev.trident.workspace.model;

import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;

/** A project of a workspace. */
public record Project(String workspaceId, ProjectId id, String title, ProjectStatus status, String createdBy,
        long version, String createdAt, String updatedAt) {
}
