package dev.trident.enrollment.model;

/** The client-editable fields of a course, as a PUT carries them. */
public record CourseChanges(String title, int credits, String term, Integer capacity, String workspaceId) {
}
