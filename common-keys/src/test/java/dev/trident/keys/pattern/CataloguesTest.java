package dev.trident.keys.pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.ItemCollection;
import dev.trident.keys.TableSchema;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.junit.jupiter.api.Test;

class CataloguesTest {

    private static final List<Class<?>> CATALOGUES =
            List.of(SocialPatterns.class, EnrollmentPatterns.class, WorkspacePatterns.class);

    private static List<Field> patternFields(Class<?> catalogue) {
        List<Field> out = new ArrayList<>();
        for (Field field : catalogue.getDeclaredFields()) {
            if (field.getType() == AccessPattern.class && Modifier.isStatic(field.getModifiers())
                    && Modifier.isPublic(field.getModifiers())) {
                out.add(field);
            }
        }
        return out;
    }

    @Test
    void everyDeclaredPatternIsInItsCataloguesListOnceAndNamedAfterItsConstant() throws Exception {
        for (Class<?> catalogue : CATALOGUES) {
            @SuppressWarnings("unchecked")
            List<AccessPattern> all = (List<AccessPattern>) catalogue.getField("ALL").get(null);
            List<Field> fields = patternFields(catalogue);
            assertEquals(fields.size(), all.size(), catalogue.getSimpleName() + ".ALL lists every pattern once");
            Set<String> names = new HashSet<>();
            for (Field field : fields) {
                AccessPattern pattern = (AccessPattern) field.get(null);
                assertTrue(all.contains(pattern), catalogue.getSimpleName() + ".ALL misses " + field.getName());
                assertEquals(field.getName(), pattern.name().toUpperCase(Locale.ROOT).replace('-', '_'),
                        "the constant is the pattern's name");
                assertTrue(names.add(pattern.name()), "two patterns named " + pattern.name());
            }
        }
    }

    @Test
    void aReadNamesItsRoutesAndAWriteReadsNothing() throws Exception {
        for (Class<?> catalogue : CATALOGUES) {
            for (Field field : patternFields(catalogue)) {
                AccessPattern pattern = (AccessPattern) field.get(null);
                assertEquals(pattern.collections().isEmpty(), pattern.routes().isEmpty(),
                        catalogue.getSimpleName() + "." + field.getName() + ": a read names its routes");
                assertEquals(!pattern.collections().isEmpty(), pattern.isRead(), field.getName());
            }
        }
    }

    @Test
    void theIndexComesFromTheCollectionsRead() {
        assertNull(SocialPatterns.USER_POSTS.index());
        assertEquals(TableSchema.GSI1, EnrollmentPatterns.COURSE_ROSTER.index());
        assertEquals(TableSchema.GSI2, EnrollmentPatterns.STUDENT_TERM_COURSES.index());
        assertThrows(IllegalArgumentException.class,
                () -> AccessPattern.reads("mixed", ItemCollection.COURSE, ItemCollection.COURSE_ROSTER));
    }

    @Test
    void anIndexHasNoStronglyConsistentRead() {
        assertThrows(IllegalStateException.class,
                () -> AccessPattern.reads("roster", ItemCollection.COURSE_ROSTER).consistent());
        assertTrue(SocialPatterns.ERASURE_USER_ITEMS.isConsistent());
        assertFalse(SocialPatterns.USER_POSTS.isConsistent());
    }

    /** What a decision reads, or an answer whose ETag comes back in If-Match, is declared strongly consistent. */
    @Test
    void theReadsThatDecideOrCarryAnETagAreDeclaredStronglyConsistent() {
        for (AccessPattern decides : List.of(SocialPatterns.USER_PROFILE, SocialPatterns.POST, SocialPatterns.COMMENT,
                SocialPatterns.MONTHLY_STATS, EnrollmentPatterns.STUDENT, EnrollmentPatterns.COURSE,
                EnrollmentPatterns.ENROLLMENT, EnrollmentPatterns.GRADE_EDGE_READ,
                EnrollmentPatterns.COURSE_INSTRUCTORS,
                WorkspacePatterns.WORKSPACE_ACCESS, WorkspacePatterns.MEMBER, WorkspacePatterns.PROJECT,
                WorkspacePatterns.ERASURE_WORKSPACE_META, SharedPatterns.ERASURE_RECORD,
                SharedPatterns.IDEMPOTENCY_RECORD, EnrollmentPatterns.IDEMPOTENCY_RECORD)) {
            assertTrue(decides.isConsistent(), decides.name());
        }
        // An enrolment's first reads only copy names onto the edge; its transaction re-checks both sides.
        assertFalse(EnrollmentPatterns.ENROL_STUDENT.isConsistent());
        assertFalse(EnrollmentPatterns.ENROL_COURSE.isConsistent());
    }

    @Test
    void aNameIsLowerCaseWordsJoinedByDashes() {
        assertThrows(IllegalArgumentException.class, () -> AccessPattern.named("Not A Name"));
        assertThrows(IllegalArgumentException.class, () -> AccessPattern.reads("x", new ItemCollection[0]));
        assertThrows(IllegalArgumentException.class, () -> AccessPattern.named("user").routes(new String[0]));
    }

    @Test
    void eachMethodReturnsANewPatternAndLeavesTheDeclarationAlone() {
        AccessPattern declared = AccessPattern.reads("posts", ItemCollection.USER);
        AccessPattern newest = declared.newestFirst().beginsWith("POST#");
        assertFalse(declared.isNewestFirst());
        assertNull(declared.sortKeyPrefix());
        assertTrue(newest.isNewestFirst());
        assertEquals("POST#", newest.sortKeyPrefix());
    }
}
