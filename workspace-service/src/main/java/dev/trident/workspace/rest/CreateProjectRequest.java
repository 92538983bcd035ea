package dev.trident.workspace.rest;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;

/** {@code status} is ACTIVE, PAUSED or ARCHIVED (exact spelling), ACTIVE when absent. */
public record CreateProjectRequest(
        @NotBlank @Size(max = WorkspaceLimits.TITLE_MAX) String title,
        String status,
        @NotNull String createdBy) {
}
