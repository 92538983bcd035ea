package dev.trident.keys.pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.IdempotencyKeys;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.WorkspaceKeys;
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
        assertTrue(CollectionReads.declares(EnrollmentKeys.SERVICE, "course-roster",
                EnrollmentKeys.COURSE_ROSTER_COLLECTION));
        assertFalse(CollectionReads.declares(EnrollmentKeys.SERVICE, "course-roster",
                EnrollmentKeys.STUDENT_COLLECTION));
        assertFalse(CollectionReads.declares(SocialKeys.SERVICE, "course-roster",
                EnrollmentKeys.COURSE_ROSTER_COLLECTION));
        List<CollectionReads.Read> roster = CollectionReads.of(EnrollmentKeys.COURSE_ROSTER_COLLECTION);
        assertTrue(roster.stream().anyMatch(r -> r.accessPattern().equals("course-roster")
                && r.routes().equals(EnrollmentKeys.COURSE_ROSTER.routes())), roster.toString());
        int reads = 0;
        for (List<AccessPattern> catalogue : CollectionReads.CATALOGUES.values()) {
            reads += catalogue.stream().mapToInt(p -> p.collections().size()).sum();
        }
        assertEquals(reads, CollectionReads.all().size());
    }

    @Test
    void aPatternReadingTwoCollectionsIsListedUnderEach() {
        List<String> shard = CollectionReads.of(WorkspaceKeys.WORKSPACE_SHARD_COLLECTION).stream()
                .map(CollectionReads.Read::accessPattern).toList();
        List<String> workspace = CollectionReads.of(WorkspaceKeys.WORKSPACE_COLLECTION).stream()
                .map(CollectionReads.Read::accessPattern).toList();
        assertTrue(shard.contains("workspace-projects") && workspace.contains("workspace-projects"));
        assertFalse(shard.contains("workspace-members"), shard.toString());
    }

    @Test
    void aSharedReadCarriesEachServicesOwnRoutes() {
        assertEquals(IdempotencyKeys.IDEMPOTENCY_RECORD.name(), SocialKeys.IDEMPOTENCY_RECORD.name());
        assertTrue(SocialKeys.IDEMPOTENCY_RECORD.routes().contains("POST /users"));
        assertFalse(WorkspaceKeys.IDEMPOTENCY_RECORD.routes().contains("POST /users"));
        assertTrue(IdempotencyKeys.IDEMPOTENCY_RECORD.routes().isEmpty());
    }

    @Test
    void aReadNeedsARoute() {
        assertThrows(IllegalArgumentException.class, () -> new CollectionReads.Read(SocialKeys.USER_COLLECTION,
                SocialKeys.SERVICE, AccessPattern.reads("user", SocialKeys.USER_COLLECTION)));
        assertEquals(Set.of("social-service", "enrollment-service", "workspace-service"), CollectionReads.SERVICES);
    }
}
