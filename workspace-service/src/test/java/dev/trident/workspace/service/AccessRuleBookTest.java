package dev.trident.workspace.service;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.support.problem.ProblemException;
import dev.trident.support.security.Caller;
import dev.trident.workspace.model.Member;
import dev.trident.workspace.model.MemberRole;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** The rules of {@link AccessRules} on their own; {@code AccessMatrixTest} proves them through the API. */
class AccessRuleBookTest {

    private static Caller caller(String subject, String... roles) {
        return new Caller(subject, Set.of(roles), "Bearer t");
    }

    private static Member edge(MemberRole role) {
        return new Member("ws", "target", role, 1, "t", "t");
    }

    private static ProblemException refused(int status, Executable rule) {
        ProblemException e = assertThrows(ProblemException.class, rule);
        assertEquals(status, e.status());
        return e;
    }

    @Test
    void aNonMemberIsTold404AsIfTheWorkspaceDidNotExist() {
        for (Executable rule : new Executable[] { () -> AccessRules.requireMember(null, "ws"),
                () -> AccessRules.requireManager(null, "ws"), () -> AccessRules.requireOwner(null, "ws") }) {
            assertEquals("workspace ws does not exist", refused(404, rule).getMessage());
        }
    }

    @Test
    void everyMemberReadsManagersManageAndOnlyOwnersChangeSettings() {
        for (MemberRole role : MemberRole.values()) {
            assertEquals(role, AccessRules.requireMember(role, "ws"));
        }
        assertEquals(MemberRole.ADMIN, AccessRules.requireManager(MemberRole.ADMIN, "ws"));
        assertEquals(MemberRole.OWNER, AccessRules.requireManager(MemberRole.OWNER, "ws"));
        assertEquals("only an owner or admin of workspace ws may do this",
                refused(403, () -> AccessRules.requireManager(MemberRole.MEMBER, "ws")).getMessage());
        assertEquals(MemberRole.OWNER, AccessRules.requireOwner(MemberRole.OWNER, "ws"));
        assertEquals("only an owner of workspace ws may change its settings",
                refused(403, () -> AccessRules.requireOwner(MemberRole.ADMIN, "ws")).getMessage());
        refused(403, () -> AccessRules.requireOwner(MemberRole.MEMBER, "ws"));
    }

    @Test
    void onlyAnOwnerGrantsChangesOrRemovesTheOwnerRole() {
        assertDoesNotThrow(() -> AccessRules.requireMayChangeMember(MemberRole.ADMIN, null, MemberRole.MEMBER));
        assertDoesNotThrow(() -> AccessRules.requireMayChangeMember(MemberRole.ADMIN, edge(MemberRole.MEMBER), null));
        assertDoesNotThrow(() -> AccessRules.requireMayChangeMember(MemberRole.OWNER, edge(MemberRole.OWNER), null));
        assertDoesNotThrow(() -> AccessRules.requireMayChangeMember(MemberRole.OWNER, null, MemberRole.OWNER));
        refused(403, () -> AccessRules.requireMayChangeMember(MemberRole.ADMIN, null, MemberRole.OWNER));
        refused(403, () -> AccessRules.requireMayChangeMember(MemberRole.ADMIN, edge(MemberRole.OWNER), MemberRole.MEMBER));
        assertEquals("only an owner grants, changes or removes the owner role",
                refused(403, () -> AccessRules.requireMayChangeMember(MemberRole.ADMIN, edge(MemberRole.OWNER), null))
                        .getMessage());
    }

    @Test
    void removingOnesOwnMembershipIsLeavingAndAnyoneElsesIsNot() {
        assertTrue(AccessRules.isLeaving(caller("mia"), "mia"));
        assertFalse(AccessRules.isLeaving(caller("mia"), "ann"));
        assertFalse(AccessRules.isLeaving(caller("mia", Caller.ADMIN), "ann"), "the platform admin is no exception");
    }

    @Test
    void aFieldNamingTheActingUserIsTheCallerOrAbsent() {
        assertEquals("ann", AccessRules.requireSelf(caller("ann"), "ownerId", null));
        assertEquals("ann", AccessRules.requireSelf(caller("ann"), "ownerId", "ann"));
        assertEquals("createdBy must be the caller (ann) or absent",
                refused(403, () -> AccessRules.requireSelf(caller("ann"), "createdBy", "bob")).getMessage());
    }

    @Test
    void moreShardsThanConfiguredNeedThePlatformAdmin() {
        assertDoesNotThrow(() -> AccessRules.requireShardsAllowed(caller("ann"), 1, 1));
        assertDoesNotThrow(() -> AccessRules.requireShardsAllowed(caller("ann", Caller.ADMIN), 16, 1));
        assertEquals("a workspace with 2 shards needs the platform role admin; without it at most 1",
                refused(403, () -> AccessRules.requireShardsAllowed(caller("ann"), 2, 1)).getMessage());
        assertDoesNotThrow(() -> AccessRules.requireShardsAllowed(caller("ann"), 4, 4));
        refused(403, () -> AccessRules.requireShardsAllowed(caller("ann"), 5, 4));
    }

    @Test
    void aShardAllowanceOutside1To16IsRefusedAtStartUp() {
        assertThrows(IllegalArgumentException.class, () -> AccessRules.shardAllowance(0));
        assertThrows(IllegalArgumentException.class, () -> AccessRules.shardAllowance(17));
        assertEquals(16, AccessRules.shardAllowance(16));
    }

    @Test
    void readingAcrossUsersAndTenantsNeedsThePlatformAdmin() {
        assertDoesNotThrow(() -> AccessRules.requireSelfOrPlatformAdmin(caller("ann"), "ann"));
        assertDoesNotThrow(() -> AccessRules.requireSelfOrPlatformAdmin(caller("ann", Caller.ADMIN), "bob"));
        refused(403, () -> AccessRules.requireSelfOrPlatformAdmin(caller("ann"), "bob"));
        assertDoesNotThrow(() -> AccessRules.requirePlatformAdmin(caller("ann", Caller.ADMIN)));
        assertEquals("listing projects across workspaces needs the role admin",
                refused(403, () -> AccessRules.requirePlatformAdmin(caller("ann", "registrar"))).getMessage());
    }
}
