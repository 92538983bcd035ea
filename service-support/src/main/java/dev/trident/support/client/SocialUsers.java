package dev.trident.support.client;

import jakarta.inject.Singleton;
import org.eclipse.microprofile.rest.client.inject.RestClient;

/**
 * Users of social-service as enrollment-service and workspace-service need them: {@link #require} gives a referenced
 * user (a student, an owner, a creator, a new member) or a 422 naming the field; social-service being down, slow or
 * failing is a fast 503 with Retry-After, never a hang and never a write.
 */
@Singleton
public class SocialUsers extends PeerLookup<SocialUser> {

    SocialUsers(@RestClient SocialServiceClient socialService) {
        super(PeerGuards.SOCIAL_SERVICE, socialService);
    }
}
