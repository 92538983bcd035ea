package dev.trident.enrollment.rest;

import dev.trident.enrollment.model.CourseChanges;
import dev.trident.keys.Ids;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** Body of {@code PUT /courses/{courseId}}; a missing capacity means unlimited. */
public record CourseRequest(
        @NotBlank @Size(max = 200) String title,
        @NotNull @Min(0) @Max(60) Integer credits,
        @NotBlank @Size(max = 32) String term,
        @Min(1) @Max(100_000) Integer capacity,
        @Pattern(regexp = Ids.PATTERN_TEXT, message = "must be a workspace id") String workspaceId) {

    CourseChanges toChanges() {
        return new CourseChanges(title.strip(), credits, term.strip(), capacity, workspaceId);
    }
}
