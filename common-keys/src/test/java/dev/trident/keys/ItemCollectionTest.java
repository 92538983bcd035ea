package dev.trident.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ItemCollectionTest {

    private static final ProjectId P1 = new ProjectId(2026, 1);

    @Test
    void tablePartitionsAreNamedByWhatTheyHold() {
        assertEquals(Optional.of(ItemCollection.USER), ItemCollection.classify(null, SocialKeys.userPartition("u1")));
        assertEquals(Optional.of(ItemCollection.HANDLE), ItemCollection.classify(null, SocialKeys.handlePartition("ann")));
        assertEquals(Optional.of(ItemCollection.POST_COMMENTS),
                ItemCollection.classify(null, SocialKeys.commentPartition("p1")));
        assertEquals(Optional.of(ItemCollection.TIMELINE_MONTHS),
                ItemCollection.classify(null, SocialKeys.TIMELINE_MONTHS_PARTITION));
        assertEquals(Optional.of(ItemCollection.STUDENT),
                ItemCollection.classify(null, EnrollmentKeys.studentPartition("s1")));
        assertEquals(Optional.of(ItemCollection.COURSE), ItemCollection.classify(null, EnrollmentKeys.coursePartition("c1")));
        assertEquals(Optional.of(ItemCollection.WORKSPACE),
                ItemCollection.classify(null, WorkspaceKeys.workspacePartition("w1")));
        assertEquals(Optional.of(ItemCollection.WORKSPACE_SHARD),
                ItemCollection.classify(null, WorkspaceKeys.projectPartition("w1", 3, 4)));
        assertEquals(Optional.of(ItemCollection.ERASURE), ItemCollection.classify(null, ErasureKeys.record("u1").pk()));
        assertEquals(Optional.of(ItemCollection.PENDING_WORK),
                ItemCollection.classify(null, WorkKeys.workPartition("social", 7)));
        assertEquals(Optional.of(ItemCollection.PENDING_WORK),
                ItemCollection.classify(null, WorkKeys.legacyWorkPartition("social")));
        assertEquals(Optional.of(ItemCollection.IDEMPOTENCY),
                ItemCollection.classify(null, IdempotencyKeys.record("u1", "POST /users", "k").pk()));
    }

    @Test
    void indexPartitionsAreTheInvertedSides() {
        assertEquals(Optional.of(ItemCollection.COURSE_ROSTER),
                ItemCollection.classify("GSI1", EnrollmentKeys.enrollmentIndex("c1", "s1").pk()));
        assertEquals(Optional.of(ItemCollection.USER_INVERTED),
                ItemCollection.classify("GSI1", WorkspaceKeys.memberIndex("u1", "w1").pk()));
        assertEquals(Optional.of(ItemCollection.HANDLE_PROFILE),
                ItemCollection.classify("GSI1", SocialKeys.userByHandle("ann").pk()));
        assertEquals(Optional.of(ItemCollection.TIMELINE),
                ItemCollection.classify("GSI2", SocialKeys.timelinePartition("2026-05", 15, 16)));
        assertEquals(Optional.of(ItemCollection.TIMELINE),
                ItemCollection.classify("GSI2", SocialKeys.unshardedTimelinePartition("2026-05")));
        assertEquals(Optional.of(ItemCollection.PROJECTS_BY_STATUS),
                ItemCollection.classify("GSI2", WorkspaceKeys.projectStatusPartition(ProjectStatus.PAUSED, 12, 16)));
        assertEquals(Optional.of(ItemCollection.COURSES_BY_TERM),
                ItemCollection.classify("GSI2", EnrollmentKeys.termPartition("2026-fall", 5, 8)));
        // The unsharded catalogue key is no partition any read uses: only the backfill and the audit meet it.
        assertEquals(Optional.empty(), ItemCollection.classify("GSI2", "TERM#2026-fall"));
        assertEquals(Optional.of(ItemCollection.STUDENT_TERM),
                ItemCollection.classify("GSI2", EnrollmentKeys.studentTermPartition("s1", "2026-fall")));
        assertEquals(Optional.of(ItemCollection.WORKSPACE_PROJECTS_BY_STATUS), ItemCollection.classify("GSI1",
                WorkspaceKeys.workspaceStatusPartition("w1", ProjectStatus.ACTIVE, 1, 2)));
        assertEquals("GSI1", ItemCollection.COURSE_ROSTER.indexName());
        assertEquals(null, ItemCollection.STUDENT.indexName());
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
        assertEquals(Optional.of(ItemCollection.WORKSPACE_SHARD),
                ItemCollection.classify(null, WorkspaceKeys.project("w1", 2, P1).pk()));
    }

    @Test
    void aCollectionOpenedByAnIdBuildsAPartitionThatIsItsOwn() {
        List<ItemCollection> opened = Arrays.stream(ItemCollection.values()).filter(ItemCollection::openedById)
                .toList();
        assertEquals(List.of(ItemCollection.USER, ItemCollection.USER_INVERTED, ItemCollection.HANDLE,
                ItemCollection.HANDLE_PROFILE, ItemCollection.POST_COMMENTS, ItemCollection.STUDENT,
                ItemCollection.COURSE, ItemCollection.COURSE_ROSTER, ItemCollection.WORKSPACE), opened);
        for (ItemCollection collection : opened) {
            assertEquals(Optional.of(collection),
                    ItemCollection.classify(collection.indexName(), collection.partition("Id-1")), collection.name());
        }
        assertEquals(SocialKeys.handlePartition("ann"), ItemCollection.HANDLE.partition("Ann"),
                "a handle opens its claim whatever its case");
        assertThrows(InvalidKeyException.class, () -> ItemCollection.STUDENT.partition("no#hash"));
        assertThrows(IllegalStateException.class, () -> ItemCollection.TIMELINE.partition("2026-05"));
    }

    @Test
    void aPartitionOfAnotherIndexIsNotClassifiedAsOneOfThisIndex() {
        assertEquals(Optional.empty(), ItemCollection.classify("GSI2", SocialKeys.userPartition("u1")));
        assertEquals(Optional.empty(), ItemCollection.classify(null, SocialKeys.timelinePartition("2026-05", 1, 4)));
        assertEquals(Optional.empty(), ItemCollection.classify(null, "USER#not#one"));
    }
}
