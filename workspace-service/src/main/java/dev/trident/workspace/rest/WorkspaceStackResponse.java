package dev.trident.workspace.rest;

import java.util.List;

/** The whole stack: {@code workspace} on the first page only (null on later pages), projects in key order. */
public record WorkspaceStackResponse(WorkspaceResponse workspace, List<ProjectResponse> items, String nextCursor) {
}
