package dev.trident.enrollment.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * Course metadata ({@code CRS#<courseId>/METADATA}). {@code enrolledCount} is kept by the enroll and drop
 * transactions; {@code capacity} null means unlimited.
 */
@Schema(example = "{\"courseId\": \"CS101\", \"title\": \"Programming\", \"credits\": 6, "
        + "\"term\": \"2026-fall\", \"capacity\": 120, \"enrolledCount\": 87, "
        + "\"workspaceId\": \"cs-dept\", \"instructorIds\": [\"grace\"], \"full\": false, "
        + "\"version\": 4, \"createdAt\": \"2026-04-01T08:00:00.000Z\", "
        + "\"updatedAt\": \"2026-05-02T12:00:00.000Z\"}")
public record Course(String courseId, String title, int credits, String term,
        @Schema(description = "How many students may enrol; null: unlimited", nullable = true) Integer capacity,
        long enrolledCount,
        @Schema(description = "The workspace-service workspace of the course; null: none", nullable = true)
        String workspaceId,
        @Schema(description = "The user ids (token `sub`) of the instructors who grade this course and see its "
                + "grades, in id order; set by the registrar. Empty: only the registrar grades it.")
        List<String> instructorIds,
        long version, String createdAt, String updatedAt) {

    /**
     * Derived, not stored: part of the JSON (and of the OpenAPI schema) as {@code full}, so clients see whether an
     * enrollment would be refused for capacity. Nothing in the service decides by it: the enroll transaction's
     * capacity condition does.
     */
    @JsonProperty("full")
    @Schema(description = "Whether every place is taken (enrolledCount >= capacity); false for an unlimited course. "
            + "Derived from those two fields.", readOnly = true)
    public boolean isFull() {
        return capacity != null && enrolledCount >= capacity;
    }
}
