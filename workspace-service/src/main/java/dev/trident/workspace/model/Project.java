package dev.trident.workspace.model;

import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;

/**
 * A project of a workspace. {@code createdByName} is the creator's social display name as it was at creation (a
 * snapshot, not kept in sync; null on projects stored before names were kept).
 */
public record Project(String workspaceId, ProjectId id, String title, ProjectStatus status, String createdBy,
        String createdByName, long version, String createdAt, String updatedAt) {
}
