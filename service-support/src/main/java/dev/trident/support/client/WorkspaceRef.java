package dev.trident.support.client;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/** The part of a workspace-service workspace this service uses: that it exists, under this id; the rest is ignored. */
@JsonIgnoreProperties(ignoreUnknown = true)
public record WorkspaceRef(String id) {
}
