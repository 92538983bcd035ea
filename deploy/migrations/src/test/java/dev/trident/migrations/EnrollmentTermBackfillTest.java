package dev.trident.migrations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.TableSchema;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The backfill of a student's enrolments by term on a real DynamoDB Local: a fresh table per test, edges as the
 * service wrote them before the term keys existed.
 */
class EnrollmentTermBackfillTest extends LocalTableTest {

    private void course(String courseId, String term) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(TableSchema.PK, s(EnrollmentKeys.course(courseId).pk()));
        item.put(TableSchema.SK, s(EnrollmentKeys.course(courseId).sk()));
        item.put(TableSchema.TYPE, s(EntityType.COURSE.typeName()));
        item.put("courseId", s(courseId));
        item.put(EnrollmentTermBackfill.TERM, s(term));
        dynamo.putItem(r -> r.tableName(table).item(item));
    }

    /** An edge as enrollment-service wrote it before the term list: GSI1 keys, a copy of the term, no GSI2 keys. */
    private void oldEdge(String studentId, String courseId, String courseTerm) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(TableSchema.PK, s(EnrollmentKeys.enrollment(studentId, courseId).pk()));
        item.put(TableSchema.SK, s(EnrollmentKeys.enrollment(studentId, courseId).sk()));
        item.put(TableSchema.GSI1PK, s(EnrollmentKeys.enrollmentIndex(courseId, studentId).pk()));
        item.put(TableSchema.GSI1SK, s(EnrollmentKeys.enrollmentIndex(courseId, studentId).sk()));
        item.put(TableSchema.TYPE, s(EntityType.ENROLLMENT.typeName()));
        item.put("studentId", s(studentId));
        item.put("courseId", s(courseId));
        if (courseTerm != null) {
            item.put(EnrollmentTermBackfill.COURSE_TERM, s(courseTerm));
        }
        item.put(TableSchema.VERSION, AttributeValue.fromN("1"));
        dynamo.putItem(r -> r.tableName(table).item(item));
    }

    /** The course ids of a student's enrolments in a term, as enrollment-service reads them (one Query on GSI2). */
    private List<String> termCourses(String studentId, String term) {
        return dynamo.queryPaginator(r -> r.tableName(table).indexName(TableSchema.GSI2)
                        .keyConditionExpression("#pk = :pk")
                        .expressionAttributeNames(Map.of("#pk", TableSchema.GSI2PK))
                        .expressionAttributeValues(Map.of(":pk",
                                s(EnrollmentKeys.STUDENT_TERM_COLLECTION.partitionOf(studentId, term)))))
                .items().stream().map(item -> EnrollmentKeys.parseCoursePk(item.get(TableSchema.GSI2SK).s()))
                .toList();
    }

    private Map<String, AttributeValue> edge(String studentId, String courseId) {
        return dynamo.getItem(r -> r.tableName(table).consistentRead(true)
                .key(EnrollmentKeys.enrollment(studentId, courseId).toAttributes())).item();
    }

    private EnrollmentTermBackfill backfill(int segments, int pageSize, String stateName) {
        return new EnrollmentTermBackfill(dynamo, table, segments, pageSize, dir.resolve(stateName));
    }

    @Test
    void edgesWrittenWithoutTermKeysGetThemAndARerunChangesNothing() throws Exception {
        List<String> fall = IntStream.range(0, 6).mapToObj(i -> "fall-" + i).toList();
        List<String> spring = IntStream.range(0, 4).mapToObj(i -> "spring-" + i).toList();
        fall.forEach(id -> course(id, "2026-fall"));
        spring.forEach(id -> course(id, "2027-spring"));
        for (String student : List.of("ada", "grace")) {
            fall.forEach(id -> oldEdge(student, id, "2026-fall"));
            spring.forEach(id -> oldEdge(student, id, "2027-spring"));
        }
        // An edge with no term copy and whose course is gone: nothing to key it by, reported and left alone.
        oldEdge("ada", "vanished", null);
        // Not an edge: a course and a student stay out of the students' term lists.
        dynamo.putItem(r -> r.tableName(table).item(Map.of(TableSchema.PK, s(EnrollmentKeys.student("ada").pk()),
                TableSchema.SK, s(EnrollmentKeys.student("ada").sk()), TableSchema.TYPE,
                s(EntityType.STUDENT.typeName()), EnrollmentTermBackfill.COURSE_TERM, s("2026-fall"))));
        assertEquals(List.of(), termCourses("ada", "2026-fall"));

        EnrollmentTermBackfill firstRun = backfill(4, 3, "first.state");
        BackfillReport first = firstRun.run(0);
        assertTrue(first.finished());
        assertEquals(21, first.read());
        assertEquals(20, first.written());
        assertEquals(0, firstRun.termCorrected());
        assertEquals(1, first.left().size());
        assertTrue(first.left().get(0).startsWith("STU#ada/ENROLL#CRS#vanished"),
                first.left()::toString);
        for (String student : List.of("ada", "grace")) {
            assertEquals(fall.stream().sorted().toList(), termCourses(student, "2026-fall"));
            assertEquals(spring.stream().sorted().toList(), termCourses(student, "2027-spring"));
        }
        assertNull(edge("ada", "vanished").get(TableSchema.GSI2PK));
        Map<String, AttributeValue> student = dynamo.getItem(r -> r.tableName(table)
                .key(EnrollmentKeys.student("ada").toAttributes())).item();
        assertNull(student.get(TableSchema.GSI2PK));
        assertEquals("STU#grace#TERM#2026-fall", edge("grace", "fall-3").get(TableSchema.GSI2PK).s());
        assertEquals("CRS#fall-3", edge("grace", "fall-3").get(TableSchema.GSI2SK).s());

        // A second run from scratch reads every edge again and writes nothing: the table is exactly as it was.
        List<Map<String, AttributeValue>> before = everything();
        BackfillReport second = backfill(3, 7, "second.state").run(0);
        assertEquals(0, second.written());
        assertEquals(20, second.alreadyDone());
        assertEquals(before, everything());
    }

    @Test
    void anEdgeWhoseCopyOfTheTermWentStaleIsKeyedAndCorrectedByItsCoursesTerm() throws Exception {
        course("moved", "2027-spring");
        // Enrolled while the course was in 2026-fall, then the course moved (before the service refused that).
        oldEdge("ada", "moved", "2026-fall");
        // A course being deleted: its edge keeps the term it copied.
        oldEdge("ada", "deleting", "2026-fall");
        EnrollmentTermBackfill backfill = backfill(1, 10, "moved.state");
        BackfillReport report = backfill.run(0);
        assertEquals(2, report.written());
        assertEquals(1, backfill.termCorrected());
        assertEquals(List.of("moved"), termCourses("ada", "2027-spring"));
        assertEquals("2027-spring", edge("ada", "moved").get(EnrollmentTermBackfill.COURSE_TERM).s());
        assertEquals(List.of("deleting"), termCourses("ada", "2026-fall"));
    }

    @Test
    void aRunInterruptedAfterTenEdgesResumesFromItsSavedPosition() throws Exception {
        course("c1", "2026-fall");
        List<String> students = IntStream.range(0, 25).mapToObj(i -> String.format("s-%02d", i)).toList();
        students.forEach(id -> oldEdge(id, "c1", "2026-fall"));

        BackfillReport interrupted = backfill(1, 5, "run.state").run(10);
        assertFalse(interrupted.finished());
        assertEquals(10, interrupted.read());
        assertEquals(10, interrupted.written());
        assertTrue(Files.readString(dir.resolve("run.state")).contains("segment.0=PK="));

        BackfillReport resumed = backfill(1, 5, "run.state").run(0);
        assertTrue(resumed.finished());
        assertEquals(15, resumed.read());
        assertEquals(15, resumed.written());
        assertEquals(0, resumed.alreadyDone());
        for (String student : students) {
            assertEquals(List.of("c1"), termCourses(student, "2026-fall"), student);
        }
        assertEquals(0, backfill(1, 5, "run.state").run(0).read());
        assertThrows(IllegalArgumentException.class, () -> backfill(2, 5, "run.state"));
    }
}
