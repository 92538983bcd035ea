package dev.trident.enrollment.model;

import dev.trident.support.paging.Page;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** Course metadata and the first page of its roster, read by one Query on GSI1. */
public record CourseWithStudents(@Schema(description = "With include=students: the course") Course course,
        @Schema(description = "With include=students: the first page of its roster") Page<Enrollment> students) {
}
