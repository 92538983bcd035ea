package dev.trident.enrollment.model;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Course metadata ({@code CRS#<courseId>/METADATA}). {@code enrolledCount} is kept by the enrol and drop
 * transactions; {@code capacity} null means unlimited.
 */
public record Course(String courseId, String title, int credits, String term, Integer capacity, long enrolledCount,
        String workspaceId,
        @Schema(description = "The user ids (token `sub`) of the instructors who grade this course and see its "
                + "grades, in id order; set by the registrar. Empty: only the registrar grades it.")
        List<String> instructorIds,
        long version, String createdAt, String updatedAt) {

    public boolean isFull() {
        return capacity != null && enrolledCount >= capacity;
    }
}
