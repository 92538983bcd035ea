package dev.trident.workspace.repository;

import static dev.trident.keys.entity.StandardAttributes.CREATED_AT;
import static dev.trident.keys.entity.StandardAttributes.UPDATED_AT;
import static dev.trident.keys.entity.StandardAttributes.VERSION;

import dev.trident.keys.EntityType;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.keys.entity.Attribute;
import dev.trident.keys.entity.EntitySchema;
import dev.trident.keys.entity.KeyInput;
import dev.trident.keys.entity.KeyInputs;
import dev.trident.workspace.model.Member;
import dev.trident.workspace.model.MemberRole;
import dev.trident.workspace.model.Project;
import dev.trident.workspace.model.Workspace;

/**
 * The workspace entities, each declared once: keys, index keys, attributes, and how an item reads back. The
 * repositories derive every item, key and update from these; no attribute name is spelled anywhere else.
 */
final class WorkspaceEntities {

    static final Attribute<String> WS_ID = Attribute.string("wsId");
    static final Attribute<String> DISPLAY_NAME = Attribute.string("displayName");
    static final Attribute<String> REGION = Attribute.string("region");
    static final Attribute<Integer> SEAT_LIMIT = Attribute.integer("seatLimit");
    static final Attribute<String> OWNER_ID = Attribute.string("ownerId");
    /** Fixed at creation: how many partitions the workspace's projects are spread over. */
    static final Attribute<Integer> SHARDS = Attribute.integer("shards");
    /** On META: how many members are owners, so that removing or demoting the last one is refused atomically. */
    static final Attribute<Long> OWNER_COUNT = Attribute.number("ownerCount");
    /**
     * On META: how many members the workspace has (owners included), each taking one of {@code seatLimit} seats; moved
     * in the same transaction as the member edge. Present on every META: workspaces stored before seats were counted
     * get it from deploy/migrations' MemberCountBackfill, run before this version starts.
     */
    static final Attribute<Long> MEMBER_COUNT = Attribute.number("memberCount");
    static final Attribute<String> USER_ID = Attribute.string("userId");
    static final Attribute<String> ROLE = Attribute.string("role");
    static final Attribute<String> PROJECT_ID = Attribute.string("projectId");
    static final Attribute<String> TITLE = Attribute.string("title");
    static final Attribute<String> STATUS = Attribute.string("status");
    static final Attribute<String> CREATED_BY = Attribute.string("createdBy");
    /** The creator's display name as it was at creation (absent on projects stored before names were kept). */
    static final Attribute<String> CREATED_BY_NAME = Attribute.string("createdByName");
    /** The table's sort key, read back where it is a value's only spelling (a project's id). */
    private static final Attribute<String> SORT_KEY = Attribute.string(TableSchema.SK);
    /** On {@code PROJSEQ#<yyyy>}: the last project number handed out in that year. */
    static final Attribute<Long> SEQ = Attribute.number("seq");

    /** {@code WS#<id>/META}: the settings. A new workspace has its creator as its one owner. */
    static final EntitySchema<Workspace> WORKSPACE = EntitySchema
            .of(EntityType.WORKSPACE, (Workspace w) -> WorkspaceKeys.workspace(w.id()))
            .attribute(WS_ID, Workspace::id)
            .attribute(DISPLAY_NAME, Workspace::displayName)
            .attribute(REGION, Workspace::region)
            .attribute(SEAT_LIMIT, Workspace::seatLimit)
            .attribute(OWNER_ID, Workspace::ownerId)
            .attribute(SHARDS, Workspace::shards)
            .attribute(OWNER_COUNT, w -> 1L)
            .attribute(MEMBER_COUNT, w -> 1L)
            .attribute(VERSION, Workspace::version)
            .attribute(CREATED_AT, Workspace::createdAt)
            .attribute(UPDATED_AT, Workspace::updatedAt)
            .reads(item -> new Workspace(WS_ID.read(item), DISPLAY_NAME.read(item), REGION.read(item),
                    SEAT_LIMIT.read(item, 0), OWNER_ID.read(item), SHARDS.read(item, 1), VERSION.read(item, 0L),
                    CREATED_AT.read(item), UPDATED_AT.read(item)));

    /** {@code WS#<id>/MEMBER#<userId>}, inverted on GSI1 as {@code USER#<userId>/WS#<id>}. */
    static final EntitySchema<Member> MEMBER = EntitySchema
            .of(EntityType.MEMBER, (Member m) -> WorkspaceKeys.member(m.workspaceId(), m.userId()))
            .attribute(WS_ID, Member::workspaceId)
            .attribute(USER_ID, Member::userId)
            .attribute(ROLE, m -> m.role().value())
            .attribute(VERSION, Member::version)
            .attribute(CREATED_AT, Member::createdAt)
            .attribute(UPDATED_AT, Member::updatedAt)
            .reads(item -> new Member(WS_ID.read(item), USER_ID.read(item), MemberRole.parse(ROLE.name(),
                    ROLE.read(item)), VERSION.read(item, 0L), CREATED_AT.read(item), UPDATED_AT.read(item)));

    /** How many partitions the project's workspace spreads its projects over (the workspace's {@link #SHARDS}). */
    static final KeyInput<Integer> WORKSPACE_SHARDS = KeyInput.named(WorkspaceKeys.WORKSPACE_SHARDS_INPUT);
    /** How many write shards each status has on GSI2 ({@code trident.workspace.project-status.shards}). */
    static final KeyInput<Integer> STATUS_SHARDS = KeyInput.named(WorkspaceKeys.STATUS_SHARDS_INPUT);

    /**
     * {@code WS#<id>[#<shard>]/PROJ#<yyyy>-<nnnnnn>}, the shard one of {@link #WORKSPACE_SHARDS}; on GSI1 (its
     * workspace's projects of its status) as {@code WS#<id>#STATUS#<status>#<shard>/PROJ#<yyyy>-<nnnnnn>}; on GSI2
     * (every workspace's) as {@code PROJSTATUS#<status>#<n>/<createdAt>#<wsId>#<projectId>}, n among
     * {@link #STATUS_SHARDS}. Written and keyed with both counts bound ({@code PROJECT.with(...)}); read back
     * without: whatever the layout, the sort key is the id's authoritative spelling.
     */
    static final EntitySchema<Project> PROJECT = EntitySchema
            .of(EntityType.PROJECT, (Project p, KeyInputs in) -> WorkspaceKeys.project(p.workspaceId(),
                    in.get(WORKSPACE_SHARDS), p.id()))
            .attribute(WS_ID, Project::workspaceId)
            .attribute(PROJECT_ID, p -> p.id().toString())
            .attribute(TITLE, Project::title)
            .attribute(STATUS, p -> p.status().name())
            .attribute(CREATED_BY, Project::createdBy)
            .attribute(CREATED_BY_NAME, Project::createdByName)
            .attribute(VERSION, Project::version)
            .attribute(CREATED_AT, Project::createdAt)
            .attribute(UPDATED_AT, Project::updatedAt)
            .reads(item -> new Project(WS_ID.read(item), WorkspaceKeys.parseProjectSk(SORT_KEY.read(item)),
                    TITLE.read(item), ProjectStatus.valueOf(STATUS.read(item)), CREATED_BY.read(item),
                    CREATED_BY_NAME.read(item), VERSION.read(item, 0L), CREATED_AT.read(item),
                    UPDATED_AT.read(item)));

    private WorkspaceEntities() {
    }
}
