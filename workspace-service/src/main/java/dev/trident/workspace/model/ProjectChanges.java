package dev.trident.workspace.model;

import dev.trident.keys.ProjectStatus;

/** A project update: null fields stay as they are. */
public record ProjectChanges(String title, ProjectStatus status) {
}
