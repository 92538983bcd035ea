package dev.trident.enrollment.model;

import java.util.SortedSet;

/** The client-editable fields of a course, as a PUT carries them; {@code instructorIds} empty means none. */
public record CourseChanges(String title, int credits, String term, Integer capacity, String workspaceId,
        SortedSet<String> instructorIds) {
}
