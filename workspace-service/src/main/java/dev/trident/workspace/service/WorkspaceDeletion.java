package dev.trident.workspace.service;

import dev.trident.keys.ItemKey;
import dev.trident.keys.Shards;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.problem.ProblemException;
import dev.trident.support.security.Caller;
import dev.trident.support.work.PendingWork;
import dev.trident.support.work.Reservations;
import dev.trident.support.work.WorkRunner;
import dev.trident.support.work.WorkSettings;
import dev.trident.support.work.WorkTask;
import dev.trident.workspace.repository.WorkspaceErasureRepository;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Deleting a workspace, by its owners ({@code DELETE /workspaces/{id}}) or when its only member's account is erased.
 * META goes first, with a {@code delete-workspace} task held by this process, in one transaction: from then on the
 * workspace is a 404 for everyone (every route reads META with the caller's edge), nothing can be added to it, and
 * its id is reserved (a create of it is a 409 with Retry-After) until the task is done. The request then empties the
 * workspace's partition and every shard's, a page at a time, within its inline budget; what is left, the pending-work
 * poll finishes. Only the task's holder deletes, and the task goes last, so the sweep never meets a later life.
 */
@ApplicationScoped
public class WorkspaceDeletion {

    public static final String SERVICE = "workspace";
    public static final String DELETE_WORKSPACE = "delete-workspace";
    /** A deletion task's scope names the layout its sweep covers: META, which held it, is gone by then. */
    static final String LAYOUT_SCOPE = "shards=";

    private final CallerMembership membership;
    private final WorkspaceErasureRepository repository;
    private final WorkRunner runner;
    private final WorkSettings settings;

    WorkspaceDeletion(CallerMembership membership, WorkspaceErasureRepository repository, WorkRunner runner,
            WorkSettings settings) {
        this.membership = membership;
        this.repository = repository;
        this.runner = runner;
        this.settings = settings;
    }

    /** For a create's transaction: refused while a deletion of {@code wsId} is still running. */
    static Transaction.Part notBeingDeleted(String wsId) {
        return Reservations.free(SERVICE, DELETE_WORKSPACE, wsId);
    }

    /**
     * Owners only: 403 for an admin or member, 404 for anyone else or when there is no such workspace. Emits true
     * when everything is gone, false when the rest is left to the pending-work task. With {@code expectedVersion}
     * (If-Match), only the settings at that version are deleted, a condition of the accepting transaction (412
     * otherwise).
     */
    public Uni<Boolean> delete(Caller caller, String wsId, Long expectedVersion) {
        return membership.owner(caller, wsId).chain(access -> accept(wsId, access.shards(), false, expectedVersion,
                refused -> expectedVersion != null && refused.itemExists()
                        ? ProblemException.preconditionFailed("workspace " + wsId + " has changed since it was read "
                                + "(If-Match does not name its current ETag); nothing was deleted")
                        : WorkspaceService.workspaceNotFound(wsId)));
    }

    /**
     * The workspace of an account that is its only member (account erasure): deleted as an owner's request would,
     * only while {@code memberCount} is still 1. Emits false when someone joined meanwhile or it is already gone, or
     * when the rest of the deletion is left to its task; true when it is all gone.
     */
    Uni<Boolean> deleteAsOnlyMember(String wsId, int shards) {
        return accept(wsId, shards, true, null, null);
    }

    /** META goes (only while it still has {@code shards}), with a task whose sweep covers exactly that layout. */
    private Uni<Boolean> accept(String wsId, int shards, boolean onlyMember, Long expectedVersion,
            Function<WriteRefused, ProblemException> refused) {
        WorkTask task = runner.heldTask(SERVICE, DELETE_WORKSPACE, wsId, LAYOUT_SCOPE + shards);
        return repository.deleteWorkspace(wsId, shards, onlyMember, expectedVersion, PendingWork.enqueue(task))
                .replaceWith(true)
                .onFailure(WriteRefused.class).recoverWithUni(e -> refused == null ? Uni.createFrom().item(false)
                        : Uni.createFrom().failure(refused.apply((WriteRefused) e)))
                .chain(accepted -> accepted ? runner.performHeld(task, settings.inlineBudget())
                        : Uni.createFrom().item(false));
    }

    /**
     * The shard count a task's sweep covers, from its scope ({@code shards=<n>}); a task written without one is swept
     * over every partition any layout could have used.
     */
    static int sweptShards(WorkTask task) {
        String scope = task.scope();
        return scope != null && scope.startsWith(LAYOUT_SCOPE)
                ? Shards.requireShardCount(Integer.parseInt(scope.substring(LAYOUT_SCOPE.length())))
                : Shards.MAX_SHARDS;
    }

    /**
     * Everything of a workspace whose META is gone: its partition (members, sequences, unsharded projects) and each
     * shard's of its layout, a page of keys at a time, {@code progress} after each page.
     */
    Uni<Long> sweep(String wsId, int shards, Supplier<Uni<Void>> progress) {
        List<String> partitions = new ArrayList<>();
        partitions.add(WorkspaceKeys.workspacePartition(wsId));
        for (int shard = 0; shards > 1 && shard < shards; shard++) {
            partitions.add(WorkspaceKeys.projectPartition(wsId, shard, shards));
        }
        return Multi.createFrom().iterable(partitions)
                .onItem().transformToUniAndConcatenate(partition -> emptyPartition(partition, 0L, progress))
                .collect().asList()
                .map(counts -> counts.stream().mapToLong(Long::longValue).sum());
    }

    private Uni<Long> emptyPartition(String partition, long soFar, Supplier<Uni<Void>> progress) {
        return repository.partitionKeys(partition).chain((List<ItemKey> keys) -> keys.isEmpty()
                ? Uni.createFrom().item(soFar)
                : repository.deleteAll(keys).chain(() -> progress.get())
                        .chain(() -> emptyPartition(partition, soFar + keys.size(), progress)));
    }
}
