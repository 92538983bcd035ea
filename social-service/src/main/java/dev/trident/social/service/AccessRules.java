package dev.trident.social.service;

import dev.trident.keys.Ids;
import dev.trident.keys.InvalidKeyException;
import dev.trident.support.problem.ProblemException;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Who may do what in social-service (DESIGN.md, "Who may do what"), in one place.
 * <ul>
 *   <li>Every route but {@code /q/*} needs a valid bearer JWT: {@code quarkus.security.jaxrs.default-roles-allowed}
 *   answers 401 before any rule here runs.</li>
 *   <li>Any authenticated caller reads profiles, posts, comments, the timeline, stats and batch-get: no rule.</li>
 *   <li>{@code POST /users} creates the caller's own profile: its id is the token's {@code sub}
 *   ({@link #callerId()}).</li>
 *   <li>Only the owner changes their profile, publishes, changes and deletes their posts
 *   ({@link #requireSelf(String)}, 403 otherwise, before anything is read or written).</li>
 *   <li>A comment's author is the caller, and the caller needs a profile to comment
 *   ({@link #commenterWithoutProfile()}: 403).</li>
 * </ul>
 * Profiles and posts are public, so a 403 reveals nothing a read would not: no rule needs a 404 to hide data.
 * The rules read the token eagerly, while the request is being dispatched, never from a DynamoDB callback.
 */
@ApplicationScoped
public class AccessRules {

    private final JsonWebToken token;

    AccessRules(JsonWebToken token) {
        this.token = token;
    }

    /**
     * The caller's user id: the token's {@code sub}. A subject that cannot be a user id (e.g. one holding a
     * {@code #}) can own nothing here: 403, since the client cannot fix it by changing its request.
     */
    public String callerId() {
        String subject = token.getSubject();
        try {
            return Ids.require("sub", subject);
        } catch (InvalidKeyException e) {
            throw ProblemException.forbidden("the token's subject cannot be a user id: " + e.getMessage());
        }
    }

    /** Only the user themselves may change what lives under {@code /users/{userId}}. */
    public void requireSelf(String userId) {
        String caller = callerId();
        if (!caller.equals(userId)) {
            throw ProblemException.forbidden("user " + caller + " may not change what belongs to user " + userId);
        }
    }

    /**
     * Commenting needs a profile of one's own; the transaction's ConditionCheck on the caller found none. A 403,
     * not a 422: nothing in the request names the author, the caller lacks the right until they have a profile.
     */
    static ProblemException commenterWithoutProfile() {
        return ProblemException.forbidden("the caller has no profile: create it (POST /users) before commenting");
    }
}
