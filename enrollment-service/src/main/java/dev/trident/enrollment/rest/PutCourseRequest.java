package dev.trident.enrollment.rest;

import dev.trident.enrollment.model.CourseChanges;
import dev.trident.support.validation.ValidId;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Body of {@code PUT /courses/{courseId}}; a missing capacity means unlimited, missing instructorIds none. */
public record PutCourseRequest(
        @NotBlank @Size(max = 200) String title,
        @NotNull @Min(0) @Max(60) Integer credits,
        @Schema(description = "A term code such as 2026-fall: 1..32 letters, digits, '.', '_' or '-', starting with a "
                + "letter or digit (it keys the term's catalogue, GET /courses?term=)", maxLength = 32)
        @ValidId @Size(max = 32) String term,
        @Min(1) @Max(100_000) Integer capacity,
        @ValidId(optional = true, message = "must be a workspace id") String workspaceId,
        @Schema(description = "The user ids (token `sub`) of the instructors who grade this course and see its "
                + "grades; at most " + MAX_INSTRUCTORS + ", duplicates count once. Omitted: no instructor (only the "
                + "registrar grades), as a PUT replaces the course's fields.", maxItems = MAX_INSTRUCTORS)
        @Size(max = MAX_INSTRUCTORS) List<@ValidId String> instructorIds) {

    /** A course's instructors are a handful of people, not a relation that grows: the set stays small on the item. */
    static final int MAX_INSTRUCTORS = 20;

    /** Stripped text; instructorIds as a set in id order (each already checked, named {@code instructorIds[i]}). */
    CourseChanges toChanges() {
        return new CourseChanges(title.strip(), credits, term.strip(), capacity, workspaceId,
                Collections.unmodifiableSortedSet(instructorIds == null ? new TreeSet<>() : new TreeSet<>(instructorIds)));
    }
}
