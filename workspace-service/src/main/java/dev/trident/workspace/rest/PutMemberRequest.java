package dev.trident.workspace.rest;

import jakarta.validation.constraints.NotNull;

/** {@code role} is owner, admin or member (exact spelling). */
public record PutMemberRequest(@NotNull String role) {
}
