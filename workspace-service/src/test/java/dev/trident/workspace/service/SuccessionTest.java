package dev.trident.workspace.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.workspace.model.Member;
import dev.trident.workspace.model.MemberRole;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Who becomes owner when the last owner's account is erased: admins first, then the longest-standing member. */
class SuccessionTest {

    private static Member member(String userId, MemberRole role, String joined) {
        return new Member("ws", userId, role, 1, joined, joined);
    }

    @Test
    void anAdminComesBeforeALongerStandingMember() {
        List<Member> others = List.of(member("early-member", MemberRole.MEMBER, "2026-01-01T00:00:00Z"),
                member("late-admin", MemberRole.ADMIN, "2026-03-01T00:00:00Z"));
        assertEquals("late-admin", others.stream().min(WorkspaceErasure.SUCCESSION).orElseThrow().userId());
    }

    @Test
    void amongEqualsTheLongestStandingThenTheSmallestIdWins() {
        List<Member> admins = List.of(member("b", MemberRole.ADMIN, "2026-02-01T00:00:00Z"),
                member("c", MemberRole.ADMIN, "2026-01-01T00:00:00Z"),
                member("a", MemberRole.ADMIN, "2026-01-01T00:00:00Z"));
        assertEquals("a", admins.stream().min(WorkspaceErasure.SUCCESSION).orElseThrow().userId());
        // Compared as instants: 00.5 is later than 00, although "00.5Z" sorts before "00Z" as text.
        List<Member> members = List.of(member("x", MemberRole.MEMBER, "2026-04-01T00:00:00.500Z"),
                member("y", MemberRole.MEMBER, "2026-04-01T00:00:00Z"));
        assertEquals("y", members.stream().min(WorkspaceErasure.SUCCESSION).orElseThrow().userId());
    }
}
