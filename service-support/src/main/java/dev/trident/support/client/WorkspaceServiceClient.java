package dev.trident.support.client;

import io.smallrye.faulttolerance.api.ApplyGuard;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * workspace-service's workspaces ({@code GET /workspaces/{id}}), as this service reads them. Base URL, connect and
 * read timeouts come from {@code quarkus.rest-client.workspace-service.*} ({@code WORKSPACE_SERVICE_URL}); every call
 * runs under the workspace-service guard ({@link PeerGuards}), with a breaker of its own: a failing workspace-service
 * never stops student registration.
 */
@RegisterRestClient(configKey = "workspace-service")
@RegisterProvider(RejectedByDependencyMapper.class)
@ApplyGuard(PeerGuards.WORKSPACE_SERVICE)
@Path("/workspaces")
public interface WorkspaceServiceClient extends PeerResource<WorkspaceRef> {
}
