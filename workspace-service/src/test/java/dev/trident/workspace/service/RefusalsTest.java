package dev.trident.workspace.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.support.dynamo.TableBusy;
import dev.trident.support.dynamo.WriteContended;
import dev.trident.support.dynamo.WriteRefused;
import dev.trident.support.idempotency.Idempotency;
import dev.trident.support.problem.Problem;
import dev.trident.support.problem.ProblemException;
import dev.trident.workspace.model.Project;
import dev.trident.workspace.model.Workspace;
import dev.trident.workspace.repository.MemberRepository;
import dev.trident.workspace.repository.ProjectRepository;
import dev.trident.workspace.repository.StoredItems;
import dev.trident.workspace.repository.WorkspaceRepository;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Every refusal the workspace repositories can meet, and the answer a client gets for it. */
class RefusalsTest {

    private static final String NOW = "2026-03-01T10:00:00.000Z";
    private static final ProjectId PROJECT_ID = new ProjectId(2026, 7);
    /** META as stored: 3 shards, version 5. */
    private static final Map<String, AttributeValue> META = StoredItems.item(
            new Workspace("ws", "Acme", "eu-west-1", 5, "ann", 3, 5, NOW, NOW));
    /** A project as stored: version 4. */
    private static final Map<String, AttributeValue> PROJECT = StoredItems.item(
            new Project("ws", PROJECT_ID, "t", ProjectStatus.ACTIVE, "ann", "Ann", 4, NOW, NOW), 3);

    private static ProblemException problem(Throwable mapped) {
        return assertInstanceOf(ProblemException.class, mapped);
    }

    private static WriteRefused refused(String action, Map<String, AttributeValue> met) {
        return new WriteRefused(action, met);
    }

    @Test
    void aTakenWorkspaceIdIsAConflictWhicheverOfItsItemsExists() {
        for (String action : new String[] { WorkspaceRepository.NEW_WORKSPACE, WorkspaceRepository.FIRST_OWNER }) {
            ProblemException p = problem(Refusals.workspaceCreate(refused(action, META), "ws"));
            assertEquals(409, p.status());
            assertEquals("workspace ws already exists", p.getMessage());
        }
    }

    @Test
    void aSettingsChangeThatMetNoItemIs404() {
        ProblemException p = problem(Refusals.workspaceChange(refused(WorkspaceRepository.WORKSPACE_CHANGE, Map.of()),
                "ws", null, 1L));
        assertEquals(404, p.status());
        assertEquals("workspace ws does not exist", p.getMessage());
    }

    @Test
    void anotherShardCountIs400NamingTheStoredOneBeforeAStaleVersion() {
        ProblemException p = problem(Refusals.workspaceChange(refused(WorkspaceRepository.WORKSPACE_CHANGE, META),
                "ws", 4, 1L));
        assertEquals(400, p.status());
        assertEquals(new Problem.FieldError("shards", "is fixed at creation (3) and cannot change"),
                p.toProblem().errors().get(0));
    }

    @Test
    void aStaleIfMatchIs412NamingBothVersions() {
        ProblemException settings = problem(Refusals.workspaceChange(
                refused(WorkspaceRepository.WORKSPACE_CHANGE, META), "ws", 3, 2L));
        assertEquals(412, settings.status());
        assertEquals("workspace ws is at version 5, not 2", settings.getMessage());
        ProblemException project = problem(Refusals.projectChange(refused(ProjectRepository.PROJECT_CHANGE, PROJECT),
                "ws", PROJECT_ID, 3L));
        assertEquals(412, project.status());
        assertEquals("project 2026-0007 is at version 4, not 3", project.getMessage());
    }

    @Test
    void aConditionThatFailedOnTheVersionAsSentOrUnderContentionIsAConflictToRetry() {
        assertEquals("workspace ws changed concurrently; retry", problem(Refusals.workspaceChange(
                refused(WorkspaceRepository.WORKSPACE_CHANGE, META), "ws", null, 5L)).getMessage());
        assertContended(Refusals.workspaceChange(new WriteContended(null), "ws", null, null), "workspace ws");
        assertEquals("project 2026-0007 changed concurrently; retry", problem(Refusals.projectChange(
                refused(ProjectRepository.PROJECT_CHANGE, PROJECT), "ws", PROJECT_ID, null)).getMessage());
        assertContended(Refusals.projectChange(new WriteContended(null), "ws", PROJECT_ID, 1L), "project 2026-0007");
    }

    /** A write that kept losing to concurrent ones: the one answer every service gives, 409 with Retry-After. */
    private static void assertContended(Throwable failure, String what) {
        ProblemException p = problem(failure);
        assertEquals(409, p.status());
        assertEquals(1, p.retryAfterSeconds());
        assertEquals(what + " is being changed by many requests at once; retry", p.getMessage());
    }

    @Test
    void aProjectChangeThatMetNoItemIs404() {
        ProblemException p = problem(Refusals.projectChange(refused(ProjectRepository.PROJECT_CHANGE, Map.of()), "ws",
                PROJECT_ID, 1L));
        assertEquals(404, p.status());
        assertEquals("project 2026-0007 does not exist in workspace ws", p.getMessage());
    }

    @Test
    void aTakenProjectIdIsAConflictToRetry() {
        ProblemException p = problem(Refusals.projectCreate(refused(ProjectRepository.NEW_PROJECT, PROJECT), "acme",
                "ada"));
        assertEquals(409, p.status());
        assertEquals("the allocated project id is already taken; retry", p.getMessage());
    }

    @Test
    void theLastOwnerIsAConflictSayingWhatToDo() {
        ProblemException p = problem(Refusals.membership(refused(MemberRepository.OWNER_COUNT_CHANGE, META), "ws",
                "ann"));
        assertEquals(409, p.status());
        assertEquals("user ann is the last owner of workspace ws: make another member owner first", p.getMessage());
    }

    @Test
    void aSeatChangeOnAWorkspaceWithoutItsCountIsA500SayingTheTableIsNotMigrated() {
        Map<String, AttributeValue> uncounted = new LinkedHashMap<>(META);
        uncounted.remove("memberCount");
        ProblemException joined = problem(Refusals.membership(refused(MemberRepository.SEAT, uncounted), "ws", "ann"));
        assertEquals(500, joined.status());
        assertEquals("workspace ws is stored without its member counts, which this version needs for this change; "
                + "nothing was changed. An operator must migrate the table (deploy/backfill-member-counts.sh)",
                joined.getMessage());
        // An owner's removal with owners to spare was refused for the count; with one owner left, for that alone.
        uncounted.put("ownerCount", AttributeValue.fromN("2"));
        assertEquals(500, problem(Refusals.membership(refused(MemberRepository.OWNER_COUNT_CHANGE, uncounted), "ws",
                "ann")).status());
        uncounted.put("ownerCount", AttributeValue.fromN("1"));
        assertEquals(409, problem(Refusals.membership(refused(MemberRepository.OWNER_COUNT_CHANGE, uncounted), "ws",
                "ann")).status());
    }

    @Test
    void anOwnerChangeOnAWorkspaceWithoutItsOwnerCountIsA500SayingTheTableIsNotMigrated() {
        Map<String, AttributeValue> ownersUncounted = new LinkedHashMap<>(META);
        ownersUncounted.remove("ownerCount");
        assertEquals(500, problem(Refusals.membership(refused(MemberRepository.OWNER_COUNT_CHANGE, ownersUncounted),
                "ws", "ann")).status());
        assertEquals(500, problem(Refusals.membership(refused(MemberRepository.SEAT, ownersUncounted), "ws", "ann"))
                .status());
    }

    @Test
    void aFullWorkspaceIsAConflictNamingTheSeatsUnlessTheEdgeChangedToo() {
        Map<String, AttributeValue> full = new LinkedHashMap<>(META);
        full.put("memberCount", AttributeValue.fromN("5"));
        ProblemException p = problem(Refusals.membership(refused(MemberRepository.SEAT, full), "ws", "ann"));
        assertEquals(409, p.status());
        assertEquals("workspace ws is full: 5 of 5 seats are taken; remove a member or raise seatLimit first",
                p.getMessage());
        Map<String, Map<String, AttributeValue>> both = new LinkedHashMap<>();
        both.put(MemberRepository.MEMBER_EDGE, Map.of());
        both.put(MemberRepository.SEAT, full);
        assertEquals("the membership of ann changed concurrently; retry",
                problem(Refusals.membership(new WriteRefused(both), "ws", "ann")).getMessage());
    }

    @Test
    void anEdgeChangedSinceItWasReadOrAContendedOneIsAConflictToRetry() {
        Map<String, Map<String, AttributeValue>> both = new LinkedHashMap<>();
        both.put(MemberRepository.MEMBER_EDGE, Map.of());
        both.put(MemberRepository.OWNER_COUNT_CHANGE, META);
        for (Throwable failure : new Throwable[] { refused(MemberRepository.MEMBER_EDGE, Map.of()),
                new WriteRefused(both) }) {
            ProblemException p = problem(Refusals.membership(failure, "ws", "ann"));
            assertEquals(409, p.status());
            assertEquals("the membership of ann changed concurrently; retry", p.getMessage());
        }
        assertContended(Refusals.membership(new WriteContended(null), "ws", "ann"), "the membership of ann");
    }

    @Test
    void aCreateThatMetAConcurrentOneOrItsIdempotencyRecordIs409WithRetryAfter() {
        for (Throwable failure : new Throwable[] { new WriteContended(null),
                refused(Idempotency.RECORD_ACTION, Map.of()) }) {
            ProblemException workspace = problem(Refusals.workspaceCreate(failure, "ws"));
            assertEquals(409, workspace.status());
            assertEquals(1, workspace.retryAfterSeconds());
            ProblemException project = problem(Refusals.projectCreate(failure, "acme", "ada"));
            assertEquals(409, project.status());
            assertEquals(1, project.retryAfterSeconds());
        }
        assertEquals("workspace ws is being created by another request at once; retry", problem(
                Refusals.workspaceCreate(refused(Idempotency.RECORD_ACTION, Map.of()), "ws")).getMessage());
        assertContended(Refusals.workspaceCreate(new WriteContended(null), "ws"), "workspace ws");
    }

    @Test
    void anotherActionsRefusalAndAnyOtherFailurePassUnchanged() {
        WriteRefused foreign = refused("something-else", Map.of());
        TableBusy busy = new TableBusy("busy");
        assertSame(foreign, Refusals.workspaceCreate(foreign, "ws"));
        assertSame(foreign, Refusals.workspaceChange(foreign, "ws", null, null));
        assertSame(foreign, Refusals.projectCreate(foreign, "acme", "ada"));
        assertSame(foreign, Refusals.projectChange(foreign, "ws", PROJECT_ID, null));
        assertSame(foreign, Refusals.membership(foreign, "ws", "ann"));
        assertSame(busy, Refusals.membership(busy, "ws", "ann"));
        assertSame(busy, Refusals.projectChange(busy, "ws", PROJECT_ID, null));
    }
}
