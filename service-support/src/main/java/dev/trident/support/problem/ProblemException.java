package dev.trident.support.problem;

import java.util.List;

/**
 * A failure that already knows its HTTP answer. Services throw these from their rules; the
 * mapper renders them as problem+json. No stack trace is captured: they are answers, not bugs.
 */
public final class ProblemException extends RuntimeException {

    private final int status;
    private final List<Problem.FieldError> errors;
    private final Integer retryAfterSeconds;

    private ProblemException(int status, String detail, List<Problem.FieldError> errors, Integer retryAfterSeconds) {
        super(detail, null, false, false);
        this.status = status;
        this.errors = errors;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    public static ProblemException badRequest(String field, String message) {
        return new ProblemException(400, message, List.of(new Problem.FieldError(field, message)), null);
    }

    public static ProblemException unauthorized(String detail) {
        return new ProblemException(401, detail, null, null);
    }

    public static ProblemException forbidden(String detail) {
        return new ProblemException(403, detail, null, null);
    }

    public static ProblemException notFound(String detail) {
        return new ProblemException(404, detail, null, null);
    }

    /** The one wording of a missing entity on every service: "{entity} {id} does not exist". */
    public static ProblemException notFound(String entity, String id) {
        return notFound(entity + " " + id + " does not exist");
    }

    public static ProblemException conflict(String detail) {
        return new ProblemException(409, detail, null, null);
    }

    /** A conflict that passes with time (a concurrent request in flight): the client may retry after a pause. */
    public static ProblemException conflict(String detail, RetryAfter retryAfter) {
        return new ProblemException(409, detail, null, retryAfter.seconds());
    }

    /**
     * A write that kept losing to concurrent writes of the same items ({@code what}, e.g. "post p1"): nothing was
     * written. The request conflicts with the current state of the resource and may succeed when sent again, which
     * is a 409 with Retry-After (RFC 9110 15.5.10), not a 503: the service and the table are well, the items are busy.
     */
    public static ProblemException contended(String what) {
        return conflict(what + " is being changed by many requests at once; retry", RetryAfter.MOMENT);
    }

    public static ProblemException preconditionFailed(String detail) {
        return new ProblemException(412, detail, null, null);
    }

    /** A well-formed request naming an entity that does not exist (another service's, usually). */
    public static ProblemException unknownReference(String field, String id) {
        String message = "no such entity: " + id;
        return new ProblemException(422, field + " refers to " + id + ", which does not exist",
                List.of(new Problem.FieldError(field, message)), null);
    }

    /** A peer refused a request this service built: the services disagree about their contract (not an outage). */
    public static ProblemException badGateway(String detail) {
        return new ProblemException(502, detail, null, null);
    }

    /**
     * The table breaks an invariant this version relies on (data of an older shape that was not migrated): nothing
     * was written, and neither the client nor a retry can mend it, an operator must; so a 500 that says what, never
     * a 409 (nothing the client could change) or a 503 with Retry-After (time does not help).
     */
    public static ProblemException invariantViolated(String detail) {
        return new ProblemException(500, detail, null, null);
    }

    public static ProblemException unavailable(String detail, RetryAfter retryAfter) {
        return new ProblemException(503, detail, null, retryAfter.seconds());
    }

    public int status() {
        return status;
    }

    public Problem toProblem() {
        return Problems.problem(status, getMessage(), errors);
    }

    public Integer retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
