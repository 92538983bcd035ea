package dev.trident.enrollment.model;

import dev.trident.support.paging.Page;

/** A profile and the first page of its enrollments, read by one Query. */
public record StudentWithCourses(Student student, Page<Enrollment> courses) {
}
