package dev.trident.social.service;

import dev.trident.social.model.WriteRejected;
import dev.trident.support.problem.ProblemException;

/** What a rejected write means to a client, for the entity named in the messages. */
final class Rejections {

    private Rejections() {
    }

    static Throwable toProblem(Throwable failure, String entity, String id) {
        if (!(failure instanceof WriteRejected rejected)) {
            return failure;
        }
        return switch (rejected.reason()) {
            case NOT_FOUND -> ProblemException.notFound(entity + " " + id + " does not exist");
            case VERSION_MISMATCH -> ProblemException.preconditionFailed(
                    entity + " " + id + " has changed since it was read (If-Match does not match its ETag)");
            case ALREADY_EXISTS -> ProblemException.conflict(entity + " " + id + " exists already");
            case HANDLE_TAKEN -> ProblemException.conflict("the handle is taken");
            case CONTENDED -> ProblemException.conflict(
                    entity + " " + id + " is being changed by many requests at once; retry");
            case UNKNOWN_AUTHOR -> AccessRules.commenterWithoutProfile();
        };
    }
}
