package dev.trident.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CollectionReadsTest {

    @Test
    void eachServicePatternAndCollectionIsDeclaredOnce() {
        Set<String> seen = new HashSet<>();
        for (CollectionReads.Read read : CollectionReads.all()) {
            assertTrue(seen.add(read.service() + " " + read.accessPattern() + " " + read.collection()),
                    "declared twice: " + read);
        }
    }

    @Test
    void theRosterIsReadByTheEnrollmentRosterRoutes() {
        assertTrue(CollectionReads.declares(CollectionReads.ENROLLMENT, "course-roster", ItemCollection.COURSE_ROSTER));
        assertFalse(CollectionReads.declares(CollectionReads.ENROLLMENT, "course-roster", ItemCollection.STUDENT));
        assertFalse(CollectionReads.declares(CollectionReads.SOCIAL, "course-roster", ItemCollection.COURSE_ROSTER));
        List<CollectionReads.Read> roster = CollectionReads.of(ItemCollection.COURSE_ROSTER);
        assertTrue(roster.stream().anyMatch(r -> r.routes().contains("GET /courses/{courseId}/students")), roster.toString());
    }

    @Test
    void aReadNeedsAServiceAPatternNameAndARoute() {
        assertThrows(IllegalArgumentException.class,
                () -> new CollectionReads.Read(ItemCollection.USER, "explorer", "user", List.of("GET /x")));
        assertThrows(IllegalArgumentException.class,
                () -> new CollectionReads.Read(ItemCollection.USER, CollectionReads.SOCIAL, "Not A Name", List.of("GET /x")));
        assertThrows(IllegalArgumentException.class,
                () -> new CollectionReads.Read(ItemCollection.USER, CollectionReads.SOCIAL, "user", List.of()));
        assertEquals(3, CollectionReads.SERVICES.size());
    }
}
