package dev.trident.enrollment.model;

import dev.trident.support.paging.Page;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A profile and the first page of its enrollments, read by one Query. */
public record StudentWithCourses(@Schema(description = "With include=courses: the student") Student student,
        @Schema(description = "With include=courses: the first page of their enrollments") Page<Enrollment> courses) {
}
