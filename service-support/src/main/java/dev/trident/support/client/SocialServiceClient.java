package dev.trident.support.client;

import io.smallrye.faulttolerance.api.ApplyGuard;
import jakarta.ws.rs.Path;
import org.eclipse.microprofile.rest.client.annotation.RegisterProvider;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/**
 * social-service's profiles ({@code GET /users/{id}}), as enrollment-service and workspace-service read them. Base
 * URL, connect and read timeouts come from {@code quarkus.rest-client.social-service.*} ({@code SOCIAL_SERVICE_URL});
 * every call runs under the social-service guard ({@link PeerGuards}). A service that never injects it
 * (social-service) never builds it.
 */
@RegisterRestClient(configKey = "social-service")
@RegisterProvider(RejectedByDependencyMapper.class)
@ApplyGuard(PeerGuards.SOCIAL_SERVICE)
@Path("/users")
public interface SocialServiceClient extends PeerResource<SocialUser> {
}
