package dev.trident.migrations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.ErasureKeys;
import dev.trident.keys.IdempotencyKeys;
import dev.trident.keys.IndexKey;
import dev.trident.keys.ItemKey;
import dev.trident.keys.Months;
import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableSchema;
import dev.trident.keys.Timestamps;
import dev.trident.keys.WorkKeys;
import dev.trident.keys.WorkspaceKeys;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The audit on a real DynamoDB Local, through its command line: a table written the way the services write it is
 * clean (exit 0), and each invariant, with exactly one fault planted in that table, reports exactly its line (exit
 * 1). Items carry the services' attribute names as their entity declarations spell them.
 */
class TableAuditTest extends LocalTableTest {
    private static final int CATALOGUE_SHARDS = EnrollmentKeys.DEFAULT_CATALOGUE_SHARDS;
    private static final int STATUS_SHARDS = WorkspaceKeys.DEFAULT_PROJECT_STATUS_SHARDS;


    /** Work younger than the default work age (PT10M) and older than it. */
    private static final Instant NOW = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    private static final Instant FRESH = NOW.minus(Duration.ofMinutes(1));
    private static final Instant OLD = NOW.minus(Duration.ofHours(2));
    private static final String MARCH = "2026-03-05T10:00:00Z";
    private static final String APRIL = "2026-04-02T08:30:00Z";
    private static final ProjectId P1 = new ProjectId(2026, 1);
    private static final ProjectId P2 = new ProjectId(2026, 2);
    private static final ProjectId P3 = new ProjectId(2026, 3);
    /** Tasks as the audit names them: in the work shard their kind and id hash to. */
    private static final String C9_TASK = name(WorkKeys.task("enrollment", "delete-course", "c9"));
    private static final String W9_TASK = name(WorkKeys.task("workspace", "delete-workspace", "w9"));

    /** The fresh table (LocalTableTest) given a consistent little world of every entity type. */
    @BeforeEach
    void aConsistentWorld() {
        // social: two users, their posts (one with two comments), stats (ada's March counts a post and a comment
        // since deleted: deletions are never uncounted)
        profile("ada", "Ada");
        profile("bob", "bob");
        post("ada", "p1", MARCH, 2);
        post("bob", "p2", APRIL, 0);
        comment("p1", "ada", "c1", "bob", MARCH);
        comment("p1", "ada", "c2", "ada", MARCH);
        stats("ada", "2026-03", 2, 3);
        stats("bob", "2026-03", 0, 1);
        stats("bob", "2026-04", 1, 0);
        timelineMonth("2026-03");
        timelineMonth("2026-04");
        // a post deleted a minute ago whose comment is still to go
        put(item(SocialKeys.postDeletion("ada", "p0"), EntityType.POST_DELETION).s("userId", "ada")
                .s("postId", "p0").s("createdAt", FRESH.toString()).s("updatedAt", FRESH.toString()));
        comment("p0", "ada", "c0", "ada", MARCH);

        // enrollment: two students, two courses, three edges; a course deleted a minute ago, one edge still to go
        student("s1");
        student("s2");
        course("c1", "2026-fall", 2, 2);
        course("c2", "2026-fall", null, 1);
        edge("s1", "c1");
        edge("s2", "c1");
        edge("s1", "c2");
        edge("s1", "c9");
        task("enrollment", "delete-course", "c9", FRESH);

        // workspace: one unsharded workspace, one on 4 shards
        workspace("w1", 1, 5, 2, 1);
        member("w1", "ada", "owner");
        member("w1", "bob", "member");
        project("w1", 1, P1, "ACTIVE");
        sequence("w1", 2026, 2);
        workspace("w2", 4, 3, 1, 1);
        member("w2", "bob", "owner");
        project("w2", 4, P1, "ACTIVE");
        project("w2", 4, P2, "PAUSED");
        project("w2", 4, P3, "ARCHIVED");
        sequence("w2", 2026, 3);

        // work: a finished erasure; Idempotency-Key records of a post and a sharded project, one expired
        put(item(ErasureKeys.record("gone"), EntityType.ERASURE).s("userId", "gone").s("status", "DONE")
                .s("createdAt", OLD.toString()).s("socialStatus", "DONE").s("enrollmentStatus", "DONE")
                .s("workspaceStatus", "DONE").n("expiresAt", NOW.plus(Duration.ofDays(30)).getEpochSecond()));
        idempotency("ada", "POST /users/{userId}/posts", "k1", "/users/ada/posts/p1", true);
        idempotency("bob", "POST /workspaces/{wsId}/projects", "k2", "/workspaces/w2/projects/2026-0002", true);
        idempotency("bob", "POST /users/{userId}/posts", "k3", "/users/bob/posts/deleted-long-ago", false);
    }

    @Test
    void aTableWrittenTheWayTheServicesWriteItIsClean() {
        Audit audit = audit();
        assertEquals(List.of(), audit.violations());
        assertEquals(TableAudit.CLEAN, audit.exitCode());
        assertEquals("audit of " + table + ": 39 items scanned, 27 invariants checked, 0 violations, 0 notes",
                audit.summary());
    }

    // 1. Counters

    @Test
    void aCourseCountingMoreStudentsThanItsEdgesIsReported() {
        update(EnrollmentKeys.course("c2"), "enrolledCount", n(3));
        assertViolations("enrolledCount CRS#c2/METADATA says 3, 1 edge");
    }

    @Test
    void aCourseOverItsCapacityIsReported() {
        update(EnrollmentKeys.course("c1"), "capacity", n(1));
        assertViolations("capacity CRS#c1/METADATA enrolledCount 2 over capacity 1");
    }

    @Test
    void aPostCountingCommentsItDoesNotHaveIsReported() {
        update(SocialKeys.post("ada", "p1"), "commentCount", n(5));
        assertViolations("commentCount USER#ada/POST#p1 says 5, 2 comments");
    }

    @Test
    void aWorkspaceCountingMoreMembersThanItsEdgesIsReported() {
        update(WorkspaceKeys.workspace("w1"), "memberCount", n(3));
        assertViolations("memberCount WS#w1/META says 3, 2 member edges");
    }

    @Test
    void aWorkspaceStoredBeforeSeatsWereCountedIsReportedUntilTheBackfillCountsIt() throws Exception {
        dynamo.updateItem(r -> r.tableName(table).key(WorkspaceKeys.workspace("w1").toAttributes())
                .updateExpression("REMOVE memberCount"));
        assertViolations("memberCount WS#w1/META missing, 2 member edges (run deploy/backfill-member-counts.sh)");
        new MemberCountBackfill(dynamo, table, 2, 10, dir.resolve("members.state")).run(0);
        assertEquals(List.of(), audit().violations());
    }

    @Test
    void aWorkspaceStoredBeforeOwnersWereCountedIsReportedUntilTheBackfillCountsThem() throws Exception {
        dynamo.updateItem(r -> r.tableName(table).key(WorkspaceKeys.workspace("w1").toAttributes())
                .updateExpression("REMOVE ownerCount"));
        assertViolations("ownerCount WS#w1/META missing, 1 owner edge (run deploy/backfill-member-counts.sh)");
        new MemberCountBackfill(dynamo, table, 2, 10, dir.resolve("owners.state")).run(0);
        assertEquals(List.of(), audit().violations());
    }

    @Test
    void aProjectStoredBeforeTheWorkspaceStatusIndexIsReportedUntilTheBackfillIndexesIt() throws Exception {
        ItemKey project = WorkspaceKeys.project("w2", 4, P2);
        dynamo.updateItem(r -> r.tableName(table).key(project.toAttributes()).updateExpression("REMOVE GSI1PK, GSI1SK"));
        IndexKey expected = WorkspaceKeys.projectWorkspaceStatusIndex("w2", 4, ProjectStatus.PAUSED, P2);
        assertViolations("indexKeys " + project.pk() + "/" + project.sk() + " GSI1 missing, expected " + expected.pk()
                + "/" + expected.sk() + " (run deploy/backfill-project-index.sh)");
        new ProjectIndexBackfill(dynamo, table, 2, 10, dir.resolve("projects.state")).run(0);
        assertEquals(List.of(), audit().violations());
    }

    @Test
    void aWorkspaceCountingMoreOwnersThanItsOwnerEdgesIsReported() {
        update(WorkspaceKeys.workspace("w1"), "ownerCount", n(2));
        assertViolations("ownerCount WS#w1/META says 2, 1 owner edge");
    }

    @Test
    void aWorkspaceWithMoreMembersThanSeatsIsReported() {
        update(WorkspaceKeys.workspace("w1"), "seatLimit", n(1));
        assertViolations("seats WS#w1/META memberCount 2 over seatLimit 1");
    }

    @Test
    void aMonthWhosePostsAreNotCountedIsReported() {
        delete(SocialKeys.monthlyStats("bob", "2026-04"));
        assertViolations("monthlyStats USER#bob/STATS#2026-04 missing, 1 post and 0 comments that month");
    }

    @Test
    void aSequenceBehindItsProjectsIsReported() {
        update(WorkspaceKeys.projectSequence("w1", 2026), "seq", n(0));
        assertViolations("projectSequence WS#w1/PROJSEQ#2026 says 0, highest project 2026-0001");
    }

    // 2. Orphans

    @Test
    void anEdgeWhoseStudentIsGoneIsReported() {
        delete(EnrollmentKeys.student("s2"));
        assertViolations("orphanEnrollment STU#s2/ENROLL#CRS#c1 student STU#s2/PROFILE missing");
    }

    @Test
    void anEdgeOfACourseWhoseDeletionIsStuckIsReportedInProgress() {
        task("enrollment", "delete-course", "c9", OLD);
        assertViolations("orphanEnrollment STU#s1/ENROLL#CRS#c9 course CRS#c9/METADATA missing, in progress since "
                        + OLD + " (" + C9_TASK + ")",
                "pendingWork " + C9_TASK + " requested " + OLD + ", older than PT10M");
    }

    @Test
    void aMemberOfAWorkspaceThatIsGoneIsReported() {
        member("w3", "ada", "member");
        assertViolations("orphanMember WS#w3/MEMBER#ada workspace WS#w3/META missing");
    }

    @Test
    void aProjectOfAWorkspaceThatIsGoneIsReported() {
        project("w3", 1, P1, "ACTIVE");
        assertViolations("orphanProject WS#w3/PROJ#2026-000001 workspace WS#w3/META missing");
    }

    @Test
    void aSequenceOfAWorkspaceThatIsGoneIsReported() {
        sequence("w3", 2026, 4);
        assertViolations("orphanSequence WS#w3/PROJSEQ#2026 workspace WS#w3/META missing");
    }

    @Test
    void aCommentWhosePostIsGoneIsReported() {
        comment("px", "bob", "c7", "ada", MARCH);
        assertViolations("orphanComment POST#px/COMMENT#c7 post USER#bob/POST#px missing");
    }

    @Test
    void aPostWhoseAuthorIsGoneIsReported() {
        post("carol", "p9", MARCH, 0);
        stats("carol", "2026-03", 1, 0);
        assertViolations("orphanPost USER#carol/POST#p9 profile USER#carol/PROFILE missing");
    }

    // 3. Index keys

    @Test
    void anIndexKeyThatDisagreesWithItsItemIsReported() {
        update(SocialKeys.userProfile("ada"), "GSI1PK", s("HANDLE#old"));
        assertViolations("indexKeys USER#ada/PROFILE GSI1 is HANDLE#old/PROFILE, expected HANDLE#ada/PROFILE");
    }

    @Test
    void missingAndExtraIndexKeysAreReported() {
        dynamo.updateItem(r -> r.tableName(table).key(EnrollmentKeys.course("c2").toAttributes())
                .updateExpression("REMOVE GSI2PK, GSI2SK"));
        update(EnrollmentKeys.student("s1"), "GSI1PK", s("CRS#c1"));
        update(EnrollmentKeys.student("s1"), "GSI1SK", s("STU#s1"));
        update(WorkspaceKeys.project("w2", 4, P3), "status", s("ACTIVE"));
        String projectSk = WorkspaceKeys.project("w2", 4, P3).sk();
        String projectPk = WorkspaceKeys.project("w2", 4, P3).pk();
        IndexKey byWorkspace = WorkspaceKeys.projectWorkspaceStatusIndex("w2", 4, ProjectStatus.ACTIVE, P3);
        IndexKey byStatus = WorkspaceKeys.projectStatusIndex(ProjectStatus.ACTIVE, STATUS_SHARDS, Instant.parse(MARCH),
                "w2", P3);
        assertViolations("indexKeys CRS#c2/METADATA GSI2 missing, expected TERM#2026-fall#"
                        + EnrollmentKeys.catalogueShard("c2", CATALOGUE_SHARDS) + "/c2",
                "indexKeys STU#s1/PROFILE GSI1 is CRS#c1/STU#s1, expected none",
                "indexKeys " + projectPk + "/" + projectSk + " GSI1 is "
                        + WorkspaceKeys.projectWorkspaceStatusIndex("w2", 4, ProjectStatus.ARCHIVED, P3).pk() + "/"
                        + projectSk + ", expected " + byWorkspace.pk() + "/" + byWorkspace.sk(),
                "indexKeys " + projectPk + "/" + projectSk + " GSI2 is "
                        + WorkspaceKeys.projectStatusIndex(ProjectStatus.ARCHIVED, STATUS_SHARDS, Instant.parse(MARCH),
                                "w2", P3).pk()
                        + "/" + byStatus.sk() + ", expected " + byStatus.pk() + "/" + byStatus.sk());
    }

    @Test
    void aCourseOrProjectNotOnItsShardUnderTheGivenCountsIsReported() {
        // c2 as stored before the catalogue was sharded: one partition per term.
        update(EnrollmentKeys.course("c2"), "GSI2PK", s("TERM#2026-fall"));
        IndexKey catalogue = EnrollmentKeys.courseTermIndex("2026-fall", "c2", CATALOGUE_SHARDS);
        assertViolations("indexKeys CRS#c2/METADATA GSI2 is TERM#2026-fall/c2, expected " + catalogue.pk() + "/c2");

        // Audited for the counts a service runs with: the stored keys are on the default counts' shards, so any
        // project or course whose shard differs under one status shard and one catalogue shard is reported.
        update(EnrollmentKeys.course("c2"), "GSI2PK", s(catalogue.pk()));
        Audit oneShard = audit("--catalogue-shards", "1", "--project-status-shards", "1");
        assertEquals(TableAudit.VIOLATIONS, oneShard.exitCode());
        // c1 is on catalogue shard 1 of 8, so on one shard it belongs elsewhere; c2 is on shard 0 either way.
        assertTrue(oneShard.violations().contains("indexKeys CRS#c1/METADATA GSI2 is "
                + EnrollmentKeys.courseTermIndex("2026-fall", "c1", CATALOGUE_SHARDS).pk()
                + "/c1, expected TERM#2026-fall#0/c1"), oneShard.violations()::toString);
        assertTrue(oneShard.violations().stream().noneMatch(line -> line.startsWith("indexKeys CRS#c2/")),
                oneShard.violations()::toString);
        assertTrue(oneShard.violations().stream().anyMatch(line -> line.contains(" GSI2 is PROJSTATUS#")
                && line.contains(", expected PROJSTATUS#") && line.contains("#0/")), oneShard.violations()::toString);
        assertEquals(TableAudit.ERROR, audit("--catalogue-shards", "17").exitCode());
        assertEquals(TableAudit.ERROR, audit("--project-status-shards", "0").exitCode());
    }

    @Test
    void anEdgeWithoutItsTermKeyOrWithAStaleTermIsReported() {
        dynamo.updateItem(r -> r.tableName(table).key(EnrollmentKeys.enrollment("s2", "c1").toAttributes())
                .updateExpression("REMOVE GSI2PK, GSI2SK"));
        update(EnrollmentKeys.course("c2"), "term", s("2027-spring"));
        update(EnrollmentKeys.course("c2"), "GSI2PK", s(EnrollmentKeys.courseTermIndex("2027-spring", "c2",
                CATALOGUE_SHARDS).pk()));
        assertViolations("enrollmentTerm STU#s1/ENROLL#CRS#c2 courseTerm 2026-fall, course CRS#c2/METADATA is in "
                        + "term 2027-spring",
                "indexKeys STU#s2/ENROLL#CRS#c1 GSI2 missing, expected STU#s2#TERM#2026-fall/CRS#c1");
    }

    @Test
    void aProjectOnAnotherShardsPartitionIsReported() {
        ItemKey right = WorkspaceKeys.project("w2", 4, P2);
        int shard = WorkspaceKeys.projectShard(P2, 4);
        String wrongPartition = WorkspaceKeys.projectPartition("w2", (shard + 1) % 4, 4);
        Map<String, AttributeValue> stored = new HashMap<>(dynamo.getItem(r -> r.tableName(table)
                .key(right.toAttributes())).item());
        delete(right);
        stored.put(TableSchema.PK, s(wrongPartition));
        dynamo.putItem(r -> r.tableName(table).item(stored));
        assertViolations("projectPartition " + wrongPartition + "/" + right.sk() + " belongs in " + right.pk()
                + " (4 shards)");
    }

    @Test
    void aPostStillUnderItsMonthsUnshardedTimelineKeyIsReported() {
        String month = Months.of(Instant.parse(MARCH));
        update(SocialKeys.post("ada", "p1"), TableSchema.GSI2PK, s(SocialKeys.unshardedTimelinePartition(month)));
        assertViolations("indexKeys USER#ada/POST#p1 GSI2 is " + SocialKeys.unshardedTimelinePartition(month)
                + "/p1, expected " + SocialKeys.postTimeline(month, "p1", SocialKeys.DEFAULT_TIMELINE_SHARDS).pk()
                + "/p1 (run deploy/backfill-timeline-shards.sh)");
    }

    @Test
    void theTimelinesShardCountIsTheAuditsToKnow() {
        // Every post written with 16 shards is where a 16-shard service reads it, and misplaced for a 1-shard one.
        assertEquals(TableAudit.CLEAN, audit("--timeline-shards", "16").exitCode());
        Audit oneShard = audit("--timeline-shards", "1");
        assertEquals(TableAudit.VIOLATIONS, oneShard.exitCode());
        assertTrue(oneShard.violations().stream().allMatch(v -> v.startsWith("indexKeys USER#")
                && v.endsWith("(run deploy/backfill-timeline-shards.sh)")), oneShard.violations()::toString);
        assertEquals(TableAudit.ERROR, audit("--timeline-shards", "17").exitCode());
    }

    @Test
    void aMonthMissingFromTheTimelinesIndexIsReported() {
        delete(SocialKeys.timelineMonth("2026-04"));
        assertViolations("timelineMonth TIMELINE#MONTHS/MONTH#2026-04 missing, 1 post that month");
    }

    // 4. Handle claims

    @Test
    void aClaimWhoseProfileIsGoneIsReported() {
        put(item(SocialKeys.handleClaim("zed"), EntityType.HANDLE_CLAIM).s("handle", "zed").s("userId", "zed")
                .s("createdAt", MARCH).s("updatedAt", MARCH));
        assertViolations("handleClaim HANDLE#zed/HANDLE profile USER#zed/PROFILE missing");
    }

    @Test
    void aProfileWhoseClaimIsGoneIsReported() {
        delete(SocialKeys.handleClaim("bob"));
        assertViolations("profileClaim USER#bob/PROFILE claim HANDLE#bob/HANDLE missing");
    }

    // 5. Work

    @Test
    void workOlderThanTheWorkAgeIsReported() {
        task("workspace", "delete-workspace", "w9", OLD);
        assertViolations("pendingWork " + W9_TASK + " requested " + OLD
                + ", older than PT10M");
    }

    @Test
    void aTaskLeftInTheUnshardedPartitionIsReportedUntilTheBackfillMovesIt() throws Exception {
        ItemKey legacy = WorkKeys.legacyTask("enrollment", "delete-course", "c9");
        delete(WorkKeys.task("enrollment", "delete-course", "c9"));
        task(legacy, "enrollment", "delete-course", "c9", FRESH);
        assertViolations("workShard " + name(legacy) + " in the unsharded partition, belongs in "
                + WorkKeys.task("enrollment", "delete-course", "c9").pk() + " (run deploy/backfill-work-shards.sh)");
        new WorkShardBackfill(dynamo, table, 2, 10, dir.resolve("work.state")).run(0);
        // Moved: the edge of the course being deleted is explained by the task in its shard.
        assertEquals(List.of(), audit().violations());
    }

    @Test
    void anErasureStillPendingAfterTheWorkAgeIsReported() {
        put(item(ErasureKeys.record("gone2"), EntityType.ERASURE).s("userId", "gone2").s("status", "PENDING")
                .s("createdAt", OLD.toString()).s("socialStatus", "DONE").s("enrollmentStatus", "PENDING")
                .s("workspaceStatus", "PENDING").n("expiresAt", OLD.plus(Duration.ofDays(30)).getEpochSecond()));
        assertViolations("pendingErasure ERASURE#gone2/ERASURE requested " + OLD
                + ", older than PT10M, parts pending: enrollment, workspace");
    }

    @Test
    void anErasureRecordWithoutAStatusIsNotDoneAndIsReported() {
        put(item(ErasureKeys.record("gone3"), EntityType.ERASURE).s("userId", "gone3").s("createdAt", OLD.toString())
                .s("socialStatus", "DONE").s("enrollmentStatus", "DONE").s("workspaceStatus", "PENDING"));
        assertViolations("pendingErasure ERASURE#gone3/ERASURE requested " + OLD
                + ", older than PT10M, parts pending: workspace, status (none)");
    }

    @Test
    void aWorkAgeOfZeroReportsEveryUnfinishedWorkHoweverYoung() {
        put(item(ErasureKeys.record("gone4"), EntityType.ERASURE).s("userId", "gone4").s("status", "PENDING")
                .s("createdAt", NOW.toString()).s("socialStatus", "DONE").s("enrollmentStatus", "DONE")
                .s("workspaceStatus", "PENDING"));
        Audit audit = audit("--work-age", "PT0S");
        assertEquals(List.of("pendingErasure ERASURE#gone4/ERASURE requested " + NOW
                        + ", older than PT0S, parts pending: workspace",
                "pendingPostDeletion USER#ada/DELPOST#p0 requested " + FRESH + ", older than PT0S",
                "pendingWork " + C9_TASK + " requested " + FRESH + ", older than PT0S",
                "orphanEnrollment STU#s1/ENROLL#CRS#c9 course CRS#c9/METADATA missing, in progress since " + FRESH
                        + " (" + C9_TASK + ")",
                "orphanComment POST#p0/COMMENT#c0 post USER#ada/POST#p0 missing, in progress since " + FRESH
                        + " (USER#ada/DELPOST#p0)").stream().sorted().toList(),
                audit.violations().stream().sorted().toList());
        assertEquals(TableAudit.VIOLATIONS, audit.exitCode());
    }

    @Test
    void aPostDeletionStuckAfterTheWorkAgeIsReported() {
        put(item(SocialKeys.postDeletion("bob", "p8"), EntityType.POST_DELETION).s("userId", "bob")
                .s("postId", "p8").s("createdAt", OLD.toString()).s("updatedAt", OLD.toString()));
        assertViolations("pendingPostDeletion USER#bob/DELPOST#p8 requested " + OLD + ", older than PT10M");
    }

    @Test
    void theWorkAgeDecidesWhatIsOld() {
        Audit audit = audit("--work-age", "PT30S");
        assertEquals(List.of("pendingPostDeletion USER#ada/DELPOST#p0 requested " + FRESH + ", older than PT30S",
                "pendingWork " + C9_TASK + " requested " + FRESH + ", older than PT30S",
                // the orphans the young work explained are now stuck work's
                "orphanEnrollment STU#s1/ENROLL#CRS#c9 course CRS#c9/METADATA missing, in progress since " + FRESH
                        + " (" + C9_TASK + ")",
                "orphanComment POST#p0/COMMENT#c0 post USER#ada/POST#p0 missing, in progress since " + FRESH
                        + " (USER#ada/DELPOST#p0)").stream().sorted().toList(),
                audit.violations().stream().sorted().toList());
    }

    // 6. Idempotency-Key records

    @Test
    void aLiveIdempotencyRecordWhoseItemIsGoneIsANoteNotAViolation() {
        ItemKey record = idempotency("bob", "POST /users/{userId}/posts", "k4", "/users/bob/posts/p7", true);
        Audit audit = audit();
        assertEquals(List.of(), audit.violations(), "the post may rightly have been deleted since");
        assertEquals(List.of("idempotencyRecord " + record.pk() + "/IDEM created item USER#bob/POST#p7 missing "
                + "(location /users/bob/posts/p7): deleted since, or never written"), audit.notes());
        assertTrue(audit.summary().endsWith(", 0 violations, 1 notes"), audit.summary());
        assertEquals(TableAudit.CLEAN, audit.exitCode());
    }

    // 7. Keys

    @Test
    void aKeyNoEntityTypeMakesIsReported() {
        put(new Item(Map.of(TableSchema.PK, s("NOPE#1"), TableSchema.SK, s("X"))));
        assertViolations("unknownKey NOPE#1/X no entity type makes this key");
    }

    @Test
    void anItemWhoseTypeDisagreesWithItsKeyIsReported() {
        update(EnrollmentKeys.student("s1"), TableSchema.TYPE, s(EntityType.COURSE.typeName()));
        assertViolations("entityType STU#s1/PROFILE _type is Course, the key is a Student's");
    }

    // The command line

    @Test
    void usageErrorsAndAnUnreachableTableExitWithTwo() {
        assertEquals(TableAudit.ERROR, audit("--segments", "none").exitCode());
        assertEquals(TableAudit.ERROR, audit("--work-age", "ten minutes").exitCode());
        assertEquals(TableAudit.ERROR, audit("--colour").exitCode());
        Audit missingTable = run("--endpoint", server.endpoint(), "--table", "no-such-table", "--quiet");
        assertEquals(TableAudit.ERROR, missingTable.exitCode());
        assertTrue(missingTable.err().contains("cannot read table no-such-table"), missingTable.err());
        assertEquals(TableAudit.CLEAN, run("--help").exitCode());
    }

    // Running it

    private record Audit(int exitCode, List<String> lines, String err) {
        List<String> violations() {
            return report().stream().filter(line -> !line.startsWith(TableAudit.NOTE)).toList();
        }

        List<String> notes() {
            return report().stream().filter(line -> line.startsWith(TableAudit.NOTE))
                    .map(line -> line.substring(TableAudit.NOTE.length())).toList();
        }

        private List<String> report() {
            if (lines.isEmpty()) {
                throw new AssertionError("no report; exit " + exitCode + ", stderr: " + err);
            }
            return lines.subList(0, lines.size() - 1);
        }

        String summary() {
            return lines.get(lines.size() - 1);
        }
    }

    private Audit audit(String... more) {
        List<String> args = new ArrayList<>(List.of("--endpoint", server.endpoint(), "--table", table, "--quiet",
                "--segments", "3"));
        args.addAll(List.of(more));
        return run(args.toArray(String[]::new));
    }

    private static Audit run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = TableAudit.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        return new Audit(exit, text.isEmpty() ? List.of() : List.of(text.split("\n")), err.toString(StandardCharsets.UTF_8));
    }

    /** Exactly these lines, in the audit's order, then a summary counting them; exit 1. */
    private void assertViolations(String... expected) {
        Audit audit = audit();
        assertEquals(List.of(expected), audit.violations());
        assertTrue(audit.summary().endsWith(", " + expected.length + " violations, 0 notes"), audit.summary());
        assertEquals(TableAudit.VIOLATIONS, audit.exitCode());
    }

    // Items as the services write them (attribute names from their entity declarations)

    private static final class Item {
        final Map<String, AttributeValue> attributes = new HashMap<>();

        Item(Map<String, AttributeValue> attributes) {
            this.attributes.putAll(attributes);
        }

        Item s(String name, String value) {
            attributes.put(name, AttributeValue.fromS(value));
            return this;
        }

        Item n(String name, long value) {
            attributes.put(name, AttributeValue.fromN(Long.toString(value)));
            return this;
        }

        Item index(IndexKey key) {
            attributes.putAll(key.toAttributes());
            return this;
        }
    }

    private static Item item(ItemKey key, EntityType type) {
        Item item = new Item(key.toAttributes());
        item.attributes.put(TableSchema.TYPE, type.typeAttribute());
        return item;
    }

    private void put(Item item) {
        dynamo.putItem(r -> r.tableName(table).item(item.attributes));
    }

    private void update(ItemKey key, String attribute, AttributeValue value) {
        dynamo.updateItem(r -> r.tableName(table).key(key.toAttributes()).updateExpression("SET #a = :v")
                .expressionAttributeNames(Map.of("#a", attribute)).expressionAttributeValues(Map.of(":v", value)));
    }

    private void delete(ItemKey key) {
        dynamo.deleteItem(r -> r.tableName(table).key(key.toAttributes()));
    }

    private void profile(String userId, String handle) {
        put(item(SocialKeys.userProfile(userId), EntityType.USER_PROFILE)
                .index(SocialKeys.userByHandle(SocialKeys.canonicalHandle(handle)))
                .s("userId", userId).s("handle", handle).s("displayName", "Name of " + userId)
                .n("version", 1).s("createdAt", MARCH).s("updatedAt", MARCH));
        put(item(SocialKeys.handleClaim(SocialKeys.canonicalHandle(handle)), EntityType.HANDLE_CLAIM)
                .s("handle", handle).s("userId", userId).s("createdAt", MARCH).s("updatedAt", MARCH));
    }

    private void post(String userId, String postId, String createdAt, long comments) {
        put(item(SocialKeys.post(userId, postId), EntityType.POST)
                .index(SocialKeys.postTimeline(Months.of(Instant.parse(createdAt)), postId,
                        SocialKeys.DEFAULT_TIMELINE_SHARDS))
                .s("userId", userId).s("postId", postId).s("title", "A post").s("body", "Text")
                .n("commentCount", comments).n("version", 1).s("createdAt", createdAt).s("updatedAt", createdAt));
    }

    private void comment(String postId, String postAuthorId, String commentId, String authorId, String createdAt) {
        put(item(SocialKeys.comment(postId, commentId), EntityType.COMMENT)
                .index(SocialKeys.commentByAuthor(authorId, commentId))
                .s("postId", postId).s("postAuthorId", postAuthorId).s("commentId", commentId)
                .s("authorId", authorId).s("body", "Nice").n("version", 1).s("createdAt", createdAt)
                .s("updatedAt", createdAt));
    }

    private void stats(String userId, String month, long posts, long comments) {
        put(item(SocialKeys.monthlyStats(userId, month), EntityType.MONTHLY_STATS).s("userId", userId)
                .s("month", month).n("posts", posts).n("comments", comments).s("createdAt", MARCH)
                .s("updatedAt", MARCH));
    }

    private void timelineMonth(String month) {
        put(item(SocialKeys.timelineMonth(month), EntityType.TIMELINE_MONTH).s("month", month).s("createdAt", MARCH));
    }

    private void student(String studentId) {
        put(item(EnrollmentKeys.student(studentId), EntityType.STUDENT).s("studentId", studentId).n("year", 2)
                .s("major", "CS").n("version", 1).s("createdAt", MARCH).s("updatedAt", MARCH));
    }

    private void course(String courseId, String term, Integer capacity, long enrolled) {
        Item course = item(EnrollmentKeys.course(courseId), EntityType.COURSE)
                .index(EnrollmentKeys.courseIndex(courseId)).index(EnrollmentKeys.courseTermIndex(term, courseId, CATALOGUE_SHARDS))
                .s("courseId", courseId).s("title", "Course " + courseId).n("credits", 5).s("term", term)
                .n("enrolledCount", enrolled).n("version", 1).s("createdAt", MARCH).s("updatedAt", MARCH);
        if (capacity != null) {
            course.n("capacity", capacity);
        }
        put(course);
    }

    private void edge(String studentId, String courseId) {
        put(item(EnrollmentKeys.enrollment(studentId, courseId), EntityType.ENROLLMENT)
                .index(EnrollmentKeys.enrollmentIndex(courseId, studentId))
                .index(EntityType.ENROLLMENT.keys().in(TableSchema.GSI2).build(studentId, "2026-fall", courseId))
                .s("studentId", studentId).s("courseId", courseId).s("enrolledOn", "2026-03-05")
                .s("courseTitle", "Course " + courseId).s("courseTerm", "2026-fall").n("courseCredits", 5)
                .n("version", 1).s("createdAt", MARCH).s("updatedAt", MARCH));
    }

    private void workspace(String wsId, int shards, int seatLimit, long members, long owners) {
        put(item(WorkspaceKeys.workspace(wsId), EntityType.WORKSPACE).s("wsId", wsId).s("displayName", wsId)
                .s("region", "eu-west-1").n("seatLimit", seatLimit).s("ownerId", "ada").n("shards", shards)
                .n("ownerCount", owners).n("memberCount", members).n("version", 1).s("createdAt", MARCH)
                .s("updatedAt", MARCH));
    }

    private void member(String wsId, String userId, String role) {
        put(item(WorkspaceKeys.member(wsId, userId), EntityType.MEMBER).index(WorkspaceKeys.memberIndex(userId, wsId))
                .s("wsId", wsId).s("userId", userId).s("role", role).n("version", 1).s("createdAt", MARCH)
                .s("updatedAt", MARCH));
    }

    private void project(String wsId, int shards, ProjectId id, String status) {
        ProjectStatus projectStatus = ProjectStatus.parse("status", status);
        String createdAt = Timestamps.format(Instant.parse(MARCH));
        put(item(WorkspaceKeys.project(wsId, shards, id), EntityType.PROJECT)
                .index(WorkspaceKeys.projectWorkspaceStatusIndex(wsId, shards, projectStatus, id))
                .index(WorkspaceKeys.projectStatusIndex(projectStatus, STATUS_SHARDS, Instant.parse(MARCH), wsId, id))
                .s("wsId", wsId).s("projectId", id.toString()).s("title", "Project " + id).s("status", status)
                .s("createdBy", "ada").s("createdByName", "Ada").n("version", 1).s("createdAt", createdAt)
                .s("updatedAt", createdAt));
    }

    private void sequence(String wsId, int year, long seq) {
        put(item(WorkspaceKeys.projectSequence(wsId, year), EntityType.PROJECT_SEQUENCE).n("seq", seq)
                .s("createdAt", MARCH).s("updatedAt", MARCH));
    }

    private void task(String service, String kind, String id, Instant requestedAt) {
        task(WorkKeys.task(service, kind, id), service, kind, id, requestedAt);
    }

    private void task(ItemKey key, String service, String kind, String id, Instant requestedAt) {
        put(item(key, EntityType.WORK_ITEM).s("service", service).s("kind", kind)
                .s("taskId", id).s("createdAt", requestedAt.toString()));
    }

    private static String name(ItemKey key) {
        return key.pk() + "/" + key.sk();
    }

    private ItemKey idempotency(String caller, String route, String key, String location, boolean live) {
        ItemKey record = IdempotencyKeys.record(caller, route, key);
        Instant created = live ? FRESH : NOW.minus(Duration.ofDays(2));
        put(item(record, EntityType.IDEMPOTENCY).s("fingerprint", "f".repeat(64)).n("status", 201)
                .s("body", "{}").s("location", location).s("etag", "\"1\"")
                .n("expiresAt", created.plus(Duration.ofHours(24)).getEpochSecond())
                .s("createdAt", created.toString()));
        return record;
    }
}
