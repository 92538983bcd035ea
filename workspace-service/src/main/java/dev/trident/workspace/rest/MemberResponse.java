package dev.trident.workspace.rest;

import dev.trident.workspace.model.Member;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** A member edge, as listed under a workspace and under a user. */
@Schema(example = "{\"workspaceId\": \"acme\", \"userId\": \"grace\", \"role\": \"admin\", \"version\": 1, "
        + "\"createdAt\": \"2026-04-03T08:00:00.000Z\", \"updatedAt\": \"2026-04-03T08:00:00.000Z\"}")
public record MemberResponse(String workspaceId, String userId, String role, long version, String createdAt,
        String updatedAt) {

    static MemberResponse of(Member m) {
        return new MemberResponse(m.workspaceId(), m.userId(), m.role().value(), m.version(), m.createdAt(),
                m.updatedAt());
    }
}
