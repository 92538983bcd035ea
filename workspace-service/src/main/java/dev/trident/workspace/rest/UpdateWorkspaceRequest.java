package dev.trident.workspace.rest;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** Absent fields stay as they are. {@code shards} is accepted only with the value it already has. */
public record UpdateWorkspaceRequest(
        @Size(min = 1, max = WorkspaceLimits.DISPLAY_NAME_MAX)
        @Pattern(regexp = WorkspaceLimits.NOT_BLANK, message = "must not be blank") String displayName,
        @Pattern(regexp = WorkspaceLimits.REGION_PATTERN, message = WorkspaceLimits.REGION_MESSAGE) String region,
        @Min(1) @Max(WorkspaceLimits.SEAT_LIMIT_MAX) Integer seatLimit,
        @Min(1) @Max(16) Integer shards) {
}
