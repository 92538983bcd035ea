package dev.trident.support.problem;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.quarkus.runtime.annotations.RegisterForReflection;
import java.util.List;

/**
 * RFC 9457 problem details; {@code errors} lists field-level validation failures. Registered for
 * reflection because it always leaves as the entity of a {@code Response}, invisible to the native build.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@RegisterForReflection
public record Problem(String type, String title, int status, String detail, List<FieldError> errors) {

    public static final String MEDIA_TYPE = "application/problem+json";

    @RegisterForReflection
    public record FieldError(String field, String message) {
    }
}
