package dev.trident.workspace.rest;

import dev.trident.workspace.model.Member;

/** A member edge, as listed under a workspace and under a user. */
public record MemberResponse(String workspaceId, String userId, String role, long version, String createdAt,
        String updatedAt) {

    static MemberResponse of(Member m) {
        return new MemberResponse(m.workspaceId(), m.userId(), m.role().value(), m.version(), m.createdAt(),
                m.updatedAt());
    }
}
