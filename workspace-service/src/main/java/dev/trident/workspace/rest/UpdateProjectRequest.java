package dev.trident.workspace.rest;

import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

/** Absent fields stay as they are; a new status moves the project to that status's index partition. */
public record UpdateProjectRequest(
        @Size(min = 1, max = WorkspaceLimits.TITLE_MAX)
        @Pattern(regexp = WorkspaceLimits.NOT_BLANK, message = "must not be blank") String title,
        String status) {
}
