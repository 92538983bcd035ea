package dev.trident.workspace.service;

import dev.trident.keys.Shards;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.security.Caller;
import dev.trident.workspace.model.Member;
import dev.trident.workspace.model.MemberRole;
import java.util.EnumSet;
import java.util.Set;

/**
 * Who may do what in the workspace domain, one method per rule, each deciding on what it is given (the caller and
 * the role read for them) without reading anything. Every route needs a valid token (401 otherwise, before any of
 * this runs); then:
 * <ul>
 * <li>any caller creates a workspace and becomes its owner ({@link #requireSelf}); more shards than
 * {@code trident.workspace.max-shards-without-platform-admin} (default 1) need the platform role {@code admin}
 * ({@link #requireShardsAllowed});</li>
 * <li>only members read a workspace, its projects and members ({@link #requireMember}); a non-member gets the
 * same 404 as for a workspace that does not exist, so it cannot learn that it does;</li>
 * <li>owners and admins create and change projects and members ({@link #requireManager}), 403 for a member;
 * only an owner grants the owner role or changes or removes an owner ({@link #requireMayChangeMember}); any member,
 * whatever their role, leaves on their own ({@link #isLeaving}; never the last owner, which the owner count
 * refuses);</li>
 * <li>only owners change settings ({@link #requireOwner}), 403 for an admin or member;</li>
 * <li>a user lists their own workspaces; anyone's needs the platform role {@code admin}
 * ({@link #requireSelfOrPlatformAdmin}); projects by status span tenants and need it too
 * ({@link #requirePlatformAdmin}).</li>
 * </ul>
 * The caller's role is one GetItem of their member edge ({@link CallerMembership}), made before anything is read for
 * or written on behalf of the caller; a member change also holds it as a condition of its own transaction
 * ({@link #rolesThatMayChangeMember}), so a manager demoted meanwhile changes nothing (403). A member edge is written
 * in the same transaction as its workspace's META and workspaces are never deleted, so "is a member" also answers "the
 * workspace exists".
 */
final class AccessRules {

    private AccessRules() {
    }

    /**
     * {@code trident.workspace.max-shards-without-platform-admin} as configured, refused (the service cannot be
     * built) unless it is 1..16.
     */
    static int shardAllowance(int maxShardsWithoutPlatformAdmin) {
        if (maxShardsWithoutPlatformAdmin < 1 || maxShardsWithoutPlatformAdmin > Shards.MAX_SHARDS) {
            throw new IllegalArgumentException("trident.workspace.max-shards-without-platform-admin must be 1.."
                    + Shards.MAX_SHARDS + ", not " + maxShardsWithoutPlatformAdmin);
        }
        return maxShardsWithoutPlatformAdmin;
    }

    /** The caller's role in {@code wsId} (null: not a member); 404, as for a missing workspace, for a non-member. */
    static MemberRole requireMember(MemberRole role, String wsId) {
        if (role == null) {
            throw WorkspaceService.workspaceNotFound(wsId);
        }
        return role;
    }

    /** An owner or admin of {@code wsId}: 403 for another member, 404 for a non-member. */
    static MemberRole requireManager(MemberRole role, String wsId) {
        if (!requireMember(role, wsId).managesWorkspace()) {
            throw ProblemException.forbidden("only an owner or admin of workspace " + wsId + " may do this");
        }
        return role;
    }

    /** An owner of {@code wsId}: 403 for an admin or member, 404 for a non-member. */
    static MemberRole requireOwner(MemberRole role, String wsId) {
        if (requireMember(role, wsId) != MemberRole.OWNER) {
            throw ProblemException.forbidden("only an owner of workspace " + wsId + " may change its settings");
        }
        return role;
    }

    /**
     * Whether a manager with role {@code callerRole} may change the member {@code before} (null: not a member yet) to
     * {@code after} (null: removal): granting the owner role or touching an owner's edge needs an owner, so an admin
     * cannot make themselves owner or push an owner out. 403 otherwise.
     */
    static void requireMayChangeMember(MemberRole callerRole, Member before, MemberRole after) {
        if (!rolesThatMayChangeMember(before, after).contains(callerRole)) {
            throw ProblemException.forbidden("only an owner grants, changes or removes the owner role");
        }
    }

    /**
     * The caller roles that may change the member {@code before} to {@code after} (see
     * {@link #requireMayChangeMember}): the owner alone when the owner role is granted or touched, else any manager.
     * The change's transaction holds the caller's edge to one of them, so a demotion after the decision refuses it.
     */
    static Set<MemberRole> rolesThatMayChangeMember(Member before, MemberRole after) {
        boolean touchesOwner = after == MemberRole.OWNER || (before != null && before.role() == MemberRole.OWNER);
        return touchesOwner ? EnumSet.of(MemberRole.OWNER) : EnumSet.of(MemberRole.OWNER, MemberRole.ADMIN);
    }

    /** Whether removing {@code userId} is the caller leaving, which any member may do without a manager's role. */
    static boolean isLeaving(Caller caller, String userId) {
        return caller.is(userId);
    }

    /**
     * A body field that names the acting user ({@code ownerId}, {@code createdBy}) is optional; when sent it must be
     * the caller: 403 otherwise. Returns the caller's id, the value to store.
     */
    static String requireSelf(Caller caller, String field, String claimedId) {
        if (claimedId != null && !caller.is(claimedId)) {
            throw ProblemException.forbidden(field + " must be the caller (" + caller.userId() + ") or absent");
        }
        return caller.userId();
    }

    /**
     * A new workspace's shard count: up to the configured maximum ({@link #shardAllowance}) for anyone, beyond it
     * (up to 16) only for the
     * platform role {@code admin}; 403 otherwise. Each shard is one more Query on every project list of the workspace.
     */
    static void requireShardsAllowed(Caller caller, int shards, int maxShardsWithoutPlatformAdmin) {
        if (shards > maxShardsWithoutPlatformAdmin && !caller.hasRole(Caller.ADMIN)) {
            throw ProblemException.forbidden("a workspace with " + shards + " shards needs the platform role "
                    + Caller.ADMIN + "; without it at most " + maxShardsWithoutPlatformAdmin);
        }
    }

    /** The caller themself, or any user for the platform role {@code admin}; 403 otherwise. */
    static void requireSelfOrPlatformAdmin(Caller caller, String userId) {
        if (!caller.is(userId) && !caller.hasRole(Caller.ADMIN)) {
            throw ProblemException.forbidden("only your own memberships may be listed without the role "
                    + Caller.ADMIN);
        }
    }

    /** The platform role {@code admin}: 403 otherwise. */
    static void requirePlatformAdmin(Caller caller) {
        if (!caller.hasRole(Caller.ADMIN)) {
            throw ProblemException.forbidden("listing projects across workspaces needs the role " + Caller.ADMIN);
        }
    }
}
