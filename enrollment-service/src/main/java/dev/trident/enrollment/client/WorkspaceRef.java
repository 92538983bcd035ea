package dev.trident.enrollment.client;

/** The part of a workspace-service workspace this service uses: that it exists, under this id. */
public record WorkspaceRef(String id) {
}
