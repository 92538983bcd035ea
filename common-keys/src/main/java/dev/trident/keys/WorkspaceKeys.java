package dev.trident.keys;

import static dev.trident.keys.ErasureKeys.ERASE_ACCOUNT;
import static dev.trident.keys.KeyParts.CREATED_AT;
import static dev.trident.keys.KeyParts.PROJECT_ID;
import static dev.trident.keys.KeyParts.SHARD;
import static dev.trident.keys.KeyParts.SORTED_PROJECT_ID;
import static dev.trident.keys.KeyParts.STATUS;
import static dev.trident.keys.KeyParts.STATUS_SHARD;
import static dev.trident.keys.KeyParts.USER_ID;
import static dev.trident.keys.KeyParts.WORKSPACE_ID;
import static dev.trident.keys.KeyParts.YEAR;
import static dev.trident.keys.WorkKeys.PENDING_WORK_POLL;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.OptionalInt;

/**
 * The workspace domain declared once: the keys of workspaces, members (inverted on GSI1), sharded projects, a
 * workspace's projects by status (GSI1) and projects by status across workspaces (GSI2), the item collections they
 * make and workspace-service's access patterns over them. The declarations come first; the builders and parsers
 * below are derived from them.
 */
public final class WorkspaceKeys {
    /** The key input a project is written with: how many shards its workspace has. */
    public static final String WORKSPACE_SHARDS_INPUT = "workspaceShards";
    /** The key input a project is written with: how many write shards each status has on GSI2. */
    public static final String STATUS_SHARDS_INPUT = "statusShards";
    static final KeyTemplate WORKSPACE_PARTITION = KeyTemplate.of("WS", WORKSPACE_ID);
    /** A project's partition: the workspace's own when it is unsharded, else one of its shards. */
    static final KeyTemplate PROJECT_PARTITION = WORKSPACE_PARTITION.optionally(SHARD);
    static final KeyTemplate SHARDED_PROJECT_PARTITION = WORKSPACE_PARTITION.then(SHARD);
    /** The inverted side of a member edge on GSI1: the user's partition. */
    static final KeyTemplate USER_WORKSPACES = KeyTemplate.of("USER", USER_ID);
    /** One workspace shard's projects of one status on GSI1. */
    static final KeyTemplate WORKSPACE_STATUS = WORKSPACE_PARTITION.then("STATUS", STATUS, SHARD);
    /** One write shard of the projects of a status, across workspaces, on GSI2. */
    static final KeyTemplate PROJECT_STATUS = KeyTemplate.of("PROJSTATUS", STATUS, STATUS_SHARD);
    /** A project's place in its status shard on GSI2: by creation time, then workspace and project. */
    static final KeyTemplate STATUS_ENTRY = KeyTemplate.of(CREATED_AT, WORKSPACE_ID, PROJECT_ID);

    static final EntityKeys WORKSPACE_KEYS = EntityKeys.of(WORKSPACE_PARTITION, KeyTemplate.of("META"));
    /** {@code WS#<wsId>/MEMBER#<userId>}, inverted on GSI1 as {@code USER#<userId>/WS#<wsId>}. */
    static final EntityKeys MEMBER_KEYS = EntityKeys.of(WORKSPACE_PARTITION, KeyTemplate.of("MEMBER", USER_ID))
            .index(TableSchema.GSI1, USER_WORKSPACES, WORKSPACE_PARTITION);
    /**
     * A project on its workspace shard, on GSI1 under its workspace shard and status (its own sort key, so newest
     * first is the table's order) and on GSI2 in its status shard across workspaces.
     */
    static final EntityKeys PROJECT_KEYS = EntityKeys.of(PROJECT_PARTITION, KeyTemplate.of("PROJ", SORTED_PROJECT_ID))
            .index(TableSchema.GSI1, WORKSPACE_STATUS, KeyTemplate.of("PROJ", SORTED_PROJECT_ID))
            .index(TableSchema.GSI2, PROJECT_STATUS, STATUS_ENTRY)
            .partDerived(SORTED_PROJECT_ID, project -> ProjectId.parse(project.require(PROJECT_ID.name())))
            .partDerived(SHARD, project -> projectShard(ProjectId.parse(project.require(PROJECT_ID.name())),
                    Integer.parseInt(project.require(WORKSPACE_SHARDS_INPUT))))
            .partDerived(STATUS_SHARD, project -> projectStatusShard(project.require(WORKSPACE_ID.name()),
                    ProjectId.parse(project.require(PROJECT_ID.name())),
                    Integer.parseInt(project.require(STATUS_SHARDS_INPUT))))
            .partDerived(CREATED_AT, project -> Instant.parse(project.require(TableSchema.CREATED_AT)));
    /** The per-workspace, per-year project id counter. */
    static final EntityKeys PROJECT_SEQUENCE_KEYS = EntityKeys.of(WORKSPACE_PARTITION, KeyTemplate.of("PROJSEQ", YEAR));

    public static final String META = WORKSPACE_KEYS.sk().prefix();
    public static final String MEMBERS_PREFIX = MEMBER_KEYS.sk().prefix();
    public static final String PROJECTS_PREFIX = PROJECT_KEYS.sk().prefix();
    public static final String SEQUENCE_PREFIX = PROJECT_SEQUENCE_KEYS.sk().prefix();
    /** GSI1SK prefix: the workspaces of a user. */
    public static final String WORKSPACES_OF_USER_PREFIX = WORKSPACE_PARTITION.prefix();
    /**
     * Sorts above every {@code <wsId>#<projectId>} that can follow a creation time in GSI2SK (ids are
     * {@code [A-Za-z0-9._-]}, all below {@code ~}), so {@code <createdAt>#~} is the last key of that millisecond.
     */
    private static final String AFTER_EVERY_ID = "~";
    /**
     * How many write shards each status has on GSI2 unless an operator sets another count: the default of
     * workspace-service's {@code trident.workspace.project-status.shards} and of the tools that check and re-key it.
     */
    public static final int DEFAULT_PROJECT_STATUS_SHARDS = 8;

    // The creation times a fixed-width sort key can hold (a year of four digits).
    private static final Instant FIRST_FOUR_DIGIT_YEAR = LocalDate.of(0, 1, 1).atStartOfDay(ZoneOffset.UTC).toInstant();
    private static final Instant PAST_FOUR_DIGIT_YEARS = LocalDate.of(10000, 1, 1).atStartOfDay(ZoneOffset.UTC)
            .toInstant();

    public static final ItemCollection WORKSPACE_COLLECTION = ItemCollection.of("WORKSPACE", null,
            "a workspace's settings, members, project sequences and, unsharded, its projects", WORKSPACE_PARTITION);
    public static final ItemCollection WORKSPACE_SHARD_COLLECTION = ItemCollection.of("WORKSPACE_SHARD", null,
            "one shard of a sharded workspace's projects", SHARDED_PROJECT_PARTITION);
    public static final ItemCollection WORKSPACE_PROJECTS_BY_STATUS_COLLECTION = ItemCollection.of(
            "WORKSPACE_PROJECTS_BY_STATUS", TableSchema.GSI1, "one workspace shard's projects of one status",
            WORKSPACE_STATUS);
    public static final ItemCollection PROJECTS_BY_STATUS_COLLECTION = ItemCollection.of("PROJECTS_BY_STATUS",
            TableSchema.GSI2, "one write shard of the projects of a status, across workspaces", PROJECT_STATUS);
    /** The domain's collections, in the order the explorer lists them. */
    public static final List<ItemCollection> COLLECTIONS = List.of(WORKSPACE_COLLECTION, WORKSPACE_SHARD_COLLECTION,
            WORKSPACE_PROJECTS_BY_STATUS_COLLECTION, PROJECTS_BY_STATUS_COLLECTION);

    // The access patterns of workspace-service.
    public static final String SERVICE = "workspace-service";

    // workspaces
    /** A workspace's projects, all or of one status (the status is a part of the latter's scopes). */
    private static final String PROJECTS_SCOPE = "workspace:projects";

    public static final AccessPattern WORKSPACE_CREATE = AccessPattern.named("workspace-create");
    /** The settings item every route of a workspace reads first: its members' rules and its shard count. */
    public static final AccessPattern WORKSPACE_ACCESS = AccessPattern.reads("workspace-access",
            WORKSPACE_COLLECTION).consistent().routes("GET /workspaces/{wsId}", "PATCH /workspaces/{wsId}",
                    "DELETE /workspaces/{wsId}", "GET /workspaces/{wsId}?include=projects",
                    "GET /workspaces/{wsId}/members", "PUT /workspaces/{wsId}/members/{userId}",
                    "DELETE /workspaces/{wsId}/members/{userId}", "POST /workspaces/{wsId}/projects",
                    "GET /workspaces/{wsId}/projects", "GET /workspaces/{wsId}/projects/{projectId}",
                    "PATCH /workspaces/{wsId}/projects/{projectId}", "DELETE /workspaces/{wsId}/projects/{projectId}");
    public static final AccessPattern WORKSPACE_UPDATE = AccessPattern.named("workspace-update");
    public static final AccessPattern WORKSPACE_DELETE = AccessPattern.named("workspace-delete");
    public static final AccessPattern WORKSPACE_PARTITION_ITEMS = AccessPattern.reads("workspace-partition-items",
            WORKSPACE_COLLECTION, WORKSPACE_SHARD_COLLECTION).consistent()
            .routes("DELETE /workspaces/{wsId}", ERASE_ACCOUNT);
    public static final AccessPattern WORKSPACE_PARTITION_DELETE = AccessPattern.named("workspace-partition-delete");
    // members
    public static final AccessPattern MEMBER = AccessPattern.reads("member", WORKSPACE_COLLECTION).consistent()
            .routes("PUT /workspaces/{wsId}/members/{userId}", "DELETE /workspaces/{wsId}/members/{userId}");
    public static final AccessPattern MEMBER_PUT = AccessPattern.named("member-put");
    public static final AccessPattern MEMBER_REMOVE = AccessPattern.named("member-remove");
    public static final AccessPattern WORKSPACE_MEMBERS = AccessPattern.reads("workspace-members",
            WORKSPACE_COLLECTION).beginsWith(membersPrefix())
            .routes("GET /workspaces/{wsId}/members").pagedAs("workspace:members");
    public static final AccessPattern WORKSPACES_OF_USER = AccessPattern.reads("workspaces-of-user",
            SocialKeys.USER_INVERTED_COLLECTION).beginsWith(workspacesOfUserPrefix())
            .routes("GET /workspaces?member={userId}").pagedAs("workspace:of-user");
    // projects
    public static final AccessPattern PROJECT_SEQUENCE = AccessPattern.named("project-sequence");
    public static final AccessPattern PROJECT_CREATE = AccessPattern.named("project-create");
    public static final AccessPattern PROJECT = AccessPattern.reads("project", WORKSPACE_COLLECTION,
            WORKSPACE_SHARD_COLLECTION).consistent().routes("GET /workspaces/{wsId}/projects/{projectId}");
    public static final AccessPattern WORKSPACE_PROJECTS = AccessPattern.reads("workspace-projects",
            WORKSPACE_COLLECTION, WORKSPACE_SHARD_COLLECTION).beginsWith(projectsPrefix())
            .newestFirst().routes("GET /workspaces/{wsId}/projects").pagedAs(PROJECTS_SCOPE);
    public static final AccessPattern WORKSPACE_WITH_PROJECTS = AccessPattern.reads("workspace-with-projects",
            WORKSPACE_COLLECTION, WORKSPACE_SHARD_COLLECTION).beginsWith(projectsPrefix())
            .newestFirst().routes("GET /workspaces/{wsId}?include=projects").pagedAs("workspace:stack");
    public static final AccessPattern WORKSPACE_PROJECTS_BY_STATUS = AccessPattern.reads(
            "workspace-projects-by-status", WORKSPACE_PROJECTS_BY_STATUS_COLLECTION).newestFirst()
            .routes("GET /workspaces/{wsId}/projects?status={status}").pagedAs(PROJECTS_SCOPE);
    public static final AccessPattern PROJECTS_BY_STATUS = AccessPattern.reads("projects-by-status",
            PROJECTS_BY_STATUS_COLLECTION).newestFirst().routes("GET /projects?status={status}")
            .pagedAs("workspace:projects-by-status");
    public static final AccessPattern PROJECT_UPDATE = AccessPattern.named("project-update");
    public static final AccessPattern PROJECT_DELETE = AccessPattern.named("project-delete");
    // the erasure of an account
    public static final AccessPattern ERASURE_MEMBERSHIPS = AccessPattern.reads("erasure-memberships",
            SocialKeys.USER_INVERTED_COLLECTION).beginsWith(workspacesOfUserPrefix()).routes(ERASE_ACCOUNT);
    public static final AccessPattern ERASURE_MEMBERS = AccessPattern.reads("erasure-members",
            WORKSPACE_COLLECTION).beginsWith(membersPrefix()).consistent().routes(ERASE_ACCOUNT);
    public static final AccessPattern ERASURE_WORKSPACE_META = AccessPattern.reads("erasure-workspace-meta",
            WORKSPACE_COLLECTION).consistent().routes(ERASE_ACCOUNT);
    public static final AccessPattern ERASURE_CREATED_PROJECTS = AccessPattern.reads("erasure-created-projects",
            WORKSPACE_COLLECTION, WORKSPACE_SHARD_COLLECTION).beginsWith(projectsPrefix())
            .routes(ERASE_ACCOUNT);
    public static final AccessPattern ERASURE_PROJECT_ANONYMISE = AccessPattern.named("erasure-project-anonymise");
    // made through service-support
    public static final AccessPattern ERASURE_RECORD = ErasureKeys.ERASURE_RECORD.routes(ERASE_ACCOUNT);
    public static final AccessPattern WORK_PENDING = WorkKeys.WORK_PENDING.routes(PENDING_WORK_POLL);
    public static final AccessPattern IDEMPOTENCY_RECORD = IdempotencyKeys.IDEMPOTENCY_RECORD
            .routes("POST /workspaces", "POST /workspaces/{wsId}/projects");

    /** Every access pattern of the service, in the order above. */
    public static final List<AccessPattern> PATTERNS = List.of(WORKSPACE_CREATE, WORKSPACE_ACCESS, WORKSPACE_UPDATE,
            WORKSPACE_DELETE, WORKSPACE_PARTITION_ITEMS, WORKSPACE_PARTITION_DELETE, MEMBER, MEMBER_PUT, MEMBER_REMOVE,
            WORKSPACE_MEMBERS, WORKSPACES_OF_USER, PROJECT_SEQUENCE, PROJECT_CREATE, PROJECT, WORKSPACE_PROJECTS,
            WORKSPACE_WITH_PROJECTS, WORKSPACE_PROJECTS_BY_STATUS, PROJECTS_BY_STATUS, PROJECT_UPDATE, PROJECT_DELETE,
            ERASURE_MEMBERSHIPS, ERASURE_MEMBERS, ERASURE_WORKSPACE_META, ERASURE_CREATED_PROJECTS,
            ERASURE_PROJECT_ANONYMISE, ERASURE_RECORD, WORK_PENDING, IDEMPOTENCY_RECORD);

    private WorkspaceKeys() {
    }

    /** PK of the workspace item, its members, its sequences and (unsharded) its projects. */
    public static String workspacePartition(String wsId) {
        return WORKSPACE_PARTITION.build(wsId);
    }

    public static ItemKey workspace(String wsId) {
        return WORKSPACE_KEYS.build(wsId);
    }

    public static ItemKey member(String wsId, String userId) {
        return MEMBER_KEYS.build(wsId, userId);
    }

    /** GSI1 key of a member edge: {@code USER#<userId>} / {@code WS#<wsId>}. */
    public static IndexKey memberIndex(String userId, String wsId) {
        return MEMBER_KEYS.in(TableSchema.GSI1).build(userId, wsId);
    }

    /** GSI1PK to query for the workspaces of a user (with {@link #workspacesOfUserPrefix()}). */
    public static String userWorkspacesPartition(String userId) {
        return USER_WORKSPACES.build(userId);
    }

    public static String membersPrefix() {
        return MEMBERS_PREFIX;
    }

    public static String workspacesOfUserPrefix() {
        return WORKSPACES_OF_USER_PREFIX;
    }

    public static String projectsPrefix() {
        return PROJECTS_PREFIX;
    }

    /** The shard a project lives on; always 0 when the workspace is unsharded. */
    public static int projectShard(ProjectId projectId, int shardCount) {
        return Shards.of(projectId.toString(), shardCount);
    }

    /** {@code WS#<wsId>} when unsharded, else {@code WS#<wsId>#<shard>}. */
    public static String projectPartition(String wsId, int shard, int shardCount) {
        Shards.requireShard(shard, shardCount);
        return PROJECT_PARTITION.build(wsId, shardCount == 1 ? null : shard);
    }

    public static ItemKey project(String wsId, int shardCount, ProjectId projectId) {
        return new ItemKey(projectPartition(wsId, projectShard(projectId, shardCount), shardCount),
                PROJECT_KEYS.sk().build(projectId));
    }

    /** The per-workspace, per-year project id counter: {@code WS#<wsId>} / {@code PROJSEQ#<yyyy>}. */
    public static ItemKey projectSequence(String wsId, int year) {
        return PROJECT_SEQUENCE_KEYS.build(wsId, year);
    }

    /**
     * The status-index shard of a project: FNV-1a of {@code <wsId>#<projectId>} modulo the shard count, the same in
     * every release, so a project keeps its shard while its status changes.
     */
    public static int projectStatusShard(String wsId, ProjectId projectId, int shardCount) {
        return Shards.of(Ids.require("wsId", wsId) + Keys.DELIMITER + projectId, shardCount);
    }

    /** One write shard of a status on GSI2: {@code PROJSTATUS#<status>#<n>}, n in 0..shardCount-1. */
    public static String projectStatusPartition(ProjectStatus status, int n, int shardCount) {
        return PROJECT_STATUS.build(status, Shards.requireShard(n, shardCount));
    }

    /**
     * GSI2 key of a project: {@code PROJSTATUS#<status>#<n>} / {@code <createdAt>#<wsId>#<projectId>}, n the
     * project's status shard among {@code shardCount}.
     */
    public static IndexKey projectStatusIndex(ProjectStatus status, int shardCount, Instant createdAt, String wsId,
            ProjectId projectId) {
        return new IndexKey(TableSchema.GSI2,
                projectStatusPartition(status, projectStatusShard(wsId, projectId, shardCount), shardCount),
                STATUS_ENTRY.build(createdAt, wsId, projectId));
    }

    /**
     * GSI1 key of a project, for one workspace's projects of one status: {@code WS#<wsId>#STATUS#<status>#<shard>} /
     * {@code PROJ#<yyyy>-<nnnnnn>} (the project's own sort key, so newest first is the same order as the table's).
     * The shard is the project's table shard, so a sharded workspace's index writes spread like its table writes.
     */
    public static IndexKey projectWorkspaceStatusIndex(String wsId, int shardCount, ProjectStatus status,
            ProjectId projectId) {
        return new IndexKey(TableSchema.GSI1,
                workspaceStatusPartition(wsId, status, projectShard(projectId, shardCount), shardCount),
                PROJECT_KEYS.sk().build(projectId));
    }

    /** GSI1PK to query for one shard of a workspace's projects of one status. */
    public static String workspaceStatusPartition(String wsId, ProjectStatus status, int shard, int shardCount) {
        return WORKSPACE_STATUS.build(wsId, status, Shards.requireShard(shard, shardCount));
    }

    /**
     * The lowest GSI2SK of a project created at or after {@code from}: its creation time, rounded up to the stored
     * millisecond, so a bound between two milliseconds never lets in the earlier one.
     */
    public static String projectStatusCreatedFrom(String field, Instant from) {
        Instant millis = from.truncatedTo(ChronoUnit.MILLIS);
        return Timestamps.format(requireFourDigitYear(field, millis.equals(from) ? millis : millis.plusMillis(1)));
    }

    /** The highest GSI2SK of a project created at or before {@code to} (rounded down to the stored millisecond). */
    public static String projectStatusCreatedTo(String field, Instant to) {
        return Timestamps.format(requireFourDigitYear(field, to)) + Keys.DELIMITER + AFTER_EVERY_ID;
    }

    private static Instant requireFourDigitYear(String field, Instant instant) {
        if (instant.isBefore(FIRST_FOUR_DIGIT_YEAR) || !instant.isBefore(PAST_FOUR_DIGIT_YEARS)) {
            throw new InvalidKeyException(field, "must be between years 0000 and 9999");
        }
        return instant;
    }

    // Parsers

    /** Workspace id from {@code WS#<wsId>} (the unsharded partition, or a GSI1SK of a member edge). */
    public static String parseWorkspacePk(String pk) {
        return WORKSPACE_PARTITION.read("wsId", pk).get(WORKSPACE_ID);
    }

    /** A project partition: workspace id and, when sharded, the shard. */
    public record ProjectPartition(String wsId, OptionalInt shard) {
    }

    public static ProjectPartition parseProjectPartition(String pk) {
        KeyTemplate.Match key = PROJECT_PARTITION.read("wsId", pk);
        return new ProjectPartition(key.get(WORKSPACE_ID),
                key.find(SHARD).map(OptionalInt::of).orElse(OptionalInt.empty()));
    }

    public static ProjectId parseProjectSk(String sk) {
        return PROJECT_KEYS.sk().read("projectId", sk).get(SORTED_PROJECT_ID);
    }

    public static String parseMemberSk(String sk) {
        return MEMBER_KEYS.sk().read("userId", sk).get(USER_ID);
    }

    /** User id from a member edge's GSI1PK. */
    public static String parseMemberIndexPk(String gsi1pk) {
        return USER_WORKSPACES.read("userId", gsi1pk).get(USER_ID);
    }

    /** Workspace id from a member edge's GSI1SK. */
    public static String parseMemberIndexSk(String gsi1sk) {
        return parseWorkspacePk(gsi1sk);
    }

    public static int parseSequenceSk(String sk) {
        return PROJECT_SEQUENCE_KEYS.sk().read("year", sk).get(YEAR);
    }

    public record StatusPartition(ProjectStatus status, int n) {
    }

    public static StatusPartition parseProjectStatusPk(String gsi2pk) {
        KeyTemplate.Match key = PROJECT_STATUS.read("status", gsi2pk);
        return new StatusPartition(key.get(STATUS), key.get(STATUS_SHARD));
    }

    /** A project's GSI1 partition: workspace, status and the workspace shard. */
    public record WorkspaceStatusPartition(String wsId, ProjectStatus status, int shard) {
    }

    public static WorkspaceStatusPartition parseWorkspaceStatusPk(String gsi1pk) {
        KeyTemplate.Match key = WORKSPACE_STATUS.read("status", gsi1pk);
        return new WorkspaceStatusPartition(key.get(WORKSPACE_ID), key.get(STATUS), key.get(SHARD));
    }

    public record StatusEntry(Instant createdAt, String wsId, ProjectId projectId) {
    }

    public static StatusEntry parseProjectStatusSk(String gsi2sk) {
        KeyTemplate.Match key = STATUS_ENTRY.read("projectStatus", gsi2sk);
        return new StatusEntry(key.get(CREATED_AT), key.get(WORKSPACE_ID), key.get(PROJECT_ID));
    }
}
