package dev.trident.keys.pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.ErasureKeys;
import dev.trident.keys.IdempotencyKeys;
import dev.trident.keys.ItemCollection;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkKeys;
import dev.trident.keys.WorkspaceKeys;
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
            List.of(SocialKeys.class, EnrollmentKeys.class, WorkspaceKeys.class);

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
            List<AccessPattern> all = (List<AccessPattern>) catalogue.getField("PATTERNS").get(null);
            List<Field> fields = patternFields(catalogue);
            assertEquals(fields.size(), all.size(), catalogue.getSimpleName() + ".PATTERNS lists every pattern once");
            Set<String> names = new HashSet<>();
            for (Field field : fields) {
                AccessPattern pattern = (AccessPattern) field.get(null);
                assertTrue(all.contains(pattern), catalogue.getSimpleName() + ".PATTERNS misses " + field.getName());
                assertEquals(field.getName(), pattern.name().toUpperCase(Locale.ROOT).replace('-', '_'),
                        "the constant is the pattern's name");
                assertTrue(names.add(pattern.name()), "two patterns named " + pattern.name());
            }
        }
    }

    @Test
    void everyDeclaredCollectionIsInItsDomainsListOnceAndNamedAfterItsConstant() throws Exception {
        List<ItemCollection> gathered = new ArrayList<>();
        for (Class<?> domain : List.of(SocialKeys.class, EnrollmentKeys.class, WorkspaceKeys.class,
                IdempotencyKeys.class, ErasureKeys.class, WorkKeys.class)) {
            @SuppressWarnings("unchecked")
            List<ItemCollection> listed = (List<ItemCollection>) domain.getField("COLLECTIONS").get(null);
            int declared = 0;
            for (Field field : domain.getDeclaredFields()) {
                if (field.getType() == ItemCollection.class) {
                    ItemCollection collection = (ItemCollection) field.get(null);
                    assertTrue(listed.contains(collection), domain.getSimpleName() + " misses " + field.getName());
                    assertEquals(field.getName(), collection.name() + "_COLLECTION");
                    declared++;
                }
            }
            assertEquals(declared, listed.size(), domain.getSimpleName() + ".COLLECTIONS lists each once");
            gathered.addAll(listed);
        }
        assertEquals(gathered, ItemCollection.values(), "the registry is every domain's collections, in order");
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
        assertNull(SocialKeys.USER_POSTS.index());
        assertEquals(TableSchema.GSI1, EnrollmentKeys.COURSE_ROSTER.index());
        assertEquals(TableSchema.GSI2, EnrollmentKeys.STUDENT_TERM_COURSES.index());
        assertThrows(IllegalArgumentException.class,
                () -> AccessPattern.reads("mixed", EnrollmentKeys.COURSE_COLLECTION,
                        EnrollmentKeys.COURSE_ROSTER_COLLECTION));
    }

    @Test
    void anIndexHasNoStronglyConsistentRead() {
        assertThrows(IllegalStateException.class,
                () -> AccessPattern.reads("roster", EnrollmentKeys.COURSE_ROSTER_COLLECTION).consistent());
        assertTrue(SocialKeys.ERASURE_USER_ITEMS.isConsistent());
        assertFalse(SocialKeys.USER_POSTS.isConsistent());
    }

    /** What a decision reads, or an answer whose ETag comes back in If-Match, is declared strongly consistent. */
    @Test
    void theReadsThatDecideOrCarryAnETagAreDeclaredStronglyConsistent() {
        for (AccessPattern decides : List.of(SocialKeys.USER_PROFILE, SocialKeys.POST, SocialKeys.COMMENT,
                SocialKeys.MONTHLY_STATS, EnrollmentKeys.STUDENT, EnrollmentKeys.COURSE,
                EnrollmentKeys.ENROLLMENT, EnrollmentKeys.GRADE_EDGE_READ,
                EnrollmentKeys.COURSE_INSTRUCTORS,
                WorkspaceKeys.WORKSPACE_ACCESS, WorkspaceKeys.MEMBER, WorkspaceKeys.PROJECT,
                WorkspaceKeys.ERASURE_WORKSPACE_META, ErasureKeys.ERASURE_RECORD,
                IdempotencyKeys.IDEMPOTENCY_RECORD, EnrollmentKeys.IDEMPOTENCY_RECORD)) {
            assertTrue(decides.isConsistent(), decides.name());
        }
        // An enrolment's first reads only copy names onto the edge; its transaction re-checks both sides.
        assertFalse(EnrollmentKeys.ENROL_STUDENT.isConsistent());
        assertFalse(EnrollmentKeys.ENROL_COURSE.isConsistent());
    }

    @Test
    void aNameIsLowerCaseWordsJoinedByDashes() {
        assertThrows(IllegalArgumentException.class, () -> AccessPattern.named("Not A Name"));
        assertThrows(IllegalArgumentException.class, () -> AccessPattern.reads("x", new ItemCollection[0]));
        assertThrows(IllegalArgumentException.class, () -> AccessPattern.named("user").routes(new String[0]));
    }

    @Test
    void eachMethodReturnsANewPatternAndLeavesTheDeclarationAlone() {
        AccessPattern declared = AccessPattern.reads("posts", SocialKeys.USER_COLLECTION);
        AccessPattern newest = declared.newestFirst().beginsWith("POST#");
        assertFalse(declared.isNewestFirst());
        assertNull(declared.sortKeyPrefix());
        assertTrue(newest.isNewestFirst());
        assertEquals("POST#", newest.sortKeyPrefix());
    }
}
