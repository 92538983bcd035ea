package dev.trident.workspace.rest;

import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Size;

/**
 * {@code status} is ACTIVE, PAUSED or ARCHIVED (exact spelling), ACTIVE when absent. {@code createdBy} is optional:
 * the creator is the caller, and a value that is not the caller is refused (403).
 */
public record CreateProjectRequest(
        @NotBlank @Size(max = WorkspaceLimits.TITLE_MAX) String title,
        String status,
        String createdBy) {
}
