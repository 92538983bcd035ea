package dev.trident.social.service;

import dev.trident.keys.Ids;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.security.Caller;

/**
 * Who may do what in social-service (docs/api.md, "Who may do what"), in one place.
 * <ul>
 *   <li>Every route but {@code /q/*} needs a valid bearer JWT: {@code quarkus.security.jaxrs.default-roles-allowed}
 *   answers 401 before any rule here runs.</li>
 *   <li>Any authenticated caller reads profiles, posts, comments, the timeline, stats and batch-get: no rule.</li>
 *   <li>{@code POST /users} creates the caller's own profile: its id is the token's {@code sub}
 *   ({@link #callerId}).</li>
 *   <li>Only the owner changes their profile, publishes, changes and deletes their posts
 *   ({@link #requireSelf}, 403 otherwise, before anything is read or written).</li>
 *   <li>A comment's author is the caller, and the caller needs a profile to comment
 *   ({@link #commenterWithoutProfile()}: 403).</li>
 *   <li>Only a comment's author edits it; its author or the owner of the post it is under deletes it
 *   ({@link #commentEditor}, {@link #requiredAuthorToDelete}). The author is on the comment, so the write's own
 *   condition decides, and a refusal by another author is a 403 ({@link #notTheCommentsAuthor}).</li>
 * </ul>
 * No role grants anything here, and none overrides ownership. Profiles and posts are public, so a 403 reveals
 * nothing a read would not: no rule needs a 404 to hide data. The {@link Caller} is taken from the token while the
 * request is dispatched, never in a DynamoDB callback.
 */
final class AccessRules {

    private AccessRules() {
    }

    /**
     * The caller's user id: the token's {@code sub}. A subject that cannot be a user id (e.g. one holding a
     * {@code #}) can own nothing here: 403, since the client cannot fix it by changing its request.
     */
    static String callerId(Caller caller) {
        String violation = Ids.violation(caller.userId());
        if (violation != null) {
            throw ProblemException.forbidden("the token's subject cannot be a user id: sub: " + violation);
        }
        return caller.userId();
    }

    /** Only the user themselves may change what lives under {@code /users/{userId}}. */
    static void requireSelf(Caller caller, String userId) {
        String callerId = callerId(caller);
        if (!caller.is(userId)) {
            throw ProblemException.forbidden("user " + callerId + " may not change what belongs to user " + userId);
        }
    }

    /** The author an edit of a comment requires: the caller, who must be the comment's author. */
    static String commentEditor(Caller caller) {
        return callerId(caller);
    }

    /**
     * The author a delete of a comment under {@code postOwnerId}'s post requires: none when the caller owns the post
     * (the owner deletes any comment under it), else the caller (an author deletes their own).
     */
    static String requiredAuthorToDelete(Caller caller, String postOwnerId) {
        String callerId = callerId(caller);
        return caller.is(postOwnerId) ? null : callerId;
    }

    /** A comment write conditioned on {@code callerId} as the author met another author's comment. */
    static ProblemException notTheCommentsAuthor(String callerId, String commentId) {
        return ProblemException.forbidden("user " + callerId + " is not the author of comment " + commentId
                + " (only its author edits it; its author or the post's owner deletes it)");
    }

    /**
     * Commenting needs a profile of one's own; the transaction's ConditionCheck on the caller found none. A 403,
     * not a 422: nothing in the request names the author, the caller lacks the right until they have a profile.
     */
    static ProblemException commenterWithoutProfile() {
        return ProblemException.forbidden("the caller has no profile: create it (POST /users) before commenting");
    }
}
