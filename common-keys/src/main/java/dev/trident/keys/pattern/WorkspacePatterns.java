package dev.trident.keys.pattern;

import static dev.trident.keys.pattern.SharedPatterns.ERASE_ACCOUNT;
import static dev.trident.keys.pattern.SharedPatterns.PENDING_WORK_POLL;

import dev.trident.keys.ItemCollection;
import dev.trident.keys.WorkspaceKeys;
import java.util.List;

/** The access patterns of workspace-service: workspaces, their members and their sharded projects. */
public final class WorkspacePatterns {

    public static final String SERVICE = "workspace-service";

    // workspaces
    /** A workspace's projects, all or of one status (the status is a part of the latter's scopes). */
    private static final String PROJECTS_SCOPE = "workspace:projects";

    public static final AccessPattern WORKSPACE_CREATE = AccessPattern.named("workspace-create");
    /** The settings item every route of a workspace reads first: its members' rules and its shard count. */
    public static final AccessPattern WORKSPACE_ACCESS = AccessPattern.reads("workspace-access",
            ItemCollection.WORKSPACE).consistent().routes("GET /workspaces/{wsId}", "PATCH /workspaces/{wsId}",
                    "DELETE /workspaces/{wsId}", "GET /workspaces/{wsId}?include=projects",
                    "GET /workspaces/{wsId}/members", "PUT /workspaces/{wsId}/members/{userId}",
                    "DELETE /workspaces/{wsId}/members/{userId}", "POST /workspaces/{wsId}/projects",
                    "GET /workspaces/{wsId}/projects", "GET /workspaces/{wsId}/projects/{projectId}",
                    "PATCH /workspaces/{wsId}/projects/{projectId}", "DELETE /workspaces/{wsId}/projects/{projectId}");
    public static final AccessPattern WORKSPACE_UPDATE = AccessPattern.named("workspace-update");
    public static final AccessPattern WORKSPACE_DELETE = AccessPattern.named("workspace-delete");
    public static final AccessPattern WORKSPACE_PARTITION_ITEMS = AccessPattern.reads("workspace-partition-items",
            ItemCollection.WORKSPACE, ItemCollection.WORKSPACE_SHARD).consistent()
            .routes("DELETE /workspaces/{wsId}", ERASE_ACCOUNT);
    public static final AccessPattern WORKSPACE_PARTITION_DELETE = AccessPattern.named("workspace-partition-delete");
    // members
    public static final AccessPattern MEMBER = AccessPattern.reads("member", ItemCollection.WORKSPACE).consistent()
            .routes("PUT /workspaces/{wsId}/members/{userId}", "DELETE /workspaces/{wsId}/members/{userId}");
    public static final AccessPattern MEMBER_PUT = AccessPattern.named("member-put");
    public static final AccessPattern MEMBER_REMOVE = AccessPattern.named("member-remove");
    public static final AccessPattern WORKSPACE_MEMBERS = AccessPattern.reads("workspace-members",
            ItemCollection.WORKSPACE).beginsWith(WorkspaceKeys.membersPrefix())
            .routes("GET /workspaces/{wsId}/members").pagedAs("workspace:members");
    public static final AccessPattern WORKSPACES_OF_USER = AccessPattern.reads("workspaces-of-user",
            ItemCollection.USER_INVERTED).beginsWith(WorkspaceKeys.workspacesOfUserPrefix())
            .routes("GET /workspaces?member={userId}").pagedAs("workspace:of-user");
    // projects
    public static final AccessPattern PROJECT_SEQUENCE = AccessPattern.named("project-sequence");
    public static final AccessPattern PROJECT_CREATE = AccessPattern.named("project-create");
    public static final AccessPattern PROJECT = AccessPattern.reads("project", ItemCollection.WORKSPACE,
            ItemCollection.WORKSPACE_SHARD).consistent().routes("GET /workspaces/{wsId}/projects/{projectId}");
    public static final AccessPattern WORKSPACE_PROJECTS = AccessPattern.reads("workspace-projects",
            ItemCollection.WORKSPACE, ItemCollection.WORKSPACE_SHARD).beginsWith(WorkspaceKeys.projectsPrefix())
            .newestFirst().routes("GET /workspaces/{wsId}/projects").pagedAs(PROJECTS_SCOPE);
    public static final AccessPattern WORKSPACE_WITH_PROJECTS = AccessPattern.reads("workspace-with-projects",
            ItemCollection.WORKSPACE, ItemCollection.WORKSPACE_SHARD).beginsWith(WorkspaceKeys.projectsPrefix())
            .newestFirst().routes("GET /workspaces/{wsId}?include=projects").pagedAs("workspace:stack");
    public static final AccessPattern WORKSPACE_PROJECTS_BY_STATUS = AccessPattern.reads(
            "workspace-projects-by-status", ItemCollection.WORKSPACE_PROJECTS_BY_STATUS).newestFirst()
            .routes("GET /workspaces/{wsId}/projects?status={status}").pagedAs(PROJECTS_SCOPE);
    public static final AccessPattern PROJECTS_BY_STATUS = AccessPattern.reads("projects-by-status",
            ItemCollection.PROJECTS_BY_STATUS).newestFirst().routes("GET /projects?status={status}")
            .pagedAs("workspace:projects-by-status");
    public static final AccessPattern PROJECT_UPDATE = AccessPattern.named("project-update");
    public static final AccessPattern PROJECT_DELETE = AccessPattern.named("project-delete");
    // the erasure of an account
    public static final AccessPattern ERASURE_MEMBERSHIPS = AccessPattern.reads("erasure-memberships",
            ItemCollection.USER_INVERTED).beginsWith(WorkspaceKeys.workspacesOfUserPrefix()).routes(ERASE_ACCOUNT);
    public static final AccessPattern ERASURE_MEMBERS = AccessPattern.reads("erasure-members",
            ItemCollection.WORKSPACE).beginsWith(WorkspaceKeys.membersPrefix()).consistent().routes(ERASE_ACCOUNT);
    public static final AccessPattern ERASURE_WORKSPACE_META = AccessPattern.reads("erasure-workspace-meta",
            ItemCollection.WORKSPACE).consistent().routes(ERASE_ACCOUNT);
    public static final AccessPattern ERASURE_CREATED_PROJECTS = AccessPattern.reads("erasure-created-projects",
            ItemCollection.WORKSPACE, ItemCollection.WORKSPACE_SHARD).beginsWith(WorkspaceKeys.projectsPrefix())
            .routes(ERASE_ACCOUNT);
    public static final AccessPattern ERASURE_PROJECT_ANONYMISE = AccessPattern.named("erasure-project-anonymise");
    // made through service-support
    public static final AccessPattern ERASURE_RECORD = SharedPatterns.ERASURE_RECORD.routes(ERASE_ACCOUNT);
    public static final AccessPattern WORK_PENDING = SharedPatterns.WORK_PENDING.routes(PENDING_WORK_POLL);
    public static final AccessPattern IDEMPOTENCY_RECORD = SharedPatterns.IDEMPOTENCY_RECORD
            .routes("POST /workspaces", "POST /workspaces/{wsId}/projects");

    /** Every pattern of the service, in the order above. */
    public static final List<AccessPattern> ALL = List.of(WORKSPACE_CREATE, WORKSPACE_ACCESS, WORKSPACE_UPDATE,
            WORKSPACE_DELETE, WORKSPACE_PARTITION_ITEMS, WORKSPACE_PARTITION_DELETE, MEMBER, MEMBER_PUT, MEMBER_REMOVE,
            WORKSPACE_MEMBERS, WORKSPACES_OF_USER, PROJECT_SEQUENCE, PROJECT_CREATE, PROJECT, WORKSPACE_PROJECTS,
            WORKSPACE_WITH_PROJECTS, WORKSPACE_PROJECTS_BY_STATUS, PROJECTS_BY_STATUS, PROJECT_UPDATE, PROJECT_DELETE,
            ERASURE_MEMBERSHIPS, ERASURE_MEMBERS, ERASURE_WORKSPACE_META, ERASURE_CREATED_PROJECTS,
            ERASURE_PROJECT_ANONYMISE, ERASURE_RECORD, WORK_PENDING, IDEMPOTENCY_RECORD);

    private WorkspacePatterns() {
    }
}
