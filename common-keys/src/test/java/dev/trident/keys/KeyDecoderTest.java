package dev.trident.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeyDecoderTest {

    private static final ProjectId P42 = new ProjectId(2026, 42);

    private static Map<String, String> parts(String... nameValue) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            out.put(nameValue[i], nameValue[i + 1]);
        }
        return out;
    }

    private static void assertDecodes(ItemKey key, EntityType type, String... nameValue) {
        DecodedKey decoded = KeyDecoder.decode(key);
        assertEquals(type, decoded.type(), key.toString());
        assertEquals(parts(nameValue), decoded.parts(), key.toString());
        // Key order is kept: the explorer shows the parts as the key spells them.
        assertEquals(List.copyOf(parts(nameValue).keySet()), List.copyOf(decoded.parts().keySet()));
    }

    @Test
    void everyKeyTheBuildersMakeDecodesIntoItsTypeAndIds() {
        Set<EntityType> covered = EnumSet.noneOf(EntityType.class);
        record Case(ItemKey key, EntityType type, String[] parts) {
        }
        List<Case> cases = List.of(
                new Case(SocialKeys.userProfile("u1"), EntityType.USER_PROFILE, new String[] {"userId", "u1"}),
                new Case(SocialKeys.handleClaim("Ann"), EntityType.HANDLE_CLAIM, new String[] {"handle", "Ann"}),
                new Case(SocialKeys.post("u1", "p1"), EntityType.POST, new String[] {"userId", "u1", "postId", "p1"}),
                new Case(SocialKeys.postDeletion("u1", "p1"), EntityType.POST_DELETION,
                        new String[] {"userId", "u1", "postId", "p1"}),
                new Case(SocialKeys.monthlyStats("u1", "2026-05"), EntityType.MONTHLY_STATS,
                        new String[] {"userId", "u1", "month", "2026-05"}),
                new Case(SocialKeys.comment("p1", "c1"), EntityType.COMMENT,
                        new String[] {"postId", "p1", "commentId", "c1"}),
                new Case(SocialKeys.timelineMonth("2026-05"), EntityType.TIMELINE_MONTH,
                        new String[] {"month", "2026-05"}),
                new Case(EnrollmentKeys.student("s1"), EntityType.STUDENT, new String[] {"studentId", "s1"}),
                new Case(EnrollmentKeys.course("c1"), EntityType.COURSE, new String[] {"courseId", "c1"}),
                new Case(EnrollmentKeys.enrollment("s1", "c1"), EntityType.ENROLLMENT,
                        new String[] {"studentId", "s1", "courseId", "c1"}),
                new Case(WorkspaceKeys.workspace("w1"), EntityType.WORKSPACE, new String[] {"wsId", "w1"}),
                new Case(WorkspaceKeys.member("w1", "u1"), EntityType.MEMBER,
                        new String[] {"wsId", "w1", "userId", "u1"}),
                new Case(WorkspaceKeys.project("w1", 1, P42), EntityType.PROJECT,
                        new String[] {"wsId", "w1", "projectId", "2026-0042"}),
                new Case(WorkspaceKeys.projectSequence("w1", 2026), EntityType.PROJECT_SEQUENCE,
                        new String[] {"wsId", "w1", "year", "2026"}),
                new Case(IdempotencyKeys.record("u1", "POST /users", "k1"), EntityType.IDEMPOTENCY,
                        new String[] {"recordHash", IdempotencyKeys.sha256("u1\0POST /users\0k1")}));
        for (Case c : cases) {
            assertDecodes(c.key(), c.type(), c.parts());
            covered.add(c.type());
        }
        // Every entity type of the registry at the time of writing has a case here; a new type needs its own.
        assertTrue(covered.containsAll(EnumSet.of(EntityType.USER_PROFILE, EntityType.PROJECT, EntityType.IDEMPOTENCY)));
    }

    @Test
    void aShardedProjectKeyDecodesWithItsShard() {
        ItemKey key = WorkspaceKeys.project("w1", 4, P42);
        int shard = WorkspaceKeys.projectShard(P42, 4);
        assertDecodes(key, EntityType.PROJECT, "wsId", "w1", "shard", Integer.toString(shard), "projectId",
                "2026-0042");
    }

    @Test
    void aKeyNoEntityTypeMakesIsRefused() {
        assertThrows(InvalidKeyException.class, () -> KeyDecoder.decode(new ItemKey("NOPE#1", "PROFILE")));
        assertThrows(InvalidKeyException.class, () -> KeyDecoder.decode(new ItemKey("STU#s1", "ENROLL#CRS#")));
        assertThrows(InvalidKeyException.class, () -> KeyDecoder.decode(new ItemKey("WS#w1#99", "PROJ#2026-000042")));
        assertThrows(InvalidKeyException.class, () -> KeyDecoder.decode(new ItemKey("TIMELINE#OTHER", "MONTH#2026-05")));
        assertThrows(InvalidKeyException.class, () -> KeyDecoder.decode(new ItemKey("IDEM#not-a-hash", "IDEM")));
        assertEquals(Optional.empty(), KeyDecoder.tryDecode("USER#bad id", "PROFILE"));
        assertEquals(Optional.empty(), KeyDecoder.tryDecode(null, "PROFILE"));
    }

    @Test
    void indexKeysDecodeInBothDirectionsOfTheEdges() {
        assertEquals(Optional.of(parts("courseId", "c1", "studentId", "s1")),
                KeyDecoder.decodeIndex(EntityType.ENROLLMENT, EnrollmentKeys.enrollmentIndex("c1", "s1")));
        assertEquals(Optional.of(parts("studentId", "s1", "term", "2026-fall", "courseId", "c1")),
                KeyDecoder.decodeIndex(EntityType.ENROLLMENT,
                        EntityType.ENROLLMENT.keys().in(TableSchema.GSI2).build("s1", "2026-fall", "c1")));
        assertEquals(Optional.of(parts("courseId", "c1")),
                KeyDecoder.decodeIndex(EntityType.COURSE, EnrollmentKeys.courseIndex("c1")));
        assertEquals(Optional.of(parts("term", "2026-fall", "catalogueShard",
                        Integer.toString(EnrollmentKeys.catalogueShard("c1", 8)), "courseId", "c1")),
                KeyDecoder.decodeIndex(EntityType.COURSE, EnrollmentKeys.courseTermIndex("2026-fall", "c1", 8)));
        assertEquals(Optional.of(parts("userId", "u1", "wsId", "w1")),
                KeyDecoder.decodeIndex(EntityType.MEMBER, WorkspaceKeys.memberIndex("u1", "w1")));
        assertEquals(Optional.of(parts("handle", "Ann")),
                KeyDecoder.decodeIndex(EntityType.USER_PROFILE, SocialKeys.userByHandle("Ann")));
        assertEquals(Optional.of(parts("month", "2026-05", "shard", Integer.toString(Shards.of("p1", 16)),
                        "postId", "p1")),
                KeyDecoder.decodeIndex(EntityType.POST, SocialKeys.postTimeline("2026-05", "p1", 16)));
        assertEquals(Optional.of(parts("month", "2026-05", "postId", "p1")), KeyDecoder.decodeIndex(EntityType.POST,
                new IndexKey("GSI2", SocialKeys.unshardedTimelinePartition("2026-05"), "p1")));
        Instant created = Instant.parse("2026-05-01T10:15:30.123Z");
        IndexKey status = WorkspaceKeys.projectStatusIndex(ProjectStatus.ACTIVE, 16, created, "w1", P42);
        assertEquals(Optional.of(parts("status", "ACTIVE", "statusShard",
                        Integer.toString(WorkspaceKeys.projectStatusShard("w1", P42, 16)),
                        "createdAt", Timestamps.format(created),
                        "wsId", "w1", "projectId", "2026-0042")),
                KeyDecoder.decodeIndex(EntityType.PROJECT, status));
        // An index key of another type's shape is not this type's: nothing decoded, nothing invented.
        assertEquals(Optional.empty(), KeyDecoder.decodeIndex(EntityType.ENROLLMENT, WorkspaceKeys.memberIndex("u1", "w1")));
        assertEquals(Optional.empty(), KeyDecoder.decodeIndex(EntityType.STUDENT, EnrollmentKeys.courseIndex("c1")));
        assertEquals(Optional.empty(), KeyDecoder.decodeIndex(EntityType.ENROLLMENT,
                EnrollmentKeys.courseTermIndex("2026-fall", "c1", 8)));
        assertEquals(Optional.empty(), KeyDecoder.decodeIndex(EntityType.COURSE,
                EntityType.ENROLLMENT.keys().in(TableSchema.GSI2).build("s1", "2026-fall", "c1")));
    }
}
