package dev.trident.social.service;

import dev.trident.social.model.Comment;
import dev.trident.social.repository.CommentRepository;
import dev.trident.social.repository.PostRepository;
import dev.trident.social.repository.UserRepository;
import dev.trident.support.dynamo.TableBusy;
import dev.trident.support.dynamo.WriteContended;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.problem.RetryAfter;
import dev.trident.support.work.Reservations;
import java.util.function.Function;

/**
 * What a write the table refused means to a client, by the name of the action whose condition failed: every refusal
 * the social repositories can meet, in one place, one method per write. The entity and id a write is about (e.g.
 * "post", its id) name it in the answer's detail; any other failure passes unchanged.
 */
final class Refusals {

    private Refusals() {
    }

    /** {@code POST /users}: the caller's profile exists already, or the handle is taken (409s). */
    static Throwable userCreate(Throwable failure, String userId) {
        return answer(failure, "user", userId, refused -> switch (refused.action()) {
            case UserRepository.NEW_PROFILE -> existsAlready("user", userId);
            case UserRepository.HANDLE_TAKEN -> ProblemException.conflict("the handle is taken");
            default -> failure;
        });
    }

    /** {@code PATCH /users/{userId}}: the profile gone (404) or at another version than If-Match named (412). */
    static Throwable userChange(Throwable failure, String userId) {
        return answer(failure, "user", userId, refused -> refused.refused(UserRepository.PROFILE_CHANGE)
                ? goneOrChanged(refused, "user", userId) : failure);
    }

    /**
     * {@code POST /users/{userId}/posts}: the author has no profile, or is an erased account's (404, as for any
     * missing user). The answers name the user the post is written under.
     */
    static Throwable postCreate(Throwable failure, String userId) {
        return answer(failure, "user", userId, refused -> switch (refused.action()) {
            case PostRepository.NEW_POST -> existsAlready("user", userId);
            case PostRepository.AUTHOR_PROFILE -> notFound("user", userId);
            default -> failure;
        });
    }

    /** {@code PATCH/DELETE /users/{userId}/posts/{postId}}: gone (404) or at another version than If-Match (412). */
    static Throwable postChange(Throwable failure, String postId) {
        return answer(failure, "post", postId, refused -> refused.refused(PostRepository.POST_CHANGE)
                ? goneOrChanged(refused, "post", postId) : failure);
    }

    /**
     * {@code POST .../posts/{postId}/comments}: the post gone, or its owner's account erased (404: the answer does
     * not tell them apart, whether an account is being erased is nobody else's business), or a commenter without a
     * profile (403).
     */
    static Throwable commentCreate(Throwable failure, String postId) {
        return answer(failure, "post", postId, refused -> switch (refused.action()) {
            case CommentRepository.NEW_COMMENT -> existsAlready("post", postId);
            case CommentRepository.COMMENTED_POST, CommentRepository.POST_OWNER_PROFILE -> notFound("post", postId);
            case CommentRepository.COMMENTER_PROFILE -> AccessRules.commenterWithoutProfile();
            default -> failure;
        });
    }

    /**
     * What every write answers alike before its own refusals: contended (409 with Retry-After), or an id whose old
     * life is still being erased, whatever else the write met (409 with Retry-After: come back).
     */
    private static Throwable answer(Throwable failure, String entity, String id,
            Function<WriteRefused, Throwable> byAction) {
        if (failure instanceof WriteContended) {
            return ProblemException.contended(entity + " " + id);
        }
        if (!(failure instanceof WriteRefused refused)) {
            return failure;
        }
        return Reservations.refused(refused) ? Reservations.stillDeleting(entity, id) : byAction.apply(refused);
    }

    /** ALL_OLD on a failed condition: no item means it is gone, an item means its version moved on. */
    private static ProblemException goneOrChanged(WriteRefused refused, String entity, String id) {
        return refused.itemExists() ? changedSinceRead(entity, id) : notFound(entity, id);
    }

    private static ProblemException existsAlready(String entity, String id) {
        return ProblemException.conflict(entity + " " + id + " exists already");
    }

    /**
     * A refused edit or delete of one comment, decided from the comment the write met: none, or one under another
     * user's post (the path named another post or user), is a 404; one by another author than {@code requiredAuthor}
     * (null: any author was allowed) a 403; otherwise its version moved on, a 412. The post gone (a delete's count)
     * is a 404 too. Comments are public, so the 403 reveals nothing a read would not.
     */
    static Throwable commentChange(Throwable failure, String postAuthorId, String commentId,
            String requiredAuthor) {
        if (!(failure instanceof WriteRefused refused)) {
            return answer(failure, "comment", commentId, unused -> failure);
        }
        if (refused.conditionFailed(CommentRepository.COMMENT_CHANGE)) {
            Comment met = CommentRepository.commentMet(refused);
            if (met == null || !postAuthorId.equals(met.postAuthorId())) {
                return notFound("comment", commentId);
            }
            if (requiredAuthor != null && !requiredAuthor.equals(met.authorId())) {
                return AccessRules.notTheCommentsAuthor(requiredAuthor, commentId);
            }
            return changedSinceRead("comment", commentId);
        }
        if (refused.conditionFailed(CommentRepository.COUNTED_POST)) {
            return ProblemException.notFound("the post of comment " + commentId + " does not exist");
        }
        return failure;
    }

    /** Whether a refusal says the item to change or delete is not there. */
    static boolean isGone(Throwable failure, String action) {
        return failure instanceof WriteRefused refused && refused.refused(action) && !refused.itemExists();
    }

    static ProblemException notFound(String entity, String id) {
        return ProblemException.notFound(entity, id);
    }

    static ProblemException changedSinceRead(String entity, String id) {
        return ProblemException.preconditionFailed(
                entity + " " + id + " has changed since it was read (If-Match does not match its ETag)");
    }

    /** A batch get whose keys stayed unprocessed through the time budget ({@link TableBusy}). */
    static ProblemException profilesNotAllRead() {
        return ProblemException.unavailable("the database did not return every profile in time; retry later",
                RetryAfter.MOMENT);
    }
}
