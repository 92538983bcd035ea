package dev.trident.support.openapi;

import dev.trident.support.problem.Problems;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The error answers every Trident route documents, shared by the three services' OpenAPI documents
 * ({@link OpenApiConventions} adds them). A route declares only the codes that are its own, bare:
 * {@code @APIResponse(responseCode = "404", description = "no such post")}; the problem+json content, the
 * {@code Problem} schema and an example are filled in. Codes every route (or every route of a kind) answers are
 * added without any annotation: see {@link OpenApiConventions}.
 */
public final class ProblemResponses {

    /** The shared schema's name under {@code components.schemas}. */
    public static final String SCHEMA = "Problem";
    public static final String FIELD_ERROR_SCHEMA = "ProblemFieldError";

    private ProblemResponses() {
    }

    /** What each status means in Trident, the description a bare {@code @APIResponse} gets. */
    public static String description(int status) {
        return switch (status) {
            case 400 -> "Bad input (a malformed id, query parameter, header, cursor or body); `errors` names the fields";
            case 401 -> "No bearer token, or one that is malformed, expired, wrongly signed or issued, or refused by a "
                    + "service this one called";
            case 403 -> "The caller is known but may not do this";
            case 404 -> "Not found (also where the answer would reveal another tenant's data)";
            case 409 -> "Conflict with the current state, or a write that kept losing to concurrent ones (retry)";
            case 412 -> "If-Match does not name the current version (ETag); nothing was changed";
            case 413 -> "The body is larger than the limit";
            case 414 -> "The request line (method, path and query) is longer than 4096 bytes "
                    + "(quarkus.http.limits.max-initial-line-length); answered by the HTTP server, with no body";
            case 415 -> "The body is not application/json";
            case 422 -> "A referenced id does not exist, or an Idempotency-Key was reused for another request";
            case 431 -> "The request's headers are larger than 16 KiB (quarkus.http.limits.max-header-size); answered "
                    + "by the HTTP server, with no body";
            case 502 -> "A service this one called refused the request it was sent";
            case 503 -> "The service is at capacity, or DynamoDB or a service this one calls is unavailable, slow "
                    + "or throttling; nothing was written; retry after Retry-After seconds";
            default -> Problems.title(status);
        };
    }

    /** Whether the HTTP server answers the status itself, before any route, with no body (so no problem+json). */
    public static boolean answeredWithoutBody(int status) {
        return status == 414 || status == 431;
    }

    /**
     * The name of the status's shared answer under {@code components.responses}: its problem title in one word
     * ("Bad request": {@code BadRequest}), so the document and the answers name a status alike.
     */
    public static String componentName(int status) {
        StringBuilder name = new StringBuilder();
        for (String word : Problems.title(status).split(" ")) {
            name.append(Character.toUpperCase(word.charAt(0))).append(word, 1, word.length());
        }
        return name.toString();
    }

    /** An example body for the status, as the services write it. */
    public static Map<String, Object> example(int status) {
        Map<String, Object> example = new LinkedHashMap<>();
        var problem = Problems.problem(status, exampleDetail(status), null);
        example.put("type", problem.type());
        example.put("title", problem.title());
        example.put("status", status);
        example.put("detail", problem.detail());
        if (status == 400) {
            example.put("errors", List.of(Map.of("field", "limit", "message", "must be between 1 and 100")));
        }
        return example;
    }

    private static String exampleDetail(int status) {
        return switch (status) {
            case 400 -> "the request has 1 invalid field(s)";
            case 401 -> "a bearer token is required";
            case 403 -> "the caller may not do this";
            case 404 -> "not found";
            case 409 -> "already exists";
            case 412 -> "the item changed since it was read (If-Match)";
            case 413 -> "the body is too large";
            case 415 -> "send application/json";
            case 422 -> "ownerId: no such user";
            case 502 -> "a service this one called refused the request";
            case 503 -> "DynamoDB is unavailable; retry later";
            default -> Problems.title(status);
        };
    }
}
