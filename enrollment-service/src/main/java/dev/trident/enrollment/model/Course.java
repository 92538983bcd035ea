package dev.trident.enrollment.model;

/**
 * Course metadata ({@code CRS#<courseId>/METADATA}). {@code enrolledCount} is kept by the enrol and drop
 * transactions; {@code capacity} null means unlimited.
 */
public record Course(String courseId, String title, int credits, String term, Integer capacity, long enrolledCount,
        String workspaceId, long version, String createdAt, String updatedAt) {

    public boolean isFull() {
        return capacity != null && enrolledCount >= capacity;
    }
}
