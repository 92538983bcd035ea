package dev.trident.workspace.model;

/** A member edge: {@code userId}'s role in workspace {@code workspaceId}. */
public record Member(String workspaceId, String userId, MemberRole role, long version, String createdAt,
        String updatedAt) {
}
