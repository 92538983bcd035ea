package dev.trident.keys.pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ItemCollection;
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
    void theRouteTableIsTheCataloguesReads() {
        assertTrue(CollectionReads.declares(EnrollmentPatterns.SERVICE, "course-roster", ItemCollection.COURSE_ROSTER));
        assertFalse(CollectionReads.declares(EnrollmentPatterns.SERVICE, "course-roster", ItemCollection.STUDENT));
        assertFalse(CollectionReads.declares(SocialPatterns.SERVICE, "course-roster", ItemCollection.COURSE_ROSTER));
        List<CollectionReads.Read> roster = CollectionReads.of(ItemCollection.COURSE_ROSTER);
        assertTrue(roster.stream().anyMatch(r -> r.accessPattern().equals("course-roster")
                && r.routes().equals(EnrollmentPatterns.COURSE_ROSTER.routes())), roster.toString());
        int reads = 0;
        for (List<AccessPattern> catalogue : CollectionReads.CATALOGUES.values()) {
            reads += catalogue.stream().mapToInt(p -> p.collections().size()).sum();
        }
        assertEquals(reads, CollectionReads.all().size());
    }

    @Test
    void aPatternReadingTwoCollectionsIsListedUnderEach() {
        List<String> shard = CollectionReads.of(ItemCollection.WORKSPACE_SHARD).stream()
                .map(CollectionReads.Read::accessPattern).toList();
        List<String> workspace = CollectionReads.of(ItemCollection.WORKSPACE).stream()
                .map(CollectionReads.Read::accessPattern).toList();
        assertTrue(shard.contains("workspace-projects") && workspace.contains("workspace-projects"));
        assertFalse(shard.contains("workspace-members"), shard.toString());
    }

    @Test
    void aSharedReadCarriesEachServicesOwnRoutes() {
        assertEquals(SharedPatterns.IDEMPOTENCY_RECORD.name(), SocialPatterns.IDEMPOTENCY_RECORD.name());
        assertTrue(SocialPatterns.IDEMPOTENCY_RECORD.routes().contains("POST /users"));
        assertFalse(WorkspacePatterns.IDEMPOTENCY_RECORD.routes().contains("POST /users"));
        assertTrue(SharedPatterns.IDEMPOTENCY_RECORD.routes().isEmpty());
    }

    @Test
    void aReadNeedsARoute() {
        assertThrows(IllegalArgumentException.class, () -> new CollectionReads.Read(ItemCollection.USER,
                SocialPatterns.SERVICE, AccessPattern.reads("user", ItemCollection.USER)));
        assertEquals(Set.of("social-service", "enrollment-service", "workspace-service"), CollectionReads.SERVICES);
    }
}
