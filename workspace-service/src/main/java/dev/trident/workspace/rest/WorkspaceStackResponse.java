package dev.trident.workspace.rest;

import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** The whole stack: {@code workspace} on the first page only (null on later pages), projects in key order. */
public record WorkspaceStackResponse(
        @Schema(description = "With include=projects: the settings, on the first page only; null on later pages",
                nullable = true)
        WorkspaceResponse workspace,
        @Schema(description = "With include=projects: a page of the projects, newest first")
        List<ProjectResponse> items,
        @Schema(description = "With include=projects: continues the list; null on the last page", nullable = true)
        String nextCursor) {
}
