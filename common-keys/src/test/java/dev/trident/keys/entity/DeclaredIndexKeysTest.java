package dev.trident.keys.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.ItemCollection;
import dev.trident.keys.ItemKey;
import dev.trident.keys.TableSchema;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An entity schema that declares no index function writes the index keys its type's key declaration states, each
 * part from the attribute of its name, from the attribute the declaration names, or derived; the term list of a
 * student is the example: nothing but the declaration in {@link EnrollmentKeys} makes its key.
 */
class DeclaredIndexKeysTest {

    record Edge(String studentId, String courseId, String courseTerm) {
    }

    record Course(String courseId, String term) {
    }

    static final Attribute<String> STUDENT_ID = Attribute.string("studentId");
    static final Attribute<String> COURSE_ID = Attribute.string("courseId");
    static final Attribute<String> COURSE_TERM = Attribute.string("courseTerm");
    static final Attribute<String> TERM = Attribute.string("term");
    static final KeyInput<Integer> SHARDS = KeyInput.named(EnrollmentKeys.CATALOGUE_SHARDS_INPUT);

    static final EntitySchema<Edge> EDGE = EntitySchema
            .of(EntityType.ENROLLMENT, (Edge e) -> EnrollmentKeys.enrollment(e.studentId(), e.courseId()))
            .attribute(STUDENT_ID, Edge::studentId)
            .attribute(COURSE_ID, Edge::courseId)
            .attribute(COURSE_TERM, Edge::courseTerm)
            .reads(item -> new Edge(STUDENT_ID.read(item), COURSE_ID.read(item), COURSE_TERM.read(item)));

    static final EntitySchema<Course> COURSE = EntitySchema
            .of(EntityType.COURSE, (Course c) -> EnrollmentKeys.course(c.courseId()))
            .attribute(COURSE_ID, Course::courseId)
            .attribute(TERM, Course::term)
            .reads(item -> new Course(COURSE_ID.read(item), TERM.read(item)));

    private static String s(Map<String, AttributeValue> item, String name) {
        return Optional.ofNullable(item.get(name)).map(AttributeValue::s).orElse(null);
    }

    @Test
    void anEdgeIsKeyedInTheRosterAndInItsStudentsTermFromTheDeclarationAlone() {
        Map<String, AttributeValue> item = EDGE.toItem(new Edge("grace", "cs101", "2026-fall"));

        assertEquals(new ItemKey("STU#grace", "ENROLL#CRS#cs101"), new ItemKey(s(item, "PK"), s(item, "SK")));
        assertEquals("CRS#cs101", s(item, TableSchema.GSI1PK));
        assertEquals("STU#grace", s(item, TableSchema.GSI1SK));
        assertEquals("STU#grace#TERM#2026-fall", s(item, TableSchema.GSI2PK), "the term part is the courseTerm");
        assertEquals("CRS#cs101", s(item, TableSchema.GSI2SK));
        assertEquals(Optional.of(EnrollmentKeys.STUDENT_TERM_COLLECTION),
                ItemCollection.classify(TableSchema.GSI2, s(item, TableSchema.GSI2PK)));
        assertEquals(EnrollmentKeys.STUDENT_TERM_COLLECTION.partitionOf("grace", "2026-fall"),
                s(item, TableSchema.GSI2PK), "the pattern's partition is the key the item was written under");
        assertEquals(EnrollmentKeys.STUDENT_TERM_COLLECTION, EnrollmentKeys.STUDENT_TERM_COURSES.collections().get(0));
    }

    @Test
    void anEdgeWithoutATermIsInNoTermList() {
        Map<String, AttributeValue> item = EDGE.toItem(new Edge("grace", "cs101", null));

        assertEquals("CRS#cs101", s(item, TableSchema.GSI1PK));
        assertEquals(null, s(item, TableSchema.GSI2PK));
        assertEquals(null, s(item, TableSchema.GSI2SK));
    }

    @Test
    void aCoursesCatalogueShardIsDerivedFromItsIdAndTheBoundShardCount() {
        Map<String, AttributeValue> item =
                COURSE.with(KeyInputs.of(SHARDS, 8)).toItem(new Course("cs101", "2026-fall"));

        assertEquals("CRS#cs101", s(item, TableSchema.GSI1PK));
        assertEquals("METADATA", s(item, TableSchema.GSI1SK));
        assertEquals(EnrollmentKeys.termPartition("2026-fall", EnrollmentKeys.catalogueShard("cs101", 8), 8),
                s(item, TableSchema.GSI2PK));
        assertEquals("cs101", s(item, TableSchema.GSI2SK));
        assertThrows(IllegalStateException.class, () -> COURSE.toItem(new Course("cs101", "2026-fall")),
                "a course written without its shard count is a mistake, not a course outside the catalogue");
    }
}
