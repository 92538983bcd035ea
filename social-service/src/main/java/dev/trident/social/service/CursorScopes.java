package dev.trident.social.service;

/**
 * The scopes list cursors are signed for: a cursor resumes only the list, and the partition, it was issued for
 * (another user's or post's cursor is a 400).
 */
final class CursorScopes {

    private CursorScopes() {
    }

    /** A user's posts; the include=posts page of GET /users/{id} and GET /users/{id}/posts share it. */
    static String posts(String userId) {
        return "social:posts:" + userId;
    }

    /** A post's comments (GET /users/{id}/posts/{postId}/comments). */
    static String comments(String userId, String postId) {
        return "social:comments:" + userId + ":" + postId;
    }

    /** The timeline (GET /timeline), one list for everybody. */
    static String timeline() {
        return "social:timeline";
    }
}
