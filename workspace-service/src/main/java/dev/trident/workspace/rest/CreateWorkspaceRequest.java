package dev.trident.workspace.rest;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/**
 * {@code shards} (1..16, default 1) is fixed for the workspace's lifetime. {@code ownerId} is optional: the owner is
 * the caller, and a value that is not the caller is refused (403).
 */
public record CreateWorkspaceRequest(
        @NotNull String id,
        @NotBlank @Size(max = WorkspaceLimits.DISPLAY_NAME_MAX) String displayName,
        @NotNull @Pattern(regexp = WorkspaceLimits.REGION_PATTERN, message = WorkspaceLimits.REGION_MESSAGE) String region,
        @NotNull @Min(1) @Max(WorkspaceLimits.SEAT_LIMIT_MAX) Integer seatLimit,
        String ownerId,
        @Min(1) @Max(16) Integer shards) {
}
