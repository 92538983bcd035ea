package dev.trident.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class KeyGrammarTest {
    static final ProjectId P42 = new ProjectId(2026, 42);
    static final Instant CREATED = Instant.parse("2026-05-01T10:15:30.123Z");
    /** A student's term partition on GSI2, as its collection declares it. */
    static final KeyTemplate STUDENT_TERM = EnrollmentKeys.STUDENT_TERM_COLLECTION.partitionKey();

    @Test
    void socialSpellingsAndRoundTrips() {
        assertEquals(new ItemKey("USER#u1", "PROFILE"), SocialKeys.userProfile("u1"));
        assertEquals(new IndexKey("GSI1", "HANDLE#Ann", "PROFILE"), SocialKeys.userByHandle("Ann"));
        assertEquals(new ItemKey("HANDLE#Ann", "HANDLE"), SocialKeys.handleClaim("Ann"));
        assertEquals(new ItemKey("USER#u1", "POST#p1"), SocialKeys.post("u1", "p1"));
        assertEquals(new IndexKey("GSI2", "TIMELINE#2026-05#" + Shards.of("p1", 16), "p1"),
                SocialKeys.postTimeline("2026-05", "p1", 16));
        assertEquals(new IndexKey("GSI2", "TIMELINE#2026-05#0", "p1"), SocialKeys.postTimeline("2026-05", "p1", 1));
        assertEquals(new ItemKey("POST#p1", "COMMENT#c1"), SocialKeys.comment("p1", "c1"));
        assertEquals(new ItemKey("USER#u1", "STATS#2026-05"), SocialKeys.monthlyStats("u1", "2026-05"));
        assertEquals(new ItemKey("USER#u1", "DELPOST#p1"), SocialKeys.postDeletion("u1", "p1"));
        assertEquals(new ItemKey("TIMELINE#MONTHS", "MONTH#2026-05"), SocialKeys.timelineMonth("2026-05"));

        assertEquals("u1", SocialKeys.parseUserPk(SocialKeys.post("u1", "p1").pk()));
        assertEquals("Ann", SocialKeys.parseHandlePk(SocialKeys.handleClaim("Ann").pk()));
        assertEquals("Ann", SocialKeys.parseHandlePk(SocialKeys.userByHandle("Ann").pk()));
        assertEquals("p1", SocialKeys.parsePostSk(SocialKeys.post("u1", "p1").sk()));
        assertEquals("p1", SocialKeys.parseCommentPk(SocialKeys.comment("p1", "c1").pk()));
        assertEquals("c1", SocialKeys.parseCommentSk(SocialKeys.comment("p1", "c1").sk()));
        assertEquals("2026-05", SocialKeys.parseStatsSk(SocialKeys.monthlyStats("u1", "2026-05").sk()));
        assertEquals(new SocialKeys.TimelinePartition("2026-05", OptionalInt.of(Shards.of("p1", 16))),
                SocialKeys.parseTimelinePk(SocialKeys.postTimeline("2026-05", "p1", 16).pk()));
        assertEquals("p1", SocialKeys.parseTimelineSk(SocialKeys.postTimeline("2026-05", "p1", 16).sk()));
        assertEquals("p1", SocialKeys.parsePostDeletionSk(SocialKeys.postDeletion("u1", "p1").sk()));
        assertEquals("2026-05", SocialKeys.parseTimelineMonthSk(SocialKeys.timelineMonth("2026-05").sk()));
        // Months sort as their sort keys do: the timeline reads "SK < MONTH#<month>" descending.
        assertTrue(SocialKeys.timelineMonthSortKey("2025-12").compareTo(SocialKeys.timelineMonthSortKey("2026-01")) < 0);
        // Posts sort below PROFILE, stats above: "SK <= PROFILE" descending reads profile + newest posts.
        assertTrue(SocialKeys.post("u", "ZZZZ").sk().compareTo(SocialKeys.PROFILE) < 0);
        assertTrue(SocialKeys.monthlyStats("u", "2026-01").sk().compareTo(SocialKeys.PROFILE) > 0);
        // A pending post deletion sorts below every post, outside "SK BETWEEN POST# AND PROFILE" and begins_with POST#.
        String deletion = SocialKeys.postDeletion("u", "ZZZZ").sk();
        assertTrue(deletion.compareTo(SocialKeys.postsPrefix()) < 0);
        assertFalse(deletion.startsWith(SocialKeys.postsPrefix()));
    }

    @Test
    void enrollmentSpellingsAndRoundTrips() {
        assertEquals(new ItemKey("STU#s1", "PROFILE"), EnrollmentKeys.student("s1"));
        assertEquals(new ItemKey("CRS#c1", "METADATA"), EnrollmentKeys.course("c1"));
        assertEquals(new IndexKey("GSI1", "CRS#c1", "METADATA"), EnrollmentKeys.courseIndex("c1"));
        assertEquals(new ItemKey("STU#s1", "ENROLL#CRS#c1"), EnrollmentKeys.enrollment("s1", "c1"));
        assertEquals(new IndexKey("GSI1", "CRS#c1", "STU#s1"), EnrollmentKeys.enrollmentIndex("c1", "s1"));
        assertEquals("ENROLL#CRS#", EnrollmentKeys.enrollmentsPrefix());
        assertEquals("STU#", EnrollmentKeys.rosterPrefix());

        assertEquals("s1", EnrollmentKeys.parseStudentPk(EnrollmentKeys.enrollment("s1", "c1").pk()));
        assertEquals("c1", EnrollmentKeys.parseEnrollmentSk(EnrollmentKeys.enrollment("s1", "c1").sk()));
        assertEquals("c1", EnrollmentKeys.parseCoursePk(EnrollmentKeys.course("c1").pk()));
        assertEquals("c1", EnrollmentKeys.parseCoursePk(EnrollmentKeys.enrollmentIndex("c1", "s1").pk()));
        assertEquals("s1", EnrollmentKeys.parseRosterSk(EnrollmentKeys.enrollmentIndex("c1", "s1").sk()));
        int shard = Shards.of("c1", 8);
        assertEquals(shard, EnrollmentKeys.catalogueShard("c1", 8));
        assertEquals(new IndexKey("GSI2", "TERM#2026-fall#" + shard, "c1"),
                EnrollmentKeys.courseTermIndex("2026-fall", "c1", 8));
        assertEquals(new IndexKey("GSI2", "TERM#2026-fall#0", "c1"), EnrollmentKeys.courseTermIndex("2026-fall", "c1", 1));
        assertEquals(new EnrollmentKeys.TermShard("2026-fall", shard),
                EnrollmentKeys.parseTermPk(EnrollmentKeys.courseTermIndex("2026-fall", "c1", 8).pk()));
        assertEquals(new EnrollmentKeys.TermShard("2026", 15), EnrollmentKeys.parseTermPk("TERM#2026#15"));
        assertEquals("c1", EnrollmentKeys.parseTermSk(EnrollmentKeys.courseTermIndex("2026-fall", "c1", 8).sk()));
        assertEquals("TERM#2026-fall#7", EnrollmentKeys.termPartition("2026-fall", 7, 8));
        assertThrows(InvalidKeyException.class, () -> EnrollmentKeys.termPartition("2026-fall", 8, 8));
        assertThrows(InvalidKeyException.class, () -> EnrollmentKeys.termPartition("2026-fall", 0, 17));
        assertEquals(new IndexKey("GSI2", "STU#s1#TERM#2026-fall", "CRS#c1"),
                EntityType.ENROLLMENT.keys().in(TableSchema.GSI2).build("s1", "2026-fall", "c1"));
        assertEquals(Optional.of(Map.of("studentId", "s1", "term", "2026-fall", "courseId", "c1")),
                EntityType.ENROLLMENT.keys().decodeIndex(new IndexKey("GSI2",
                        EnrollmentKeys.STUDENT_TERM_COLLECTION.partitionOf("s1", "2026-fall"), "CRS#c1")));
    }

    @Test
    void workspaceSpellingsAndRoundTrips() {
        assertEquals(new ItemKey("WS#w1", "META"), WorkspaceKeys.workspace("w1"));
        assertEquals(new ItemKey("WS#w1", "MEMBER#u1"), WorkspaceKeys.member("w1", "u1"));
        assertEquals(new IndexKey("GSI1", "USER#u1", "WS#w1"), WorkspaceKeys.memberIndex("u1", "w1"));
        assertEquals(new ItemKey("WS#w1", "PROJ#2026-000042"), WorkspaceKeys.project("w1", 1, P42));
        assertEquals(new ItemKey("WS#w1", "PROJSEQ#2026"), WorkspaceKeys.projectSequence("w1", 2026));
        int shard = Shards.of("2026-0042", 4);
        assertEquals(new ItemKey("WS#w1#" + shard, "PROJ#2026-000042"), WorkspaceKeys.project("w1", 4, P42));
        assertEquals("WS#w1", WorkspaceKeys.projectPartition("w1", 0, 1));
        assertEquals("WS#w1#3", WorkspaceKeys.projectPartition("w1", 3, 4));
        assertThrows(InvalidKeyException.class, () -> WorkspaceKeys.projectPartition("w1", 4, 4));
        assertThrows(InvalidKeyException.class, () -> WorkspaceKeys.projectPartition("w1", 1, 1));
        assertThrows(InvalidKeyException.class, () -> WorkspaceKeys.project("w1", 17, P42));
        assertThrows(InvalidKeyException.class, () -> WorkspaceKeys.project("w1", 0, P42));

        int n = WorkspaceKeys.projectStatusShard("w1", P42, 16);
        assertEquals(Shards.of("w1#2026-0042", 16), n);
        IndexKey status = WorkspaceKeys.projectStatusIndex(ProjectStatus.ACTIVE, 16, CREATED, "w1", P42);
        assertEquals(new IndexKey("GSI2", "PROJSTATUS#ACTIVE#" + n, "2026-05-01T10:15:30.123Z#w1#2026-0042"), status);
        assertEquals(new WorkspaceKeys.StatusPartition(ProjectStatus.ACTIVE, n),
                WorkspaceKeys.parseProjectStatusPk(status.pk()));
        assertEquals(new WorkspaceKeys.StatusPartition(ProjectStatus.PAUSED, 15),
                WorkspaceKeys.parseProjectStatusPk("PROJSTATUS#PAUSED#15"));
        assertEquals("PROJSTATUS#ACTIVE#0",
                WorkspaceKeys.projectStatusIndex(ProjectStatus.ACTIVE, 1, CREATED, "w1", P42).pk());
        assertThrows(InvalidKeyException.class, () -> WorkspaceKeys.projectStatusPartition(ProjectStatus.ACTIVE, 8, 8));
        assertThrows(InvalidKeyException.class,
                () -> WorkspaceKeys.projectStatusIndex(ProjectStatus.ACTIVE, 17, CREATED, "w1", P42));
        assertEquals(new WorkspaceKeys.StatusEntry(CREATED, "w1", P42), WorkspaceKeys.parseProjectStatusSk(status.sk()));
        // A workspace's projects by status (GSI1): the project's table shard, its own sort key.
        int tableShard = WorkspaceKeys.projectShard(P42, 4);
        IndexKey byStatus = WorkspaceKeys.projectWorkspaceStatusIndex("w1", 4, ProjectStatus.PAUSED, P42);
        assertEquals(new IndexKey("GSI1", "WS#w1#STATUS#PAUSED#" + tableShard, "PROJ#2026-000042"), byStatus);
        assertEquals(new IndexKey("GSI1", "WS#w1#STATUS#ACTIVE#0", "PROJ#2026-000042"),
                WorkspaceKeys.projectWorkspaceStatusIndex("w1", 1, ProjectStatus.ACTIVE, P42));
        assertEquals(byStatus.pk(), WorkspaceKeys.workspaceStatusPartition("w1", ProjectStatus.PAUSED, tableShard, 4));
        assertEquals(new WorkspaceKeys.WorkspaceStatusPartition("w1", ProjectStatus.PAUSED, tableShard),
                WorkspaceKeys.parseWorkspaceStatusPk(byStatus.pk()));
        assertEquals(P42, WorkspaceKeys.parseProjectSk(byStatus.sk()));
        assertThrows(InvalidKeyException.class,
                () -> WorkspaceKeys.workspaceStatusPartition("w1", ProjectStatus.ACTIVE, 4, 4));
        // Whole seconds still get millis, so the sort key orders by time.
        assertEquals("2026-05-01T10:15:30.000Z", Timestamps.format(Instant.parse("2026-05-01T10:15:30Z")));

        assertEquals("w1", WorkspaceKeys.parseWorkspacePk("WS#w1"));
        assertEquals(new WorkspaceKeys.ProjectPartition("w1", OptionalInt.empty()),
                WorkspaceKeys.parseProjectPartition("WS#w1"));
        assertEquals(new WorkspaceKeys.ProjectPartition("w1", OptionalInt.of(3)),
                WorkspaceKeys.parseProjectPartition("WS#w1#3"));
        assertEquals(P42, WorkspaceKeys.parseProjectSk(WorkspaceKeys.project("w1", 4, P42).sk()));
        assertEquals("u1", WorkspaceKeys.parseMemberSk("MEMBER#u1"));
        assertEquals("u1", WorkspaceKeys.parseMemberIndexPk("USER#u1"));
        assertEquals("w1", WorkspaceKeys.parseMemberIndexSk("WS#w1"));
        assertEquals(2026, WorkspaceKeys.parseSequenceSk("PROJSEQ#2026"));
        assertEquals(ProjectStatus.PAUSED, ProjectStatus.parse("status", "PAUSED"));
        assertThrows(InvalidKeyException.class, () -> ProjectStatus.parse("status", "active"));
    }

    @Test
    void workspaceStatusKeysShareNoGsi1PartitionWithAnotherEntity() {
        // GSI1 also holds handles (HANDLE#), courses and their rosters (CRS#) and memberships (USER#): a project's
        // WS#<id>#STATUS#... partition is none of those, and no workspace id can forge another status or shard.
        Map<IndexKey, EntityType> indexKeys = new HashMap<>();
        allItemKeys(indexKeys);
        indexKeys.forEach((key, type) -> {
            boolean projectStatus = key.indexName().equals("GSI1") && key.pk().startsWith("WS#");
            assertEquals(type == EntityType.PROJECT, projectStatus || key.indexName().equals("GSI2")
                    && key.pk().startsWith("PROJSTATUS#"), key::toString);
            if (projectStatus) {
                assertTrue(key.pk().matches("WS#[^#]+#STATUS#(ACTIVE|PAUSED|ARCHIVED)#\\d{1,2}"), key::toString);
            }
        });
    }

    @Test
    void createdRangeBoundsHoldExactlyTheProjectsOfTheirMilliseconds() {
        String sk = WorkspaceKeys.projectStatusIndex(ProjectStatus.ACTIVE, 8, CREATED, "zz.z-9", P42).sk();
        String from = WorkspaceKeys.projectStatusCreatedFrom("createdFrom", CREATED);
        String to = WorkspaceKeys.projectStatusCreatedTo("createdTo", CREATED);
        assertTrue(from.compareTo(sk) <= 0 && sk.compareTo(to) <= 0, "a project of that millisecond is inside");
        String before = WorkspaceKeys.projectStatusIndex(ProjectStatus.ACTIVE, 8, CREATED.minusMillis(1), "zz", P42).sk();
        String after = WorkspaceKeys.projectStatusIndex(ProjectStatus.ACTIVE, 8, CREATED.plusMillis(1), "A", P42).sk();
        assertTrue(before.compareTo(from) < 0, "the millisecond before is outside");
        assertTrue(after.compareTo(to) > 0, "the millisecond after is outside");
        // A bound between two stored milliseconds never takes in the one outside it.
        assertEquals(Timestamps.format(CREATED.plusMillis(1)),
                WorkspaceKeys.projectStatusCreatedFrom("createdFrom", CREATED.plusNanos(1)));
        assertTrue(WorkspaceKeys.projectStatusCreatedTo("createdTo", CREATED.plusNanos(999_999)).compareTo(after) < 0);
        assertEquals("createdTo", assertThrows(InvalidKeyException.class, () -> WorkspaceKeys.projectStatusCreatedTo(
                "createdTo", Instant.parse("+10000-01-01T00:00:00Z"))).field());
        assertEquals("createdFrom", assertThrows(InvalidKeyException.class, () -> WorkspaceKeys.projectStatusCreatedFrom(
                "createdFrom", Instant.parse("-0001-12-31T00:00:00Z"))).field());
    }

    @Test
    void statusShardIsStableAndInRange() {
        for (int shards : new int[] {1, 4, 8, 16}) {
            for (int i = 1; i < 500; i++) {
                int n = WorkspaceKeys.projectStatusShard("w", new ProjectId(2026, i), shards);
                assertTrue(n >= 0 && n < shards);
                assertEquals(n, WorkspaceKeys.projectStatusShard("w", new ProjectId(2026, i), shards));
            }
        }
    }

    @Test
    void catalogueShardIsStableAndInRange() {
        for (int shards : new int[] {1, 8, 16}) {
            for (int i = 0; i < 500; i++) {
                int n = EnrollmentKeys.catalogueShard("c" + i, shards);
                assertTrue(n >= 0 && n < shards);
                assertEquals(n, EnrollmentKeys.catalogueShard("c" + i, shards));
            }
        }
    }

    @Test
    void catalogueShardsNeverShareAPartitionWithAStudentsTerm() {
        // Both families live on GSI2 and both spell a term: TERM#<term>#<shard> and STU#<studentId>#TERM#<term>.
        for (String a : TRICKY) {
            for (String b : TRICKY) {
                for (int shards : new int[] {1, 16}) {
                    for (int shard = 0; shard < shards; shard++) {
                        String catalogue = EnrollmentKeys.termPartition(a, shard, shards);
                        String studentTerm = EnrollmentKeys.STUDENT_TERM_COLLECTION.partitionOf(b, a);
                        assertFalse(catalogue.equals(studentTerm), catalogue);
                        assertEquals(Optional.of(EnrollmentKeys.COURSES_BY_TERM_COLLECTION),
                                ItemCollection.classify(TableSchema.GSI2, catalogue));
                        assertEquals(Optional.of(EnrollmentKeys.STUDENT_TERM_COLLECTION),
                                ItemCollection.classify(TableSchema.GSI2, studentTerm));
                        assertThrows(InvalidKeyException.class, () -> STUDENT_TERM.read("term", catalogue));
                        assertThrows(InvalidKeyException.class, () -> EnrollmentKeys.parseTermPk(studentTerm));
                    }
                }
            }
        }
    }

    @Test
    void toAttributesUsesTableAttributeNames() {
        assertEquals(Map.of("PK", AttributeValue.fromS("USER#u"), "SK", AttributeValue.fromS("PROFILE")),
                SocialKeys.userProfile("u").toAttributes());
        assertEquals(Map.of("GSI1PK", AttributeValue.fromS("HANDLE#h"), "GSI1SK", AttributeValue.fromS("PROFILE")),
                SocialKeys.userByHandle("h").toAttributes());
        assertEquals(Map.of("GSI2PK", AttributeValue.fromS("TIMELINE#2026-01#0"), "GSI2SK", AttributeValue.fromS("p")),
                SocialKeys.postTimeline("2026-01", "p", 1).toAttributes());
    }

    @Test
    void parsersRejectForeignAndMalformedKeys() {
        List<Runnable> bad = List.of(
                () -> SocialKeys.parseUserPk("STU#u1"),
                () -> SocialKeys.parseUserPk("USER#"),
                () -> SocialKeys.parseUserPk("USER#a#b"),
                () -> SocialKeys.parseUserPk(null),
                () -> SocialKeys.parsePostSk("PROFILE"),
                () -> SocialKeys.parseCommentSk("POST#p"),
                () -> SocialKeys.parseStatsSk("STATS#2026-13"),
                () -> SocialKeys.parseTimelinePk("TIMELINE#x"),
                () -> SocialKeys.parseTimelinePk("TIMELINE#2026-05#16"),
                () -> SocialKeys.parseTimelinePk("TIMELINE#2026-05#03"),
                () -> SocialKeys.parseTimelinePk("TIMELINE#2026-05#"),
                () -> SocialKeys.parseTimelinePk("TIMELINE#2026-05x1"),
                () -> SocialKeys.parseTimelinePk("TIMELINE#2026-05#1#2"),
                () -> SocialKeys.parsePostDeletionSk("POST#p"),
                () -> SocialKeys.parseTimelineMonthSk("MONTH#2026-13"),
                () -> SocialKeys.parseTimelineMonthSk("STATS#2026-01"),
                () -> SocialKeys.parseHandlePk("USER#h"),
                () -> EnrollmentKeys.parseStudentPk("CRS#c1"),
                () -> EnrollmentKeys.parseEnrollmentSk("PROFILE"),
                () -> EnrollmentKeys.parseEnrollmentSk("ENROLL#STU#s"),
                () -> EnrollmentKeys.parseCoursePk("CRS#c1#x"),
                () -> EnrollmentKeys.parseRosterSk("METADATA"),
                () -> WorkspaceKeys.parseWorkspacePk("WS#w1#3"),
                () -> WorkspaceKeys.parseProjectPartition("WS#w1#16"),
                () -> WorkspaceKeys.parseProjectPartition("WS#w1#03"),
                () -> WorkspaceKeys.parseProjectPartition("WS#w1#x#1"),
                () -> WorkspaceKeys.parseProjectSk("PROJ#2026-0042"),
                () -> WorkspaceKeys.parseProjectSk("PROJSEQ#2026"),
                () -> WorkspaceKeys.parseMemberSk("META"),
                () -> WorkspaceKeys.parseSequenceSk("PROJSEQ#26"),
                () -> WorkspaceKeys.parseProjectStatusPk("PROJSTATUS#DONE#1"),
                () -> WorkspaceKeys.parseProjectStatusPk("PROJSTATUS#ACTIVE#16"),
                () -> WorkspaceKeys.parseProjectStatusPk("PROJSTATUS#ACTIVE#04"),
                () -> WorkspaceKeys.parseProjectStatusPk("PROJSTATUS#ACTIVE"),
                () -> EnrollmentKeys.parseTermPk("TERM#2026-fall"),
                () -> EnrollmentKeys.parseTermPk("TERM#2026-fall#16"),
                () -> EnrollmentKeys.parseTermPk("TERM#2026-fall#01"),
                () -> EnrollmentKeys.parseTermPk("TERM##3"),
                () -> WorkspaceKeys.parseProjectStatusSk("2026-05-01#w1#2026-0042"),
                () -> WorkspaceKeys.parseProjectStatusSk("2026-05-01T10:15:30.123Z#w1"),
                () -> WorkspaceKeys.parseWorkspaceStatusPk("WS#w1#STATUS#DONE#0"),
                () -> WorkspaceKeys.parseWorkspaceStatusPk("WS#w1#STATUS#ACTIVE#16"),
                () -> WorkspaceKeys.parseWorkspaceStatusPk("WS#w1#STATUS#ACTIVE#01"),
                () -> WorkspaceKeys.parseWorkspaceStatusPk("WS#w1#ACTIVE#0"),
                () -> WorkspaceKeys.parseWorkspaceStatusPk("USER#w1"));
        for (int i = 0; i < bad.size(); i++) {
            assertThrows(InvalidKeyException.class, bad.get(i)::run, "case " + i);
        }
    }

    @Test
    void buildersValidateEverySegment() {
        assertThrows(InvalidKeyException.class, () -> SocialKeys.post("u#1", "p"));
        assertThrows(InvalidKeyException.class, () -> SocialKeys.post("u", ""));
        assertThrows(InvalidKeyException.class, () -> SocialKeys.userByHandle("a b"));
        assertThrows(InvalidKeyException.class, () -> SocialKeys.monthlyStats("u", "2026-13"));
        assertThrows(InvalidKeyException.class, () -> SocialKeys.postTimeline("2026-1", "p", 16));
        assertThrows(InvalidKeyException.class, () -> SocialKeys.postTimeline("2026-01", "p", 17));
        assertThrows(InvalidKeyException.class, () -> SocialKeys.timelinePartition("2026-01", 4, 4));
        assertThrows(InvalidKeyException.class, () -> SocialKeys.postDeletion("u", "p#1"));
        assertThrows(InvalidKeyException.class, () -> SocialKeys.timelineMonth("2026-00"));
        assertThrows(InvalidKeyException.class, () -> EnrollmentKeys.enrollment("s", "c#1"));
        // A term is a code, never a key fragment: '#', blanks and the empty term are refused, naming the field.
        for (String term : new String[] {"2026#fall", "2026 fall", "", "-fall"}) {
            assertEquals("term", assertThrows(InvalidKeyException.class,
                    () -> EnrollmentKeys.termPartition(term, 0, 8)).field(), term);
        }
        assertEquals("catalogueShard", assertThrows(InvalidKeyException.class,
                () -> EnrollmentKeys.parseTermPk("TERM#2026#fall")).field());
        assertEquals("term", assertThrows(InvalidKeyException.class,
                () -> EnrollmentKeys.parseTermPk("TERM#2026#fall#3")).field());
        for (String term : new String[] {"2026#fall", "2026 fall", ""}) {
            assertEquals("term", assertThrows(InvalidKeyException.class,
                    () -> EnrollmentKeys.STUDENT_TERM_COLLECTION.partitionOf("s1", term)).field(), term);
        }
        assertEquals("term", assertThrows(InvalidKeyException.class,
                () -> STUDENT_TERM.read("term", "STU#s1#TERM#2026#fall")).field());
        assertEquals("term", assertThrows(InvalidKeyException.class,
                () -> STUDENT_TERM.read("term", "STU#s1")).field());
        assertThrows(InvalidKeyException.class, () -> WorkspaceKeys.member("w", null));
        assertThrows(InvalidKeyException.class, () -> WorkspaceKeys.projectSequence("w", 26));
        assertEquals("courseId", assertThrows(InvalidKeyException.class,
                () -> EnrollmentKeys.enrollmentIndex("..", "s")).field());
    }

    static final List<String> TRICKY = List.of("a", "1", "10", "CRS", "PROFILE", "META", "METADATA", "USER", "STU",
            "WS", "POST", "HANDLE", "MEMBER", "PROJ", "PROJSEQ", "ENROLL", "COMMENT", "STATS", "TIMELINE", "2026",
            "2026-01", "2026-0042", "0", "3");

    /** Every key every builder can make from the tricky ids, tagged with the entity type that made it. */
    static Map<ItemKey, EntityType> allItemKeys(Map<IndexKey, EntityType> indexKeys) {
        Map<ItemKey, EntityType> keys = new HashMap<>();
        List<String> months = List.of("2026-01", "2025-12");
        for (String a : TRICKY) {
            put(keys, SocialKeys.userProfile(a), EntityType.USER_PROFILE);
            put(keys, SocialKeys.handleClaim(a), EntityType.HANDLE_CLAIM);
            put(keys, EnrollmentKeys.student(a), EntityType.STUDENT);
            put(keys, EnrollmentKeys.course(a), EntityType.COURSE);
            put(keys, WorkspaceKeys.workspace(a), EntityType.WORKSPACE);
            put(keys, WorkspaceKeys.projectSequence(a, 2026), EntityType.PROJECT_SEQUENCE);
            put(keys, ErasureKeys.record(a), EntityType.ERASURE);
            for (String service : List.of("social", "enrollment", "workspace")) {
                put(keys, WorkKeys.task(service, "erase-user", a), EntityType.WORK_ITEM);
                put(keys, WorkKeys.legacyTask(service, "erase-user", a), EntityType.WORK_ITEM);
            }
            putIndex(indexKeys, SocialKeys.userByHandle(a), EntityType.USER_PROFILE);
            putIndex(indexKeys, EnrollmentKeys.courseIndex(a), EntityType.COURSE);
            for (String m : months) {
                put(keys, SocialKeys.monthlyStats(a, m), EntityType.MONTHLY_STATS);
                put(keys, SocialKeys.timelineMonth(m), EntityType.TIMELINE_MONTH);
            }
            for (int shards : new int[] {1, 2, 16}) {
                for (int seq : new int[] {1, 42, 10000}) {
                    put(keys, WorkspaceKeys.project(a, shards, new ProjectId(2026, seq)), EntityType.PROJECT);
                }
            }
            for (ProjectStatus s : ProjectStatus.values()) {
                for (int shards : new int[] {1, 4, 16}) {
                    putIndex(indexKeys, WorkspaceKeys.projectStatusIndex(s, shards, CREATED, a, P42), EntityType.PROJECT);
                }
                for (int shards : new int[] {1, 2, 16}) {
                    for (int seq : new int[] {1, 42, 10000}) {
                        putIndex(indexKeys, WorkspaceKeys.projectWorkspaceStatusIndex(a, shards, s,
                                new ProjectId(2026, seq)), EntityType.PROJECT);
                    }
                }
            }
            for (String b : TRICKY) {
                put(keys, SocialKeys.post(a, b), EntityType.POST);
                put(keys, SocialKeys.postDeletion(a, b), EntityType.POST_DELETION);
                put(keys, SocialKeys.comment(a, b), EntityType.COMMENT);
                put(keys, EnrollmentKeys.enrollment(a, b), EntityType.ENROLLMENT);
                put(keys, WorkspaceKeys.member(a, b), EntityType.MEMBER);
                put(keys, IdempotencyKeys.record(a, "POST /users", b), EntityType.IDEMPOTENCY);
                putIndex(indexKeys, EnrollmentKeys.enrollmentIndex(a, b), EntityType.ENROLLMENT);
                for (int shards : new int[] {1, 8, 16}) {
                    putIndex(indexKeys, EnrollmentKeys.courseTermIndex(a, b, shards), EntityType.COURSE);
                }
                for (String c : List.of("a", "TERM", "2026", "CRS")) {
                    putIndex(indexKeys, EntityType.ENROLLMENT.keys().in(TableSchema.GSI2).build(a, b, c),
                            EntityType.ENROLLMENT);
                }
                putIndex(indexKeys, WorkspaceKeys.memberIndex(a, b), EntityType.MEMBER);
                putIndex(indexKeys, SocialKeys.commentByAuthor(a, b), EntityType.COMMENT);
                for (String m : months) {
                    putIndex(indexKeys, SocialKeys.postTimeline(m, b, 1), EntityType.POST);
                    putIndex(indexKeys, SocialKeys.postTimeline(m, b, 16), EntityType.POST);
                }
            }
        }
        return keys;
    }

    static void put(Map<ItemKey, EntityType> keys, ItemKey key, EntityType type) {
        EntityType previous = keys.put(key, type);
        assertTrue(previous == null || previous == type, () -> key + " made by " + previous + " and " + type);
    }

    static void putIndex(Map<IndexKey, EntityType> keys, IndexKey key, EntityType type) {
        EntityType previous = keys.put(key, type);
        assertTrue(previous == null || previous == type, () -> key + " made by " + previous + " and " + type);
    }

    @Test
    void noTwoEntityTypesProduceTheSameKey() {
        Map<IndexKey, EntityType> indexKeys = new HashMap<>();
        Map<ItemKey, EntityType> itemKeys = allItemKeys(indexKeys);
        assertTrue(itemKeys.size() > 2000, () -> "only " + itemKeys.size());
        assertTrue(indexKeys.size() > 1000, () -> "only " + indexKeys.size());
        assertEquals(EntityType.values().length, Map.copyOf(itemKeys).values().stream().distinct().count());
        // And each key classifies back to exactly the type that made it.
        itemKeys.forEach((key, type) -> assertEquals(type, EntityType.classify(key).orElseThrow(), key::toString));
    }

    @Test
    void registryKeySpacesAreDisjoint() {
        EntityType[] types = EntityType.values();
        for (int i = 0; i < types.length; i++) {
            EntityType a = types[i];
            assertTrue(a.pkPrefix().endsWith("#"), a::name);
            if (a.sortKeyIsPrefix()) {
                assertTrue(a.sortKey().endsWith("#"), a::name);
            } else {
                assertFalse(a.sortKey().contains("#"), a::name);
            }
            for (int j = i + 1; j < types.length; j++) {
                EntityType b = types[j];
                assertFalse(a.typeName().equals(b.typeName()));
                boolean pkOverlap = a.pkPrefix().startsWith(b.pkPrefix()) || b.pkPrefix().startsWith(a.pkPrefix());
                if (!pkOverlap) {
                    continue;
                }
                assertTrue(!skOverlap(a, b), () -> a + " and " + b + " share a key space");
            }
            assertEquals(a, EntityType.fromTypeName(a.typeName()));
        }
    }

    private static boolean skOverlap(EntityType a, EntityType b) {
        if (a.sortKeyIsPrefix() && b.sortKeyIsPrefix()) {
            return a.sortKey().startsWith(b.sortKey()) || b.sortKey().startsWith(a.sortKey());
        }
        if (a.sortKeyIsPrefix()) {
            return b.sortKey().startsWith(a.sortKey());
        }
        if (b.sortKeyIsPrefix()) {
            return a.sortKey().startsWith(b.sortKey());
        }
        return a.sortKey().equals(b.sortKey());
    }

    @Test
    void idempotencyRecordsAreScopedToCallerRouteAndKeyAndHoldNoClientText() {
        ItemKey record = IdempotencyKeys.record("ann", "POST /users", "key 1/\u0041");
        assertTrue(record.pk().matches("IDEM#[0-9a-f]{64}"), record::pk);
        assertEquals("IDEM", record.sk());
        assertEquals(record, IdempotencyKeys.record("ann", "POST /users", "key 1/A"));
        assertFalse(record.equals(IdempotencyKeys.record("bob", "POST /users", "key 1/A")));
        assertFalse(record.equals(IdempotencyKeys.record("ann", "POST /users/{userId}/posts", "key 1/A")));
        assertFalse(record.equals(IdempotencyKeys.record("ann", "POST /users", "key 1/B")));
        // The separator keeps the parts apart: ("a", "bc") and ("ab", "c") are different scopes.
        assertFalse(IdempotencyKeys.record("ann", "r", "ab").equals(IdempotencyKeys.record("ann", "ra", "b")));
        assertThrows(InvalidKeyException.class, () -> IdempotencyKeys.record("ann", "POST /users", ""));
        assertThrows(InvalidKeyException.class, () -> IdempotencyKeys.record("not an id!", "POST /users", "k"));
    }

    @Test
    void beginsWithPrefixesEndWithTheDelimiter() {
        List<String> prefixes = List.of(SocialKeys.postsPrefix(), SocialKeys.commentsPrefix(), SocialKeys.STATS_PREFIX,
                EnrollmentKeys.enrollmentsPrefix(), EnrollmentKeys.rosterPrefix(), WorkspaceKeys.projectsPrefix(),
                WorkspaceKeys.membersPrefix(), WorkspaceKeys.workspacesOfUserPrefix());
        assertEquals(List.of("POST#", "COMMENT#", "STATS#", "ENROLL#CRS#", "STU#", "PROJ#", "MEMBER#", "WS#"), prefixes);
        prefixes.forEach(p -> assertTrue(p.endsWith("#"), p));
        // A partition or prefix built for id 1 never matches keys of id 10.
        assertFalse(EnrollmentKeys.enrollment("s", "10").sk().startsWith(EnrollmentKeys.enrollment("s", "1").sk() + "#"));
        assertFalse(EnrollmentKeys.coursePartition("10").startsWith(EnrollmentKeys.coursePartition("1") + "#"));
        assertFalse(EnrollmentKeys.enrollmentIndex("10", "s").pk().equals(EnrollmentKeys.coursePartition("1")));
        assertFalse(WorkspaceKeys.project("w", 1, P42).sk().startsWith(WorkspaceKeys.SEQUENCE_PREFIX));
        assertFalse(WorkspaceKeys.projectSequence("w", 2026).sk().startsWith(WorkspaceKeys.projectsPrefix()));
        assertEquals(SocialKeys.PROFILE, EnrollmentKeys.PROFILE);
    }

    @Test
    void entityTypesCarryTheirTypeNames() {
        assertEquals("UserProfile", EntityType.USER_PROFILE.typeName());
        assertEquals(AttributeValue.fromS("Enrollment"), EntityType.ENROLLMENT.typeAttribute());
        assertEquals("ProjectSequence", EntityType.PROJECT_SEQUENCE.typeName());
        assertEquals("PostDeletion", EntityType.POST_DELETION.typeName());
        assertEquals("TimelineMonth", EntityType.TIMELINE_MONTH.typeName());
        assertEquals("IdempotencyRecord", EntityType.IDEMPOTENCY.typeName());
        assertEquals("Erasure", EntityType.ERASURE.typeName());
        assertEquals("WorkItem", EntityType.WORK_ITEM.typeName());
        assertEquals(17, EntityType.values().length);
    }

    @Test
    void aTimelineKeyReadsBackAsItsMonthShardAndPost() {
        for (int shards = 1; shards <= Shards.MAX_SHARDS; shards++) {
            for (String postId : List.of("01JABCDEF0000000000000000", "p1", "ZZZZ")) {
                IndexKey key = SocialKeys.postTimeline("2026-11", postId, shards);
                int shard = SocialKeys.timelineShard(postId, shards);
                assertEquals(SocialKeys.timelinePartition("2026-11", shard, shards), key.pk());
                assertEquals(new SocialKeys.TimelinePartition("2026-11", OptionalInt.of(shard)),
                        SocialKeys.parseTimelinePk(key.pk()));
                assertEquals(postId, SocialKeys.parseTimelineSk(key.sk()));
            }
        }
        // The key a post carried before sharding still reads back, without a shard: the backfill and audit find it.
        assertEquals(new SocialKeys.TimelinePartition("2026-11", OptionalInt.empty()),
                SocialKeys.parseTimelinePk(SocialKeys.unshardedTimelinePartition("2026-11")));
    }

    @Test
    void aMonthsPostsSpreadEvenlyOverTheTimelineShards() {
        int[] perShard = new int[SocialKeys.DEFAULT_TIMELINE_SHARDS];
        Instant start = Instant.parse("2026-11-01T00:00:00Z");
        int posts = 16_000;
        for (int i = 0; i < posts; i++) {
            perShard[SocialKeys.timelineShard(SocialKeys.newId(start.plusSeconds(i * 7L)),
                    SocialKeys.DEFAULT_TIMELINE_SHARDS)]++;
        }
        int expected = posts / SocialKeys.DEFAULT_TIMELINE_SHARDS;
        for (int shard = 0; shard < perShard.length; shard++) {
            // 1,000 expected per shard; 4 standard deviations is about 125.
            assertTrue(Math.abs(perShard[shard] - expected) < 130, "shard " + shard + " holds " + perShard[shard]);
        }
        // Raising the shard count keeps a post's old shard below the old count, so reads over the new count find it.
        for (int i = 0; i < 1000; i++) {
            String postId = SocialKeys.newId(start.plusSeconds(i));
            assertTrue(SocialKeys.timelineShard(postId, 8) < 8);
            assertTrue(SocialKeys.timelineShard(postId, 16) < 16);
        }
    }
}
