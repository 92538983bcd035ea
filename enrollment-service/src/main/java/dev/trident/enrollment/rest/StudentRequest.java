package dev.trident.enrollment.rest;

import dev.trident.enrollment.model.StudentProfile;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** Body of {@code PUT /students/{studentId}}. */
public record StudentRequest(
        @NotNull @Min(1) @Max(12) Integer year,
        @NotBlank @Size(max = 100) String major,
        @Size(max = 200) @Pattern(regexp = "(?s).*\\S.*", message = "must not be blank") String name) {

    StudentProfile toProfile() {
        return new StudentProfile(name == null ? null : name.strip(), year, major.strip());
    }
}
