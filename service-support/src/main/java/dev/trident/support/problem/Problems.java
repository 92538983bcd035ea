package dev.trident.support.problem;

import jakarta.ws.rs.core.Response;
import java.util.List;

/** Builds problem+json responses; the one place that knows the {@code type} URIs. */
public final class Problems {

    private static final String TYPE_BASE = "https://trident.dev/problems/";

    private Problems() {
    }

    public static Problem problem(int status, String detail, List<Problem.FieldError> errors) {
        return new Problem(TYPE_BASE + slug(status), title(status), status, detail,
                errors == null || errors.isEmpty() ? null : errors);
    }

    /** A problem whose type and title are more precise than its status's ({@code slug} names the type). */
    public static Problem problem(String slug, String title, int status, String detail) {
        return new Problem(TYPE_BASE + slug, title, status, detail, null);
    }

    public static Response response(Problem problem, Integer retryAfterSeconds) {
        Response.ResponseBuilder builder = Response.status(problem.status())
                .type(Problem.MEDIA_TYPE)
                .entity(problem);
        if (retryAfterSeconds != null) {
            builder.header("Retry-After", retryAfterSeconds);
        }
        return builder.build();
    }

    public static Response response(int status, String detail) {
        return response(problem(status, detail, null), null);
    }

    /** One title per status, so clients can show it as is. */
    public static String title(int status) {
        return switch (status) {
            case 400 -> "Bad request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not found";
            case 405 -> "Method not allowed";
            case 406 -> "Not acceptable";
            case 409 -> "Conflict";
            case 412 -> "Precondition failed";
            case 413 -> "Payload too large";
            case 414 -> "URI too long";
            case 415 -> "Unsupported media type";
            case 422 -> "Unknown reference";
            case 428 -> "Precondition required";
            case 431 -> "Request header fields too large";
            case 501 -> "Not implemented";
            case 502 -> "Bad gateway";
            case 503 -> "Service unavailable";
            default -> status >= 500 ? "Internal error" : "Client error";
        };
    }

    private static String slug(int status) {
        return switch (status) {
            case 400 -> "bad-request";
            case 401 -> "unauthorized";
            case 403 -> "forbidden";
            case 404 -> "not-found";
            case 405 -> "method-not-allowed";
            case 406 -> "not-acceptable";
            case 409 -> "conflict";
            case 412 -> "precondition-failed";
            case 413 -> "payload-too-large";
            case 415 -> "unsupported-media-type";
            case 422 -> "unknown-reference";
            case 428 -> "precondition-required";
            case 501 -> "not-implemented";
            case 502 -> "bad-gateway";
            case 503 -> "unavailable";
            default -> status >= 500 ? "internal-error" : "client-error";
        };
    }
}
