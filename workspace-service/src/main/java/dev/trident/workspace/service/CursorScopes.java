package dev.trident.workspace.service;

import dev.trident.keys.ProjectStatus;
import dev.trident.workspace.model.CreatedRange;

/**
 * The scopes list cursors are signed for: a cursor resumes only the list, and the partition, it was issued for
 * (another workspace's or user's cursor is a 400). A sharded list's scope names its shard count too: a cursor from
 * another layout would treat new shards as exhausted.
 */
final class CursorScopes {

    private CursorScopes() {
    }

    /** A workspace's projects (GET /workspaces/{wsId}/projects). */
    static String projects(String wsId, int shards) {
        return "workspace:projects:" + wsId + ":shards=" + shards;
    }

    /** A workspace's projects of one status (GET /workspaces/{wsId}/projects?status=). */
    static String projectsWithStatus(String wsId, ProjectStatus status, int shards) {
        return "workspace:projects:" + wsId + ":status=" + status.name() + ":shards=" + shards;
    }

    /**
     * Projects of one status across workspaces (GET /projects?status=), bound to the status shard count and to the
     * range, so a cursor never resumes a wider (or other) range than the one it was issued for.
     */
    static String projectsByStatus(ProjectStatus status, CreatedRange range, int statusShards) {
        return "workspace:projects-by-status:" + status.name() + ":shards=" + statusShards
                + (range.bounded() ? ":from=" + range.from() + ":to=" + range.to() : "");
    }

    /** A workspace's settings and projects (GET /workspaces/{wsId}?include=projects). */
    static String stack(String wsId, int shards) {
        return "workspace:stack:" + wsId + ":shards=" + shards;
    }

    /** A workspace's members (GET /workspaces/{wsId}/members). */
    static String members(String wsId) {
        return "workspace:members:" + wsId;
    }

    /** A user's memberships (GET /workspaces?member=). */
    static String workspacesOf(String userId) {
        return "workspace:of-user:" + userId;
    }
}
