package dev.trident.social.model;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A user profile as clients see it; {@code handle} keeps the case it was created with. */
@Schema(example = "{\"userId\": \"ada\", \"handle\": \"Ada\", \"displayName\": \"Ada Lovelace\", "
        + "\"bio\": \"Analyst of engines\", \"version\": 3, "
        + "\"createdAt\": \"2026-05-01T09:30:00.000Z\", \"updatedAt\": \"2026-05-03T18:02:11.000Z\"}")
public record Profile(String userId, String handle, String displayName,
        @Schema(description = "The bio; null until the user writes one", nullable = true) String bio, long version,
        String createdAt, String updatedAt) {
}
