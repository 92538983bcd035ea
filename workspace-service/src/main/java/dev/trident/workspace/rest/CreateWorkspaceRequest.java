package dev.trident.workspace.rest;

import dev.trident.support.problem.ProblemException;
import dev.trident.support.validation.ValidId;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * {@code shards} (1..16, default 1) is fixed for the workspace's lifetime. {@code ownerId} is optional: the owner is
 * the caller, and a value that is not the caller is refused (403). The id is {@code workspaceId}; {@code id}, its
 * former name, is still read (deprecated). Two fields rather than one with an alias: a body naming both with
 * different values is refused instead of one silently winning, and a malformed id is reported under the name the
 * client used.
 */
public record CreateWorkspaceRequest(
        @Schema(description = "The new workspace's id (required, unless sent as the deprecated `id`)")
        @ValidId(optional = true) String workspaceId,
        @Schema(deprecated = true, description = "Deprecated: the former name of `workspaceId`, still accepted")
        @ValidId(optional = true) String id,
        @NotBlank @Size(max = WorkspaceLimits.DISPLAY_NAME_MAX) String displayName,
        @NotNull @Pattern(regexp = WorkspaceLimits.REGION_PATTERN, message = WorkspaceLimits.REGION_MESSAGE) String region,
        @NotNull @Min(1) @Max(WorkspaceLimits.SEAT_LIMIT_MAX) Integer seatLimit,
        String ownerId,
        @Min(1) @Max(16) Integer shards) {

    /** The id the client sent, under either name; 400 when it sent none, or two different ones. */
    String requestedId() {
        if (workspaceId == null && id == null) {
            throw ProblemException.badRequest("workspaceId", "is required");
        }
        if (workspaceId != null && id != null && !workspaceId.equals(id)) {
            throw ProblemException.badRequest("id", "is the deprecated name of workspaceId: send workspaceId only");
        }
        return workspaceId != null ? workspaceId : id;
    }
}
