package dev.trident.migrations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.TableSchema;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The catalogue backfill on a real DynamoDB Local: a fresh table per test, items as the service wrote them before. */
class CourseTermBackfillTest extends LocalTableTest {

    /** A course item as enrollment-service wrote it before the catalogue: GSI1 keys, no GSI2 keys. */
    private void oldCourse(String courseId, String term) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(TableSchema.PK, s(EnrollmentKeys.course(courseId).pk()));
        item.put(TableSchema.SK, s(EnrollmentKeys.course(courseId).sk()));
        item.put(TableSchema.GSI1PK, s(EnrollmentKeys.courseIndex(courseId).pk()));
        item.put(TableSchema.GSI1SK, s(EnrollmentKeys.courseIndex(courseId).sk()));
        item.put(TableSchema.TYPE, s(EntityType.COURSE.typeName()));
        item.put("courseId", s(courseId));
        item.put("title", s("Course " + courseId));
        item.put("credits", AttributeValue.fromN("5"));
        item.put(CourseTermBackfill.TERM, s(term));
        item.put("enrolledCount", AttributeValue.fromN("0"));
        item.put(TableSchema.VERSION, AttributeValue.fromN("1"));
        dynamo.putItem(r -> r.tableName(table).item(item));
    }

    private static final int SHARDS = EnrollmentKeys.DEFAULT_CATALOGUE_SHARDS;

    /**
     * The course ids of a term's catalogue, as enrollment-service reads it (one Query on GSI2 per shard), merged by
     * course id; each course also checked to be on its own shard.
     */
    private List<String> catalogue(String term) {
        List<String> ids = new ArrayList<>();
        for (int shard = 0; shard < SHARDS; shard++) {
            String partition = EnrollmentKeys.termPartition(term, shard, SHARDS);
            for (Map<String, AttributeValue> item : dynamo.queryPaginator(r -> r.tableName(table)
                    .indexName(TableSchema.GSI2).keyConditionExpression("#pk = :pk")
                    .expressionAttributeNames(Map.of("#pk", TableSchema.GSI2PK))
                    .expressionAttributeValues(Map.of(":pk", s(partition)))).items()) {
                String id = EnrollmentKeys.parseTermSk(item.get(TableSchema.GSI2SK).s());
                assertEquals(EnrollmentKeys.catalogueShard(id, SHARDS), shard, id);
                ids.add(id);
            }
        }
        return ids.stream().sorted().toList();
    }

    private CourseTermBackfill backfill(int segments, int pageSize, String stateName) {
        return new CourseTermBackfill(dynamo, table, segments, pageSize, dir.resolve(stateName), SHARDS);
    }

    /** Sets a course's GSI2 keys as an older release wrote them. */
    private void indexAs(String courseId, String gsi2pk) {
        dynamo.updateItem(r -> r.tableName(table).key(EnrollmentKeys.course(courseId).toAttributes())
                .updateExpression("SET GSI2PK = :pk, GSI2SK = :sk")
                .expressionAttributeValues(Map.of(":pk", s(gsi2pk), ":sk", s(courseId))));
    }

    @Test
    void coursesOnTheUnshardedTermKeyMoveToTheirShardAndARerunWritesNothing() throws Exception {
        List<String> ids = IntStream.range(0, 40).mapToObj(i -> String.format("c-%02d", i)).toList();
        ids.forEach(id -> {
            oldCourse(id, "2026-fall");
            indexAs(id, "TERM#2026-fall");
        });
        assertEquals(List.of(), catalogue("2026-fall"));

        BackfillReport first = backfill(4, 7, "unsharded.state").run(0);
        assertEquals(40, first.written());
        assertEquals(ids, catalogue("2026-fall"));
        assertTrue(everything().stream().noneMatch(item -> item.containsKey(TableSchema.GSI2PK)
                && item.get(TableSchema.GSI2PK).s().equals("TERM#2026-fall")), "no course left on the old key");
        assertTrue(ids.stream().map(id -> EnrollmentKeys.catalogueShard(id, SHARDS)).distinct().count() > 4,
                "the courses spread over the shards");

        List<Map<String, AttributeValue>> before = everything();
        BackfillReport second = backfill(2, 7, "unsharded-again.state").run(0);
        assertEquals(0, second.written());
        assertEquals(40, second.alreadyDone());
        assertEquals(before, everything());
    }

    @Test
    void aCourseWhoseKeyChangedAfterTheScanReadItIsLeftAsTheServiceWroteIt() throws Exception {
        oldCourse("raced", "2026-fall");
        indexAs("raced", "TERM#2026-fall");
        String serviceKey = "TERM#2026-fall#" + EnrollmentKeys.catalogueShard("raced", 16);
        // Between the Scan and the move, a replica running with 16 shards rewrites the key (same term).
        AtomicBoolean changed = new AtomicBoolean();
        DynamoDbClient client = (DynamoDbClient) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {DynamoDbClient.class}, (proxy, method, args) -> {
                    if (method.getName().equals("updateItem") && changed.compareAndSet(false, true)) {
                        indexAs("raced", serviceKey);
                    }
                    try {
                        return method.invoke(dynamo, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        BackfillReport report = new CourseTermBackfill(client, table, 1, 10, dir.resolve("raced.state"), SHARDS)
                .run(0);
        assertEquals(0, report.written());
        assertEquals(1, report.changedMeanwhile());
        assertEquals(serviceKey, dynamo.getItem(r -> r.tableName(table)
                .key(EnrollmentKeys.course("raced").toAttributes())).item().get(TableSchema.GSI2PK).s());
    }

    @Test
    void coursesWrittenWithoutCatalogueKeysGetThemAndARerunChangesNothing() throws Exception {
        List<String> fall = IntStream.range(0, 12).mapToObj(i -> "fall-" + i).toList();
        List<String> spring = IntStream.range(0, 9).mapToObj(i -> "spring-" + i).toList();
        fall.forEach(id -> oldCourse(id, "2026-fall"));
        spring.forEach(id -> oldCourse(id, "2027-spring"));
        // Written with a term the key grammar refuses: reported, left as it is.
        oldCourse("hashed", "2026#fall");
        // Not a course: a student and an enrolment edge stay out of the catalogue.
        dynamo.putItem(r -> r.tableName(table).item(Map.of(TableSchema.PK, s(EnrollmentKeys.student("s1").pk()),
                TableSchema.SK, s(EnrollmentKeys.student("s1").sk()), TableSchema.TYPE,
                s(EntityType.STUDENT.typeName()), CourseTermBackfill.TERM, s("2026-fall"))));
        assertEquals(List.of(), catalogue("2026-fall"));

        BackfillReport first = backfill(4, 5, "first.state").run(0);
        assertTrue(first.finished());
        assertEquals(22, first.read());
        assertEquals(21, first.written());
        assertEquals(1, first.left().size());
        assertTrue(first.left().get(0).startsWith("CRS#hashed"), first.left()::toString);
        assertEquals(fall.stream().sorted().toList(), catalogue("2026-fall"));
        assertEquals(spring.stream().sorted().toList(), catalogue("2027-spring"));
        Map<String, AttributeValue> hashed = dynamo.getItem(r -> r.tableName(table)
                .key(EnrollmentKeys.course("hashed").toAttributes())).item();
        assertNull(hashed.get(TableSchema.GSI2PK));
        Map<String, AttributeValue> student = dynamo.getItem(r -> r.tableName(table)
                .key(EnrollmentKeys.student("s1").toAttributes())).item();
        assertNull(student.get(TableSchema.GSI2PK));

        // A second run from scratch reads every course again and writes nothing: the table is exactly as it was.
        List<Map<String, AttributeValue>> before = everything();
        BackfillReport second = backfill(3, 7, "second.state").run(0);
        assertEquals(0, second.written());
        assertEquals(21, second.alreadyDone());
        assertEquals(before, everything());
    }

    @Test
    void aCourseIndexedUnderAnOldTermMovesToItsTerm() throws Exception {
        oldCourse("moved", "2027-spring");
        // GSI2 keys of a term the course no longer has (an update by a replica that did not write them yet).
        indexAs("moved", EnrollmentKeys.courseTermIndex("2026-fall", "moved", SHARDS).pk());
        assertEquals(List.of("moved"), catalogue("2026-fall"));
        BackfillReport report = backfill(1, 10, "moved.state").run(0);
        assertEquals(1, report.written());
        assertEquals(List.of(), catalogue("2026-fall"));
        assertEquals(List.of("moved"), catalogue("2027-spring"));
    }

    @Test
    void aRunInterruptedAfterTenCoursesResumesFromItsSavedPosition() throws Exception {
        List<String> ids = IntStream.range(0, 25).mapToObj(i -> String.format("c-%02d", i)).toList();
        ids.forEach(id -> oldCourse(id, "2026-fall"));

        BackfillReport interrupted = backfill(1, 5, "run.state").run(10);
        assertFalse(interrupted.finished());
        assertEquals(10, interrupted.read());
        assertEquals(10, interrupted.written());
        assertEquals(10, catalogue("2026-fall").size());
        assertTrue(Files.readString(dir.resolve("run.state")).contains("segment.0=PK="));

        // The same state file: the run goes on after the ten, it does not read them again.
        BackfillReport resumed = backfill(1, 5, "run.state").run(0);
        assertTrue(resumed.finished());
        assertEquals(15, resumed.read());
        assertEquals(15, resumed.written());
        assertEquals(0, resumed.alreadyDone());
        assertEquals(ids, catalogue("2026-fall"));

        // A finished run does nothing more; the state refuses another table or another split.
        assertEquals(0, backfill(1, 5, "run.state").run(0).read());
        assertThrows(IllegalArgumentException.class, () -> backfill(2, 5, "run.state"));
        assertThrows(IllegalArgumentException.class,
                () -> new CourseTermBackfill(dynamo, "another-table", 1, 5, dir.resolve("run.state"), SHARDS));
    }
}
