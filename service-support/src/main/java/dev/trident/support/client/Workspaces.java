package dev.trident.support.client;

import jakarta.inject.Singleton;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * Workspaces of workspace-service as the enrollment rules need them: {@link #require} gives a course's workspace if
 * the caller is a member of it, or a 422 naming the field and the id. workspace-service answers a non-member 404, as
 * if the workspace did not exist, so "unknown" here means "no workspace of yours".
 */
@Singleton
public class Workspaces extends PeerLookup<WorkspaceRef> {

    Workspaces(@RestClient WorkspaceServiceClient workspaceService) {
        super(PeerGuards.WORKSPACE_SERVICE, workspaceService);
    }
}
