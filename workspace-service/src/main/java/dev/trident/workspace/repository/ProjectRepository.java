package dev.trident.workspace.repository;

import static dev.trident.keys.TableSchema.GSI1;
import static dev.trident.keys.TableSchema.GSI1SK;
import static dev.trident.keys.TableSchema.GSI2;
import static dev.trident.keys.TableSchema.GSI2SK;
import static dev.trident.keys.TableSchema.SK;
import static dev.trident.keys.TableSchema.TYPE;
import static dev.trident.keys.entity.StandardAttributes.CREATED_AT;
import static dev.trident.keys.entity.StandardAttributes.UPDATED_AT;
import static dev.trident.workspace.repository.WorkspaceEntities.PROJECT;
import static dev.trident.workspace.repository.WorkspaceEntities.SEQ;
import static dev.trident.workspace.repository.WorkspaceEntities.STATUS;
import static dev.trident.workspace.repository.WorkspaceEntities.TITLE;

import dev.trident.keys.EntityType;
import dev.trident.keys.KeyParts;
import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.Shards;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.entity.EntitySchema;
import dev.trident.keys.entity.KeyInputs;
import dev.trident.keys.expr.Condition;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.KeyQuery;
import dev.trident.support.dynamo.ListArguments;
import dev.trident.support.dynamo.Listing;
import dev.trident.support.dynamo.MergedQuery;
import dev.trident.support.dynamo.Slice;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.dynamo.VersionedChange;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.erasure.ErasureRecords;
import dev.trident.workspace.config.WorkspaceConfig;
import dev.trident.workspace.model.CreatedRange;
import dev.trident.workspace.model.Project;
import dev.trident.workspace.model.ProjectChanges;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Projects: on their workspace's partition, or spread over its shards ({@code WS#<id>#<shard>}, the shard derived
 * from the project id), each listed on GSI1 under its workspace and status ({@code WS#<id>#STATUS#<status>#<shard>})
 * and on GSI2 under its status alone ({@code PROJSTATUS#<status>#<n>}, over {@code trident.workspace.project-status
 * .shards} write shards); and the per-year sequence
 * their ids come from.
 */
@ApplicationScoped
public class ProjectRepository {

    // The actions whose conditions can refuse a write, as WriteRefused names them.
    /** Another project holds the allocated id. */
    public static final String NEW_PROJECT = "new-project";
    /** The project to change or delete is gone ({@code itemExists() == false}) or at another version. */
    public static final String PROJECT_CHANGE = "project";
    /** Advancing a sequence has no condition: it is never refused. */
    private static final String SEQUENCE_ADVANCE = "sequence";


    private final DynamoTable table;
    private final int statusShards;

    ProjectRepository(DynamoTable table, WorkspaceConfig config) {
        this.table = table;
        this.statusShards = Shards.requireShardCount(config.projectStatus().shards());
    }

    /** How many write shards each status has on GSI2 (a status cursor is bound to it). */
    public int statusShards() {
        return statusShards;
    }

    /** The project entity of a workspace with {@code shards} shards. */
    private EntitySchema<Project> project(int shards) {
        return PROJECT.with(KeyInputs.of(WorkspaceEntities.STATUS_SHARDS, statusShards)
                .and(WorkspaceEntities.WORKSPACE_SHARDS, Shards.requireShardCount(shards)));
    }

    /**
     * Allocate the next project number of a workspace and year: one UpdateItem {@code ADD seq 1} on
     * {@code WS#<id>/PROJSEQ#<yyyy>} (created by the first ADD). Atomic, so concurrent callers never get the same
     * number; a number whose project is then not written is a gap, never a duplicate.
     */
    public Uni<Long> allocateProjectSequence(String wsId, int year, String now) {
        UpdateExpressionBuilder update = new UpdateExpressionBuilder()
                .add(SEQ, 1)
                .setIfNotExists(TYPE, EntityType.PROJECT_SEQUENCE.typeAttribute())
                .setIfNotExists(CREATED_AT, now)
                .set(UPDATED_AT, now);
        return table.update(WorkspaceKeys.PROJECT_SEQUENCE, SEQUENCE_ADVANCE,
                WorkspaceKeys.projectSequence(wsId, year),
                update.build()).map(SEQ::read);
    }

    /**
     * Create a project: one TransactWriteItems of the project ({@code attribute_not_exists(PK)}, on its shard
     * partition, with its GSI2 status key; refused as {@link #NEW_PROJECT}) and what {@code alongside} adds: the check
     * that the workspace is still the one whose layout placed it ({@link WorkspaceRepository#sameWorkspace}). The
     * SDK re-sends a transaction whose answer was lost with the same client request token, which DynamoDB answers as
     * the success it was.
     */
    public Uni<Project> createProject(Project project, int shards, Transaction.Part alongside) {
        return table.transact(WorkspaceKeys.PROJECT_CREATE, Transaction.of()
                        .create(NEW_PROJECT, project(shards), project)
                        // createdBy is a trace of the account: none may be written while its erasure runs.
                        .include(ErasureRecords.noErasureRunning(project.createdBy()))
                        .include(alongside))
                .replaceWith(project);
    }

    /**
     * One project: one GetItem on the shard partition derived from the project id, strongly consistent (it carries
     * the ETag). Emits null when absent.
     */
    public Uni<Project> project(String wsId, int shards, ProjectId projectId) {
        return table.get(WorkspaceKeys.PROJECT, project(shards),
                WorkspaceKeys.project(wsId, shards, projectId));
    }

    /**
     * A workspace's projects, newest first: all of them, or with a status argument only that status's
     * ({@link #workspaceProjectsByStatus}). All of them: one Query {@code PK=WS#<id>[#<shard>] AND begins_with(SK,
     * PROJ#)} descending per shard, eventually consistent (a list), in parallel, merged by sort key, each for its
     * share of the page; a shard that runs out before the page is full is read again ({@link MergedQuery}). One
     * shard: one Query of {@code limit + 1}. A cursor (label = shard number) resumes each shard, and only under the
     * layout it was issued for.
     */
    public Listing<Project> workspaceProjects(String wsId, int shards, ListArguments arguments) {
        return arguments.get(KeyParts.STATUS).map(status -> workspaceProjectsByStatus(wsId, shards, status))
                .orElseGet(() -> Listing.of(WorkspaceKeys.WORKSPACE_PROJECTS.cursorScope(wsId, "shards=" + shards),
                        (resume, limit) -> newestProjects(KeyQuery.of(WorkspaceKeys.WORKSPACE_PROJECTS), wsId,
                                shards, resume, limit)));
    }

    /**
     * The projects of the whole stack ({@code GET /workspaces/{id}?include=projects}), newest first: the same Queries
     * as {@link #workspaceProjects} (one per shard, {@code begins_with(SK, PROJ#)} descending, merged), under the
     * stack's own access pattern. The settings come from {@link WorkspaceRepository#workspace}: descending, META
     * would be the last item of the partition, not the first.
     */
    public Uni<Slice<Project>> workspaceStackProjects(String wsId, int shards, CursorState resume, int limit) {
        return newestProjects(KeyQuery.of(WorkspaceKeys.WORKSPACE_WITH_PROJECTS), wsId, shards, resume, limit);
    }

    private Uni<Slice<Project>> newestProjects(KeyQuery pattern, String wsId, int shards, CursorState resume,
            int limit) {
        Map<String, KeyQuery> partitions = new LinkedHashMap<>();
        for (int shard = 0; shard < shards; shard++) {
            partitions.put(Integer.toString(shard), pattern.in(WorkspaceKeys.projectPartition(wsId, shard, shards)));
        }
        return new MergedQuery<>(table, partitions, PROJECT)
                .page(resume, limit);
    }

    /**
     * One workspace's projects of one status, newest first: one Query on GSI1 per workspace shard
     * {@code GSI1PK = WS#<id>#STATUS#<status>#<shard>} (the whole partition: it holds exactly those projects),
     * descending, in parallel, merged by GSI1SK (the project's sort key), each for its share of the page
     * ({@link MergedQuery}). Reads only matching projects, never the workspace's others. Eventually consistent, as
     * every index read: a project created or moved a moment ago may be missing or still listed under its old status.
     */
    public Listing<Project> workspaceProjectsByStatus(String wsId, int shards, ProjectStatus status) {
        Map<String, KeyQuery> partitions = new LinkedHashMap<>();
        for (int shard = 0; shard < shards; shard++) {
            partitions.put(Integer.toString(shard), KeyQuery.of(WorkspaceKeys.WORKSPACE_PROJECTS_BY_STATUS).in(
                    WorkspaceKeys.workspaceStatusPartition(wsId, status, shard, shards)));
        }
        String scope = WorkspaceKeys.WORKSPACE_PROJECTS_BY_STATUS.cursorScope(wsId, "status=" + status.name(),
                "shards=" + shards);
        return Listing.of(scope, (resume, limit) -> new MergedQuery<>(table, partitions, PROJECT).page(resume, limit));
    }

    /**
     * Projects of one status across all workspaces, newest first, optionally created within {@code range} (both ends
     * inclusive): one Query on GSI2 per write shard {@code PROJSTATUS#<status>#<n>} (n = 0..S-1), descending, in
     * parallel, merged by GSI2SK, each for its share of the page ({@link MergedQuery}). A range is a key condition on
     * GSI2SK ({@code <createdAt>#<wsId>#<projectId>}): {@code BETWEEN} with both bounds, {@code >=} or {@code <=}
     * with one, so nothing outside it is read. A range narrower than the stored millisecond holds nothing: no read.
     * Eventually consistent, as every index read.
     */
    public Uni<Slice<Project>> projectsByStatus(ProjectStatus status, CreatedRange range, CursorState resume,
            int limit) {
        String lower = range.from() == null ? null
                : WorkspaceKeys.projectStatusCreatedFrom("createdFrom", range.from());
        String upper = range.to() == null ? null : WorkspaceKeys.projectStatusCreatedTo("createdTo", range.to());
        if (lower != null && upper != null && lower.compareTo(upper) > 0) {
            return Uni.createFrom().item(Slice.last(List.of()));
        }
        KeyQuery byStatus = KeyQuery.of(WorkspaceKeys.PROJECTS_BY_STATUS);
        KeyQuery created = lower != null && upper != null ? byStatus.between(lower, upper)
                : lower != null ? byStatus.atLeast(lower)
                : upper != null ? byStatus.atMost(upper)
                : byStatus;
        Map<String, KeyQuery> partitions = new LinkedHashMap<>();
        for (int n = 0; n < statusShards; n++) {
            partitions.put(Integer.toString(n), created.in(WorkspaceKeys.projectStatusPartition(status, n,
                    statusShards)));
        }
        return new MergedQuery<>(table, partitions, PROJECT)
                .page(resume, limit);
    }

    /**
     * Change a project's title and/or status: one UpdateItem conditioned on {@code attribute_exists(PK)} [+
     * {@code version = :expected}]; bumps version and updatedAt. A status change rewrites GSI2PK to the new status
     * partition; GSI2SK (creation time, workspace, id) and the write shard stay, so the project moves between status
     * partitions in the same write; GSI1PK likewise moves to its workspace's partition of the new status (GSI1SK,
     * the project's own sort key, stays). Every project carries both GSI1 keys from its creation (older ones from
     * deploy/migrations' ProjectIndexBackfill). Emits the project after the change. Refused as
     * {@link #PROJECT_CHANGE}.
     */
    public Uni<Project> updateProject(String wsId, int shards, ProjectId projectId, ProjectChanges changes,
            Long expectedVersion, String now) {
        UpdateExpressionBuilder update = new UpdateExpressionBuilder().setIfGiven(TITLE, changes.title());
        if (changes.status() != null) {
            update.set(STATUS, changes.status().name())
                    .setIndexPartition(GSI2, WorkspaceKeys.projectStatusPartition(changes.status(),
                            WorkspaceKeys.projectStatusShard(wsId, projectId, statusShards), statusShards))
                    .setIndexPartition(GSI1,
                            WorkspaceKeys.projectWorkspaceStatusIndex(wsId, shards, changes.status(), projectId).pk());
        }
        return table.update(WorkspaceKeys.PROJECT_UPDATE, PROJECT_CHANGE,
                WorkspaceKeys.project(wsId, shards, projectId),
                VersionedChange.of(update, expectedVersion, now)).map(PROJECT::fromItem);
    }

    /**
     * Delete a project: one DeleteItem conditioned on {@code attribute_exists(PK)} [+ {@code version = :expected}].
     * Refused as {@link #PROJECT_CHANGE}.
     */
    public Uni<Void> deleteProject(String wsId, int shards, ProjectId projectId, Long expectedVersion) {
        Condition condition = expectedVersion == null ? Conditions.ITEM_EXISTS
                : Conditions.and(Conditions.ITEM_EXISTS, Conditions.versionEquals(expectedVersion));
        return table.delete(WorkspaceKeys.PROJECT_DELETE, PROJECT_CHANGE,
                WorkspaceKeys.project(wsId, shards, projectId), condition)
                .replaceWithVoid();
    }

    /** The project a refused {@link #PROJECT_CHANGE} met (its version); null when the project is gone. */
    public static Project found(WriteRefused refused) {
        return refused.current(PROJECT_CHANGE, PROJECT);
    }
}
