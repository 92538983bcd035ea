package dev.trident.support.problem;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import dev.trident.keys.InvalidKeyException;
import dev.trident.support.dynamo.OutcomeUnknown;
import dev.trident.support.dynamo.TableBusy;
import dev.trident.support.dynamo.Throttled;
import dev.trident.support.dynamo.WriteContended;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.validation.ValidId;
import dev.trident.keys.cursor.InvalidCursorException;
import io.smallrye.mutiny.CompositeException;
import io.quarkus.security.AuthenticationCompletionException;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;
import software.amazon.awssdk.core.exception.ApiCallAttemptTimeoutException;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException;

/**
 * Every error leaves as RFC 9457 problem+json, and none carries a stack trace. Bad input is a
 * 4xx; a missing or invalid bearer token is a 401 with {@code WWW-Authenticate: Bearer}, a known
 * caller without the right a 403; DynamoDB being throttled or unreachable is a 503 with Retry-After; anything else is a
 * logged 500 with a generic detail.
 */
public class ProblemMappers {

    private static final Logger LOG = Logger.getLogger(ProblemMappers.class);
    private static final String DUPLICATE_KEY = "Duplicate field '";

    /** A 401 of our own rules or passed on from a peer that refused the caller's token: either way a challenge. */
    @ServerExceptionMapper
    public Response problem(ProblemException e) {
        Response response = Problems.response(e.toProblem(), e.retryAfterSeconds());
        if (e.status() == 401) {
            response.getHeaders().putSingle("WWW-Authenticate", "Bearer error=\"invalid_token\"");
        }
        return response;
    }

    @ServerExceptionMapper
    public Response invalidKey(InvalidKeyException e) {
        return badRequest(List.of(new Problem.FieldError(e.field(), e.reason())), e.getMessage());
    }

    @ServerExceptionMapper
    public Response invalidCursor(InvalidCursorException e) {
        return badRequest(List.of(new Problem.FieldError("cursor", e.getMessage())), "invalid cursor: " + e.getMessage());
    }

    /** No token where a route requires one (authentication is not proactive, so it arrives here). */
    @ServerExceptionMapper
    public Response unauthenticated(UnauthorizedException e) {
        return unauthorized("Bearer", "a bearer token is required");
    }

    /** A token that fails verification: malformed, wrongly signed, expired, not yet valid, foreign issuer. */
    @ServerExceptionMapper({ AuthenticationFailedException.class, AuthenticationCompletionException.class })
    public Response invalidToken(RuntimeException e) {
        LOG.debugf("bearer token rejected: %s", e.getMessage());
        return unauthorized("Bearer error=\"invalid_token\"", "the bearer token is invalid or expired");
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e) {
        return Problems.response(403, "the caller may not do this");
    }

    @ServerExceptionMapper
    public Response constraintViolation(ConstraintViolationException e) {
        List<Problem.FieldError> errors = e.getConstraintViolations().stream()
                .map(v -> new Problem.FieldError(fieldName(v), v.getMessage()))
                .sorted(Comparator.comparing(Problem.FieldError::field))
                .toList();
        if (errors.size() == 1 && e.getConstraintViolations().stream()
                .allMatch(v -> v.getConstraintDescriptor().getAnnotation() instanceof ValidId)) {
            // An id checked at the edge reads as it did when the key grammar refused it: "userId: must ...".
            return badRequest(errors, errors.get(0).field() + ": " + errors.get(0).message());
        }
        return badRequest(errors, "the request has " + errors.size() + " invalid field(s)");
    }

    /** Listed one by one: the JSON extension maps some of these subtypes itself, in its own format. */
    @ServerExceptionMapper({ JsonProcessingException.class, JsonParseException.class, JsonMappingException.class,
            MismatchedInputException.class, InvalidFormatException.class, UnrecognizedPropertyException.class,
            ValueInstantiationException.class })
    public Response unreadableJson(JsonProcessingException e) {
        // Jackson names these two only in its message (StrictJsonCustomizer turns them on); anything else that does
        // not read falls through to the generic answer below.
        String reason = e.getOriginalMessage() == null ? "" : e.getOriginalMessage();
        if (e instanceof JsonParseException && reason.startsWith(DUPLICATE_KEY) && reason.endsWith("'")) {
            String field = reason.substring(DUPLICATE_KEY.length(), reason.length() - 1);
            return badRequest(List.of(new Problem.FieldError(field, "given more than once")),
                    field + ": given more than once");
        }
        if (e instanceof MismatchedInputException && reason.startsWith("Trailing token")) {
            return badRequest(null, "the body has more after its JSON value");
        }
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            String field = mapping.getPath().stream()
                    .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                    .collect(Collectors.joining(".")).replace(".[", "[");
            String message;
            if (e instanceof UnrecognizedPropertyException) {
                message = "unknown field";
            } else if (e instanceof InvalidFormatException format && format.getTargetType() != null
                    && format.getTargetType().isEnum()) {
                message = "must be one of " + Arrays.toString(format.getTargetType().getEnumConstants());
            } else if (e instanceof MismatchedInputException mismatch) {
                message = "wrong type: expected " + simpleType(mismatch.getTargetType());
            } else {
                message = "invalid value";
            }
            return badRequest(List.of(new Problem.FieldError(field, message)), field + ": " + message);
        }
        return badRequest(null, "the body is not valid JSON for this request");
    }

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e) {
        if (e.getCause() instanceof JsonProcessingException json) {
            return unreadableJson(json);
        }
        Response.StatusType status = e.getResponse().getStatusInfo();
        if (status.getStatusCode() >= 500) {
            LOG.error("server error", e);
            return Problems.response(500, "an unexpected error occurred");
        }
        Response response = Problems.response(status.getStatusCode(), clientDetail(status.getStatusCode()));
        // Keep the headers the framework set for this status (e.g. Allow on a 405).
        e.getResponse().getHeaders().forEach((name, values) -> {
            if (!name.equalsIgnoreCase("Content-Type") && !name.equalsIgnoreCase("Content-Length")) {
                values.forEach(value -> response.getHeaders().add(name, value));
            }
        });
        return response;
    }

    @ServerExceptionMapper
    public Response unwrap(CompletionException e) {
        return e.getCause() == null ? unexpected(e) : dependencyFailure(e.getCause());
    }

    /** Failures collected from calls made together: the first one decides. */
    @ServerExceptionMapper
    public Response composite(CompositeException e) {
        return dependencyFailure(e);
    }

    @ServerExceptionMapper
    public Response dynamoDb(DynamoDbException e) {
        return dependencyFailure(e);
    }

    @ServerExceptionMapper
    public Response sdkClient(SdkClientException e) {
        return dependencyFailure(e);
    }

    /** A batch the table left unprocessed through every retry: nothing is hidden, the client retries. */
    @ServerExceptionMapper
    public Response tableBusy(TableBusy e) {
        return problem(ProblemException.unavailable(e.getMessage() + "; retry later", RetryAfter.MOMENT));
    }

    /** Throttled through every retry: back-pressure, never a failure; nothing was written. */
    @ServerExceptionMapper
    public Response throttled(Throttled e) {
        return problem(throttling());
    }

    /**
     * A write DynamoDB did not confirm: it may have been made. Said as it is, with the retry that is safe: a create
     * again with the same Idempotency-Key answers what the first one did; anything else is read before it is retried.
     */
    @ServerExceptionMapper
    public Response outcomeUnknown(OutcomeUnknown e) {
        LOG.warnf("write outcome unknown: %s", e.getCause() == null ? e.toString() : e.getCause().toString());
        return problem(ProblemException.unavailable("the database did not confirm the write, which may have been "
                + "made: retry a create with the same Idempotency-Key, or read the resource before retrying",
                RetryAfter.MOMENT));
    }

    /**
     * A write that kept losing to concurrent ones, which a service did not name: nothing was written, the same 409
     * with Retry-After every service answers for its own items.
     */
    @ServerExceptionMapper
    public Response contended(WriteContended e) {
        return problem(ProblemException.contended("an item of this request"));
    }

    /**
     * A refusal no service turned into a domain answer; services map every refusal they can meet, so this is a
     * safety net that still says the truth (a conflict, nothing written) instead of a 500.
     */
    @ServerExceptionMapper
    public Response refused(WriteRefused e) {
        LOG.warnf("unmapped write refusal: %s", e.getMessage());
        return problem(ProblemException.conflict("the request conflicts with the current state (" + e.action() + ")"));
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e) {
        LOG.error("unexpected error", e);
        return Problems.response(500, "an unexpected error occurred");
    }

    private Response dependencyFailure(Throwable failure) {
        Throwable cause = unwrapped(failure);
        if (cause instanceof ProblemException problem) {
            return problem(problem);
        }
        if (cause instanceof InvalidKeyException key) {
            return invalidKey(key);
        }
        if (cause instanceof TableBusy busy) {
            return tableBusy(busy);
        }
        if (cause instanceof WriteContended contended) {
            return contended(contended);
        }
        if (cause instanceof TransactionConflictException) {
            // Met a transaction in flight on the same items (DynamoTable retries these, then says WriteContended):
            // the same conflict, never the throttling 503.
            return contended(new WriteContended(cause));
        }
        if (cause instanceof Throttled throttled) {
            return throttled(throttled);
        }
        if (cause instanceof OutcomeUnknown unknown) {
            return outcomeUnknown(unknown);
        }
        if (cause instanceof TransactionInProgressException) {
            // An earlier attempt of this very transaction is still being applied: it will commit.
            return outcomeUnknown(new OutcomeUnknown(cause));
        }
        if (cause instanceof WriteRefused refused) {
            return refused(refused);
        }
        ProblemException unavailable = unavailable(cause);
        if (unavailable == null) {
            return unexpected(cause);
        }
        LOG.warnf("DynamoDB unavailable: %s", cause.toString());
        return problem(unavailable);
    }

    /**
     * The failure inside the wrappers a stage or a Mutiny combination puts around it (a timeout of a call nested in
     * two stages arrives as CompletionException(CompletionException(ApiCallTimeoutException))): the first failure
     * decides, as it does for a fail-fast join.
     */
    static Throwable unwrapped(Throwable failure) {
        Throwable cause = failure;
        for (int depth = 0; depth < 8; depth++) {
            Throwable inner = cause instanceof CompletionException || cause instanceof ExecutionException
                    ? cause.getCause()
                    : cause instanceof CompositeException composite && !composite.getCauses().isEmpty()
                            ? composite.getCauses().get(0) : null;
            if (inner == null || inner == cause) {
                return cause;
            }
            cause = inner;
        }
        return cause;
    }

    /** A DynamoDB failure the client should retry later, or null when it is a bug of ours. */
    static ProblemException unavailable(Throwable cause) {
        if (Throttled.isThrottling(cause)) {
            return throttling();
        }
        if (cause instanceof ApiCallTimeoutException || cause instanceof ApiCallAttemptTimeoutException
                || cause instanceof SdkClientException) {
            return ProblemException.unavailable("the database did not answer in time; retry later", RetryAfter.MOMENT);
        }
        if (cause instanceof ResourceNotFoundException) {
            return ProblemException.unavailable("the table is not available", RetryAfter.OUTAGE);
        }
        if (cause instanceof DynamoDbException dynamo && (dynamo.isThrottlingException() || dynamo.statusCode() >= 500)) {
            return ProblemException.unavailable("the database is unavailable; retry later", RetryAfter.MOMENT);
        }
        return null;
    }

    private static ProblemException throttling() {
        return ProblemException.unavailable("the database is throttling requests, nothing was written; retry later",
                RetryAfter.MOMENT);
    }

    private static Response unauthorized(String challenge, String detail) {
        Response response = Problems.response(401, detail);
        response.getHeaders().putSingle("WWW-Authenticate", challenge);
        return response;
    }

    private Response badRequest(List<Problem.FieldError> errors, String detail) {
        return Problems.response(Problems.problem(400, detail, errors), null);
    }

    private static String fieldName(ConstraintViolation<?> violation) {
        // "create.arg1.title" -> "title": property nodes name the field; a bare parameter names itself.
        String parameter = null;
        StringBuilder property = new StringBuilder();
        for (Path.Node node : violation.getPropertyPath()) {
            if (node.getKind() == ElementKind.PARAMETER) {
                parameter = node.getName();
            } else if (node.getKind() == ElementKind.PROPERTY || node.getKind() == ElementKind.CONTAINER_ELEMENT) {
                // A node in a list carries its index ("ids" then "<list element>" #1 -> "ids[1]", "items[1].x").
                if (node.isInIterable() && node.getIndex() != null) {
                    property.append('[').append(node.getIndex()).append(']');
                }
                // A container element's name is a placeholder such as "<list element>": its index names it.
                String name = node.getName();
                if (name != null && !(node.getKind() == ElementKind.CONTAINER_ELEMENT && name.startsWith("<"))) {
                    property.append(property.isEmpty() ? "" : ".").append(name);
                }
            }
        }
        if (!property.isEmpty()) {
            return property.toString();
        }
        return parameter != null ? parameter : violation.getPropertyPath().toString();
    }

    private static String simpleType(Class<?> type) {
        if (type == null) {
            return "another type";
        }
        if (Number.class.isAssignableFrom(type) || type == int.class || type == long.class || type == double.class) {
            return "number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "boolean";
        }
        if (type == String.class) {
            return "string";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.toString(type.getEnumConstants());
        }
        return "object";
    }

    private static String clientDetail(int status) {
        return switch (status) {
            case 404 -> "no such resource";
            case 405 -> "method not allowed on this resource";
            case 406 -> "cannot produce an acceptable representation";
            case 413 -> "the request body is too large";
            case 415 -> "unsupported media type: send application/json";
            default -> "the request was not accepted";
        };
    }
}
