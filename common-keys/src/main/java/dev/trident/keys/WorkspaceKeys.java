package dev.trident.keys;

import static dev.trident.keys.EntityType.MEMBER;
import static dev.trident.keys.EntityType.PROJECT;
import static dev.trident.keys.EntityType.PROJECT_SEQUENCE;
import static dev.trident.keys.EntityType.WORKSPACE;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keys of the workspace domain: workspaces, members (inverted on GSI1), sharded projects, a workspace's projects by
 * status (GSI1) and projects by status across workspaces (GSI2).
 */
public final class WorkspaceKeys {
    public static final String META = WORKSPACE.sortKey();
    public static final String MEMBERS_PREFIX = MEMBER.sortKey();
    public static final String PROJECTS_PREFIX = PROJECT.sortKey();
    public static final String SEQUENCE_PREFIX = PROJECT_SEQUENCE.sortKey();
    /** GSI1PK prefix of the member edge's inverted side: {@code USER#<userId>}. */
    static final String MEMBER_INDEX_PREFIX = "USER#";
    /** GSI1SK prefix: the workspaces of a user. */
    public static final String WORKSPACES_OF_USER_PREFIX = WORKSPACE.pkPrefix();
    static final String STATUS_PREFIX = "PROJSTATUS#";
    /** Between the workspace and the status in a project's GSI1PK: {@code WS#<wsId>#STATUS#<status>#<shard>}. */
    static final String WORKSPACE_STATUS_MARK = "STATUS";
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

    private static final Pattern SHARDED = Pattern.compile("(.+)#(\\d{1,2})");
    private static final Pattern STATUS_PK = Pattern.compile("([A-Z]+)#(\\d{1,2})");
    private static final Pattern WORKSPACE_STATUS_PK = Pattern.compile("WS#([^#]+)#STATUS#([A-Z]+)#(\\d{1,2})");
    // The creation times a fixed-width sort key can hold (a year of four digits).
    private static final Instant FIRST_FOUR_DIGIT_YEAR = LocalDate.of(0, 1, 1).atStartOfDay(ZoneOffset.UTC).toInstant();
    private static final Instant PAST_FOUR_DIGIT_YEARS = LocalDate.of(10000, 1, 1).atStartOfDay(ZoneOffset.UTC)
            .toInstant();

    private WorkspaceKeys() {
    }

    /** PK of the workspace item, its members, its sequences and (unsharded) its projects. */
    public static String workspacePartition(String wsId) {
        return WORKSPACE.pkPrefix() + Ids.require("wsId", wsId);
    }

    public static ItemKey workspace(String wsId) {
        return new ItemKey(workspacePartition(wsId), META);
    }

    public static ItemKey member(String wsId, String userId) {
        return new ItemKey(workspacePartition(wsId), MEMBERS_PREFIX + Ids.require("userId", userId));
    }

    /** GSI1 key of a member edge: {@code USER#<userId>} / {@code WS#<wsId>}. */
    public static IndexKey memberIndex(String userId, String wsId) {
        return new IndexKey(TableSchema.GSI1, userWorkspacesPartition(userId), workspacePartition(wsId));
    }

    /** GSI1PK to query for the workspaces of a user (with {@link #workspacesOfUserPrefix()}). */
    public static String userWorkspacesPartition(String userId) {
        return MEMBER_INDEX_PREFIX + Ids.require("userId", userId);
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
        Shards.requireShardCount(shardCount);
        if (shard < 0 || shard >= shardCount) {
            throw new InvalidKeyException("shard", "must be between 0 and " + (shardCount - 1));
        }
        String base = workspacePartition(wsId);
        return shardCount == 1 ? base : base + Keys.DELIMITER + shard;
    }

    public static ItemKey project(String wsId, int shardCount, ProjectId projectId) {
        return new ItemKey(projectPartition(wsId, projectShard(projectId, shardCount), shardCount),
                PROJECTS_PREFIX + projectId.sortKeyPart());
    }

    /** The per-workspace, per-year project id counter: {@code WS#<wsId>} / {@code PROJSEQ#<yyyy>}. */
    public static ItemKey projectSequence(String wsId, int year) {
        if (year < 1000 || year > 9999) {
            throw new InvalidKeyException("year", "must have 4 digits");
        }
        return new ItemKey(workspacePartition(wsId), SEQUENCE_PREFIX + year);
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
        Shards.requireShardCount(shardCount);
        if (n < 0 || n >= shardCount) {
            throw new InvalidKeyException("shard", "must be between 0 and " + (shardCount - 1));
        }
        return STATUS_PREFIX + status.name() + Keys.DELIMITER + n;
    }

    /**
     * GSI2 key of a project: {@code PROJSTATUS#<status>#<n>} / {@code <createdAt>#<wsId>#<projectId>}, n the
     * project's status shard among {@code shardCount}.
     */
    public static IndexKey projectStatusIndex(ProjectStatus status, int shardCount, Instant createdAt, String wsId,
            ProjectId projectId) {
        return new IndexKey(TableSchema.GSI2,
                projectStatusPartition(status, projectStatusShard(wsId, projectId, shardCount), shardCount),
                Timestamps.format(createdAt) + Keys.DELIMITER + wsId + Keys.DELIMITER + projectId);
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
                PROJECTS_PREFIX + projectId.sortKeyPart());
    }

    /** GSI1PK to query for one shard of a workspace's projects of one status. */
    public static String workspaceStatusPartition(String wsId, ProjectStatus status, int shard, int shardCount) {
        Shards.requireShardCount(shardCount);
        if (shard < 0 || shard >= shardCount) {
            throw new InvalidKeyException("shard", "must be between 0 and " + (shardCount - 1));
        }
        return workspacePartition(wsId) + Keys.DELIMITER + WORKSPACE_STATUS_MARK + Keys.DELIMITER + status.name()
                + Keys.DELIMITER + shard;
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
        return Keys.idAfter("wsId", pk, WORKSPACE.pkPrefix());
    }

    /** A project partition: workspace id and, when sharded, the shard. */
    public record ProjectPartition(String wsId, OptionalInt shard) {
    }

    public static ProjectPartition parseProjectPartition(String pk) {
        String rest = Keys.rest("wsId", pk, WORKSPACE.pkPrefix());
        Matcher m = SHARDED.matcher(rest);
        if (m.matches()) {
            return new ProjectPartition(Ids.require("wsId", m.group(1)), OptionalInt.of(Keys.shardNumber(m.group(2))));
        }
        return new ProjectPartition(Ids.require("wsId", rest), OptionalInt.empty());
    }

    public static ProjectId parseProjectSk(String sk) {
        return ProjectId.fromSortKeyPart(Keys.rest("projectId", sk, PROJECTS_PREFIX));
    }

    public static String parseMemberSk(String sk) {
        return Keys.idAfter("userId", sk, MEMBERS_PREFIX);
    }

    /** User id from a member edge's GSI1PK. */
    public static String parseMemberIndexPk(String gsi1pk) {
        return Keys.idAfter("userId", gsi1pk, MEMBER_INDEX_PREFIX);
    }

    /** Workspace id from a member edge's GSI1SK. */
    public static String parseMemberIndexSk(String gsi1sk) {
        return parseWorkspacePk(gsi1sk);
    }

    public static int parseSequenceSk(String sk) {
        String year = Keys.rest("year", sk, SEQUENCE_PREFIX);
        if (!year.matches("[1-9]\\d{3}")) {
            throw new InvalidKeyException("year", "must have 4 digits");
        }
        return Integer.parseInt(year);
    }

    public record StatusPartition(ProjectStatus status, int n) {
    }

    public static StatusPartition parseProjectStatusPk(String gsi2pk) {
        Matcher m = STATUS_PK.matcher(Keys.rest("status", gsi2pk, STATUS_PREFIX));
        if (!m.matches()) {
            throw new InvalidKeyException("status", "not a status partition");
        }
        return new StatusPartition(ProjectStatus.parse("status", m.group(1)), Keys.shardNumber(m.group(2)));
    }

    /** A project's GSI1 partition: workspace, status and the workspace shard. */
    public record WorkspaceStatusPartition(String wsId, ProjectStatus status, int shard) {
    }

    public static WorkspaceStatusPartition parseWorkspaceStatusPk(String gsi1pk) {
        Matcher m = gsi1pk == null ? null : WORKSPACE_STATUS_PK.matcher(gsi1pk);
        if (m == null || !m.matches()) {
            throw new InvalidKeyException("status", "not a WS#<wsId>#STATUS#<status>#<shard> key");
        }
        return new WorkspaceStatusPartition(Ids.require("wsId", m.group(1)), ProjectStatus.parse("status", m.group(2)),
                Keys.shardNumber(m.group(3)));
    }

    public record StatusEntry(Instant createdAt, String wsId, ProjectId projectId) {
    }

    public static StatusEntry parseProjectStatusSk(String gsi2sk) {
        String[] parts = gsi2sk == null ? new String[0] : gsi2sk.split("#", -1);
        if (parts.length != 3) {
            throw new InvalidKeyException("projectStatus", "not a <createdAt>#<wsId>#<projectId> key");
        }
        Instant createdAt;
        try {
            createdAt = Timestamps.parseFixedWidth(parts[0]);
        } catch (DateTimeParseException e) {
            throw new InvalidKeyException("createdAt", "not a fixed-width UTC timestamp");
        }
        return new StatusEntry(createdAt, Ids.require("wsId", parts[1]), ProjectId.parse(parts[2]));
    }
}
