package dev.trident.workspace.service;

import dev.trident.keys.ProjectId;
import dev.trident.support.dynamo.WriteContended;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.erasure.ErasureRecords;
import dev.trident.support.idempotency.Idempotency;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.problem.RetryAfter;
import dev.trident.support.work.Reservations;
import dev.trident.workspace.model.Project;
import dev.trident.workspace.model.Workspace;
import dev.trident.workspace.repository.MemberRepository;
import dev.trident.workspace.repository.ProjectRepository;
import dev.trident.workspace.repository.WorkspaceRepository;
import org.jboss.logging.Logger;

/**
 * What a write the table refused means to a client, by the name of the action whose condition failed: every refusal
 * the workspace repositories can meet, in one place, one method per write. Any other failure passes unchanged.
 */
final class Refusals {

    private static final Logger LOG = Logger.getLogger(Refusals.class);

    private Refusals() {
    }

    /** {@code POST /workspaces}: the id (or, never without it, the creator's edge of it) exists already. */
    static Throwable workspaceCreate(Throwable failure, String wsId) {
        if (ErasureRecords.erasureRunning(failure)) {
            return ProblemException.conflict("your account is being erased: it can own no new workspace");
        }
        if (Reservations.refused(failure)) {
            return Reservations.stillDeleting("workspace", wsId);
        }
        if (failure instanceof WriteRefused refused && (refused.refused(WorkspaceRepository.NEW_WORKSPACE)
                || refused.refused(WorkspaceRepository.FIRST_OWNER))) {
            return ProblemException.conflict("workspace " + wsId + " already exists");
        }
        return createInFlight(failure, "workspace " + wsId);
    }

    /**
     * {@code PATCH /workspaces/{id}}: gone (404), a {@code shards} other than the stored one (400: it is fixed), a
     * stale If-Match (412), or changed between the condition and a retry (409).
     */
    static Throwable workspaceChange(Throwable failure, String wsId, Integer shardsSent, Long expectedVersion) {
        if (!(failure instanceof WriteRefused refused) || !refused.refused(WorkspaceRepository.WORKSPACE_CHANGE)) {
            return contendedOr(failure, "workspace " + wsId);
        }
        Workspace found = WorkspaceRepository.found(refused);
        if (found == null) {
            return WorkspaceService.workspaceNotFound(wsId);
        }
        if (shardsSent != null && shardsSent != found.shards()) {
            return ProblemException.badRequest("shards", "is fixed at creation (" + found.shards()
                    + ") and cannot change");
        }
        return staleOrConcurrent("workspace " + wsId, found.version(), expectedVersion);
    }

    /** {@code POST .../projects}: the allocated id is taken (by a project written behind the sequence's back). */
    static Throwable projectCreate(Throwable failure, String wsId, String createdBy) {
        if (ErasureRecords.erasureRunning(failure)) {
            return ProblemException.unknownReference("createdBy", createdBy);
        }
        if (failure instanceof WriteRefused refused && refused.conditionFailed(WorkspaceRepository.SAME_WORKSPACE)) {
            return WorkspaceService.workspaceNotFound(wsId);
        }
        if (failure instanceof WriteRefused refused && refused.refused(ProjectRepository.NEW_PROJECT)) {
            return ProblemException.conflict("the allocated project id is already taken; retry");
        }
        return createInFlight(failure, "the project");
    }

    /**
     * A create whose Idempotency-Key record another request wrote first (and which was not there to replay when read
     * again), or that kept losing to concurrent transactions: both pass with time, so a 409 with Retry-After.
     */
    private static Throwable createInFlight(Throwable failure, String what) {
        if (failure instanceof WriteRefused refused && refused.refused(Idempotency.RECORD_ACTION)) {
            return ProblemException.conflict(what + " is being created by another request at once; retry",
                    RetryAfter.MOMENT);
        }
        return contendedOr(failure, what);
    }

    /** {@code PATCH/DELETE .../projects/{pid}}: gone (404), a stale If-Match (412), or changed concurrently (409). */
    static Throwable projectChange(Throwable failure, String wsId, ProjectId projectId, Long expectedVersion) {
        if (!(failure instanceof WriteRefused refused) || !refused.refused(ProjectRepository.PROJECT_CHANGE)) {
            return contendedOr(failure, "project " + projectId);
        }
        Project found = ProjectRepository.found(refused);
        return found == null ? ProjectService.projectNotFound(wsId, projectId)
                : staleOrConcurrent("project " + projectId, found.version(), expectedVersion);
    }

    /**
     * {@code PUT/DELETE .../members/{userId}}: the caller was demoted (403) or removed (404, as for a non-member)
     * between the decision and the write, every seat is taken (409 naming the count and the limit), the last
     * owner would go (409 naming what to do), the edge changed since it was read (409, retry), or a write that kept
     * losing to concurrent ones (409 with Retry-After). An edge changed concurrently wins over a full workspace: the
     * client's view is stale, so a retry is the answer, not raising the limit. A workspace stored without a count the
     * change moves ({@code memberCount}, {@code ownerCount}; not migrated) is a 500 saying so, logged: nothing that
     * moves it can be done until the backfill counts it.
     */
    static Throwable membership(Throwable failure, String wsId, String userId) {
        if (failure instanceof WriteRefused refused && refused.conditionFailed(MemberRepository.CALLER_ROLE)) {
            return refused.currentItem(MemberRepository.CALLER_ROLE).isEmpty()
                    ? WorkspaceService.workspaceNotFound(wsId)
                    : ProblemException.forbidden("your role in workspace " + wsId
                            + " changed while the change was made and no longer allows it");
        }
        if (ErasureRecords.erasureRunning(failure)) {
            return ProblemException.unknownReference("userId", userId);
        }
        if (failure instanceof WriteRefused refused && MemberRepository.countsMissing(refused)) {
            LOG.errorf("workspace %s lacks memberCount or ownerCount: its META predates them and was not migrated; "
                    + "run deploy/backfill-member-counts.sh", wsId);
            return ProblemException.invariantViolated("workspace " + wsId + " is stored without its member counts, "
                    + "which this version needs for this change; nothing was changed. An operator must migrate the "
                    + "table (deploy/backfill-member-counts.sh)");
        }
        if (failure instanceof WriteRefused refused && refused.conditionFailed(MemberRepository.SEAT)
                && !refused.conditionFailed(MemberRepository.MEMBER_EDGE)) {
            MemberRepository.Seats seats = MemberRepository.seatsFound(refused);
            return ProblemException.conflict("workspace " + wsId + " is full: " + seats.taken() + " of "
                    + seats.limit() + " seats are taken; remove a member or raise seatLimit first");
        }
        if (failure instanceof WriteRefused refused && refused.refused(MemberRepository.OWNER_COUNT_CHANGE)) {
            return ProblemException.conflict("user " + userId + " is the last owner of workspace " + wsId
                    + ": make another member owner first");
        }
        if (failure instanceof WriteRefused refused && refused.refused(MemberRepository.MEMBER_EDGE)) {
            return changedConcurrently("the membership of " + userId);
        }
        return contendedOr(failure, "the membership of " + userId);
    }

    /** A write that kept losing to concurrent ones (409 with Retry-After); any other failure passes unchanged. */
    private static Throwable contendedOr(Throwable failure, String what) {
        return failure instanceof WriteContended ? ProblemException.contended(what) : failure;
    }

    /**
     * A versioned change whose condition failed on an item that is there: a stale If-Match (412 naming both
     * versions), else the item changed between the condition's evaluation and the write (409, retry).
     */
    private static ProblemException staleOrConcurrent(String what, long foundVersion, Long expectedVersion) {
        if (expectedVersion != null && expectedVersion != foundVersion) {
            return ProblemException.preconditionFailed(what + " is at version " + foundVersion + ", not "
                    + expectedVersion);
        }
        return changedConcurrently(what);
    }

    private static ProblemException changedConcurrently(String what) {
        return ProblemException.conflict(what + " changed concurrently; retry");
    }
}
