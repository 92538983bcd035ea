package dev.trident.enrollment.model;

import dev.trident.support.paging.Page;

/** Course metadata and the first page of its roster, read by one Query on GSI1. */
public record CourseWithStudents(Course course, Page<Enrollment> students) {
}
