package dev.trident.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ItemCollectionTest {

    private static final ProjectId P1 = new ProjectId(2026, 1);

    @Test
    void tablePartitionsAreNamedByWhatTheyHold() {
        assertEquals(Optional.of(SocialKeys.USER_COLLECTION), ItemCollection.classify(null,
                SocialKeys.userPartition("u1")));
        assertEquals(Optional.of(SocialKeys.HANDLE_COLLECTION), ItemCollection.classify(null,
                SocialKeys.handlePartition("ann")));
        assertEquals(Optional.of(SocialKeys.POST_COMMENTS_COLLECTION),
                ItemCollection.classify(null, SocialKeys.commentPartition("p1")));
        assertEquals(Optional.of(SocialKeys.TIMELINE_MONTHS_COLLECTION),
                ItemCollection.classify(null, SocialKeys.TIMELINE_MONTHS_PARTITION));
        assertEquals(Optional.of(EnrollmentKeys.STUDENT_COLLECTION),
                ItemCollection.classify(null, EnrollmentKeys.studentPartition("s1")));
        assertEquals(Optional.of(EnrollmentKeys.COURSE_COLLECTION), ItemCollection.classify(null,
                EnrollmentKeys.coursePartition("c1")));
        assertEquals(Optional.of(WorkspaceKeys.WORKSPACE_COLLECTION),
                ItemCollection.classify(null, WorkspaceKeys.workspacePartition("w1")));
        assertEquals(Optional.of(WorkspaceKeys.WORKSPACE_SHARD_COLLECTION),
                ItemCollection.classify(null, WorkspaceKeys.projectPartition("w1", 3, 4)));
        assertEquals(Optional.of(ErasureKeys.ERASURE_COLLECTION), ItemCollection.classify(null,
                ErasureKeys.record("u1").pk()));
        assertEquals(Optional.of(WorkKeys.PENDING_WORK_COLLECTION),
                ItemCollection.classify(null, WorkKeys.workPartition("social", 7)));
        assertEquals(Optional.of(WorkKeys.PENDING_WORK_COLLECTION),
                ItemCollection.classify(null, WorkKeys.legacyWorkPartition("social")));
        assertEquals(Optional.of(IdempotencyKeys.IDEMPOTENCY_COLLECTION),
                ItemCollection.classify(null, IdempotencyKeys.record("u1", "POST /users", "k").pk()));
    }

    @Test
    void indexPartitionsAreTheInvertedSides() {
        assertEquals(Optional.of(EnrollmentKeys.COURSE_ROSTER_COLLECTION),
                ItemCollection.classify("GSI1", EnrollmentKeys.enrollmentIndex("c1", "s1").pk()));
        assertEquals(Optional.of(SocialKeys.USER_INVERTED_COLLECTION),
                ItemCollection.classify("GSI1", WorkspaceKeys.memberIndex("u1", "w1").pk()));
        assertEquals(Optional.of(SocialKeys.HANDLE_PROFILE_COLLECTION),
                ItemCollection.classify("GSI1", SocialKeys.userByHandle("ann").pk()));
        assertEquals(Optional.of(SocialKeys.TIMELINE_COLLECTION),
                ItemCollection.classify("GSI2", SocialKeys.timelinePartition("2026-05", 15, 16)));
        assertEquals(Optional.of(SocialKeys.TIMELINE_COLLECTION),
                ItemCollection.classify("GSI2", SocialKeys.unshardedTimelinePartition("2026-05")));
        assertEquals(Optional.of(WorkspaceKeys.PROJECTS_BY_STATUS_COLLECTION),
                ItemCollection.classify("GSI2", WorkspaceKeys.projectStatusPartition(ProjectStatus.PAUSED, 12, 16)));
        assertEquals(Optional.of(EnrollmentKeys.COURSES_BY_TERM_COLLECTION),
                ItemCollection.classify("GSI2", EnrollmentKeys.termPartition("2026-fall", 5, 8)));
        // The unsharded catalogue key is no partition any read uses: only the backfill and the audit meet it.
        assertEquals(Optional.empty(), ItemCollection.classify("GSI2", "TERM#2026-fall"));
        assertEquals(Optional.of(EnrollmentKeys.STUDENT_TERM_COLLECTION),
                ItemCollection.classify("GSI2", EnrollmentKeys.STUDENT_TERM_COLLECTION.partitionOf("s1", "2026-fall")));
        assertEquals(Optional.of(WorkspaceKeys.WORKSPACE_PROJECTS_BY_STATUS_COLLECTION), ItemCollection.classify("GSI1",
                WorkspaceKeys.workspaceStatusPartition("w1", ProjectStatus.ACTIVE, 1, 2)));
        assertEquals("GSI1", EnrollmentKeys.COURSE_ROSTER_COLLECTION.indexName());
        assertEquals(null, EnrollmentKeys.STUDENT_COLLECTION.indexName());
    }

    @Test
    void aPartitionNoPatternReadsHasNoCollection() {
        assertEquals(Optional.empty(), ItemCollection.classify(null, "NOPE#1"));
        assertEquals(Optional.empty(), ItemCollection.classify(null, "STU#bad id"));
        assertEquals(Optional.empty(), ItemCollection.classify("GSI1", EnrollmentKeys.studentPartition("s1")));
        assertEquals(Optional.empty(), ItemCollection.classify("GSI2", "TIMELINE#13"));
        assertEquals(Optional.empty(), ItemCollection.classify("GSI2", "TIMELINE#2026-05#16"));
        // A student's partition on GSI2 is always of one term; the bare student partition is no GSI2 collection.
        assertEquals(Optional.empty(), ItemCollection.classify("GSI2", EnrollmentKeys.studentPartition("s1")));
        assertEquals(Optional.empty(), ItemCollection.classify("GSI2", "STU#s1#TERM#2026#fall"));
        assertEquals(Optional.empty(), ItemCollection.classify("GSI3", "USER#u1"));
        assertEquals(Optional.empty(), ItemCollection.classify(null, null));
        assertEquals(Optional.of(WorkspaceKeys.WORKSPACE_SHARD_COLLECTION),
                ItemCollection.classify(null, WorkspaceKeys.project("w1", 2, P1).pk()));
    }

    @Test
    void aCollectionOpenedByAnIdBuildsAPartitionThatIsItsOwn() {
        List<ItemCollection> opened = ItemCollection.values().stream().filter(ItemCollection::openedById)
                .toList();
        assertEquals(List.of(SocialKeys.USER_COLLECTION, SocialKeys.USER_INVERTED_COLLECTION,
                SocialKeys.HANDLE_COLLECTION,
                SocialKeys.HANDLE_PROFILE_COLLECTION, SocialKeys.POST_COMMENTS_COLLECTION,
                        EnrollmentKeys.STUDENT_COLLECTION,
                EnrollmentKeys.COURSE_COLLECTION, EnrollmentKeys.COURSE_ROSTER_COLLECTION,
                        WorkspaceKeys.WORKSPACE_COLLECTION), opened);
        for (ItemCollection collection : opened) {
            assertEquals(Optional.of(collection),
                    ItemCollection.classify(collection.indexName(), collection.partition("Id-1")), collection.name());
        }
        assertEquals(SocialKeys.handlePartition("ann"), SocialKeys.HANDLE_COLLECTION.partition("Ann"),
                "a handle opens its claim whatever its case");
        assertThrows(InvalidKeyException.class, () -> EnrollmentKeys.STUDENT_COLLECTION.partition("no#hash"));
        assertThrows(IllegalStateException.class, () -> SocialKeys.TIMELINE_COLLECTION.partition("2026-05"));
    }

    @Test
    void aPartitionOfAnotherIndexIsNotClassifiedAsOneOfThisIndex() {
        assertEquals(Optional.empty(), ItemCollection.classify("GSI2", SocialKeys.userPartition("u1")));
        assertEquals(Optional.empty(), ItemCollection.classify(null, SocialKeys.timelinePartition("2026-05", 1, 4)));
        assertEquals(Optional.empty(), ItemCollection.classify(null, "USER#not#one"));
    }
}
