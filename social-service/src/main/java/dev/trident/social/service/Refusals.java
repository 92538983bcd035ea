package dev.trident.social.service;

import dev.trident.social.model.Comment;
import dev.trident.social.repository.CommentRepository;
import dev.trident.social.repository.PostRepository;
import dev.trident.social.repository.UserRepository;
import dev.trident.support.dynamo.TableBusy;
import dev.trident.support.dynamo.WriteContended;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.work.Reservations;

/**
 * What a write the table refused means to a client, by the name of the action whose condition failed: every
 * refusal the social repositories can meet, in one place. The entity and id name what the request was about
 * (e.g. "post", its id) in the answer's detail.
 */
final class Refusals {

    /** How long a client should wait before asking again for what the table was too busy to read. */
    private static final int RETRY_AFTER_SECONDS = 1;

    private Refusals() {
    }

    /** The problem for a refused or contended write; any other failure passes unchanged. */
    static Throwable toProblem(Throwable failure, String entity, String id) {
        if (failure instanceof WriteContended) {
            return ProblemException.contended(entity + " " + id);
        }
        if (!(failure instanceof WriteRefused refused)) {
            return failure;
        }
        // An id whose old life is still being erased: whatever else the write met, the answer is to come back.
        if (Reservations.refused(refused)) {
            return Reservations.stillDeleting(entity, id);
        }
        return switch (refused.action()) {
            case UserRepository.NEW_PROFILE, PostRepository.NEW_POST, CommentRepository.NEW_COMMENT ->
                    ProblemException.conflict(entity + " " + id + " exists already");
            case UserRepository.HANDLE_TAKEN -> ProblemException.conflict("the handle is taken");
            // ALL_OLD on a failed condition: no item means it is gone, an item means its version moved on.
            case UserRepository.PROFILE_CHANGE, PostRepository.POST_CHANGE ->
                    refused.itemExists() ? changedSinceRead(entity, id) : notFound(entity, id);
            // A post whose owner's profile is gone is part of an erased account: as gone as a deleted post (the
            // answer does not tell them apart: whether an account is being erased is nobody else's business).
            case PostRepository.AUTHOR_PROFILE, CommentRepository.COMMENTED_POST,
                    CommentRepository.POST_OWNER_PROFILE -> notFound(entity, id);
            case CommentRepository.COMMENTER_PROFILE -> AccessRules.commenterWithoutProfile();
            default -> failure;
        };
    }

    /**
     * A refused edit or delete of one comment, decided from the comment the write met: none, or one under another
     * user's post (the path named another post or user), is a 404; one by another author than {@code requiredAuthor}
     * (null: any author was allowed) a 403; otherwise its version moved on, a 412. The post gone (a delete's count)
     * is a 404 too. Comments are public, so the 403 reveals nothing a read would not.
     */
    static Throwable commentChangeToProblem(Throwable failure, String postAuthorId, String commentId,
            String requiredAuthor) {
        if (!(failure instanceof WriteRefused refused)) {
            return toProblem(failure, "comment", commentId);
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
                RETRY_AFTER_SECONDS);
    }
}
