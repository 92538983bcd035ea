package dev.trident.workspace.repository;

import dev.trident.keys.WorkspaceKeys;
import dev.trident.keys.entity.KeyInputs;
import dev.trident.workspace.model.Member;
import dev.trident.workspace.model.Project;
import dev.trident.workspace.model.Workspace;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The stored forms of the workspace entities, from their declarations in {@link WorkspaceEntities}: for tests that
 * write items behind the service's back, as another instance (or an older release) would.
 */
public final class StoredItems {

    private StoredItems() {
    }

    public static Map<String, AttributeValue> item(Workspace workspace) {
        return WorkspaceEntities.WORKSPACE.toItem(workspace);
    }

    public static Map<String, AttributeValue> item(Member member) {
        return WorkspaceEntities.MEMBER.toItem(member);
    }

    /** A project of a workspace of {@code shards} shards, on the default count of status shards. */
    public static Map<String, AttributeValue> item(Project project, int shards) {
        return WorkspaceEntities.PROJECT.with(KeyInputs.of(WorkspaceEntities.WORKSPACE_SHARDS, shards)
                .and(WorkspaceEntities.STATUS_SHARDS, WorkspaceKeys.DEFAULT_PROJECT_STATUS_SHARDS)).toItem(project);
    }
}
