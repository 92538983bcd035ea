package dev.trident.support.problem;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** RFC 9457 problem details; {@code errors} lists field-level validation failures. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(String type, String title, int status, String detail, List<FieldError> errors) {

    public static final String MEDIA_TYPE = "application/problem+json";

    public record FieldError(String field, String message) {
    }
}
