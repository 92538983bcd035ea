package dev.trident.support.security;

import java.util.Set;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Who is asking: the verified token's {@code sub} and {@code groups}, and the {@code Authorization} value to pass on
 * to another service so that it applies its own rules to the same caller. Taken from the token on the request
 * thread, before any asynchronous work, and handed down explicitly.
 */
public record Caller(String userId, Set<String> roles, String authorization) {

    /** Platform roles, as carried in {@code groups}. */
    public static final String ADMIN = "admin";
    public static final String REGISTRAR = "registrar";
    public static final String INSTRUCTOR = "instructor";

    /** The caller of the current request; only called once the token was verified (every route but /q/*). */
    public static Caller of(JsonWebToken token) {
        Set<String> groups = token.getGroups();
        return new Caller(token.getSubject(), groups == null ? Set.of() : Set.copyOf(groups),
                "Bearer " + token.getRawToken());
    }

    public boolean hasRole(String role) {
        return roles.contains(role);
    }

    /** Whether the caller is the user with this id. */
    public boolean is(String otherUserId) {
        return userId != null && userId.equals(otherUserId);
    }
}
