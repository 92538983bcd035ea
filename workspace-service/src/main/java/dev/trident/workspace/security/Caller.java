package dev.trident.workspace.security;

import java.util.Set;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * The authenticated caller of one request: {@code userId} is the token's {@code sub}, {@code roles} its platform
 * roles ({@code groups}), {@code authorization} the header to pass on to social-service so it applies its own rules.
 * Taken from the token on the request thread, before any asynchronous work, and handed down explicitly.
 */
public record Caller(String userId, Set<String> roles, String authorization) {

    public static Caller of(JsonWebToken token) {
        Set<String> groups = token.getGroups();
        return new Caller(token.getSubject(), groups == null ? Set.of() : Set.copyOf(groups),
                "Bearer " + token.getRawToken());
    }

    public boolean hasRole(String role) {
        return roles.contains(role);
    }
}
