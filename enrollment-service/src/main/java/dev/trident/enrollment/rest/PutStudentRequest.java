package dev.trident.enrollment.rest;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Null;
import jakarta.validation.constraints.Size;

/**
 * Body of {@code PUT /students/{studentId}}. The name is not the client's to set: it is the displayName of the
 * social-service user with the student's id, so a body that sends one is a 400 rather than silently ignored.
 */
public record PutStudentRequest(
        @NotNull @Min(1) @Max(12) Integer year,
        @NotBlank @Size(max = 100) String major,
        @Null(message = "comes from the social-service profile (displayName); do not send it") Object name) {
}
