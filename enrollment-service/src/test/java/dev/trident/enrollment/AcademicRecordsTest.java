package dev.trident.enrollment;

import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.enrollment.service.StudentDeletion;
import dev.trident.keys.AccessPattern;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.ErasureKeys;
import dev.trident.keys.ItemKey;
import dev.trident.keys.TableDefinition;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.Transaction;
import dev.trident.support.erasure.ErasureRecords;
import dev.trident.support.work.PendingWork;
import dev.trident.support.work.WorkRunner;
import dev.trident.support.work.WorkTask;
import dev.trident.testing.TestTable;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * docs/api.md "Who may do what": graded enrollments are academic records. A student's own deletion with a graded
 * enrollment is a 409 naming the courses and deletes nothing; a grade set while such a deletion runs stays; the
 * account erasure keeps graded enrollments and counts them on the record; registering again finds them. Each case is
 * read back from the table.
 */
@QuarkusTest
class AcademicRecordsTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;
    @Inject
    DynamoTable dynamoTable;
    @Inject
    WorkRunner runner;
    @Inject
    PendingWork work;

    private Map<String, AttributeValue> stored(ItemKey key) {
        return dynamo.getItem(r -> r.tableName(table.tableName()).key(key.toAttributes()).consistentRead(true))
                .join().item();
    }

    private static List<Map<String, AttributeValue>> partition(String pk) {
        return TestTable.holding("trident", pk);
    }

    /** Does a task now, as the request or the poll would, holding it from the start. */
    private void perform(String kind, String id, String scope) {
        WorkTask task = runner.heldTask(StudentDeletion.SERVICE, kind, id, scope);
        work.enqueueNow(task).await().atMost(WAIT);
        assertTrue(runner.performHeld(task, WAIT).await().atMost(WAIT), "the task finished");
    }

    @Test
    void aStudentWithAGradedEnrollmentCannotDeleteThemselvesAndNothingIsDeleted() {
        String student = Api.newStudent("graded-self");
        String graded = Api.newCourse("record", null);
        String free = Api.newCourse("free", null);
        Api.enroll(student, graded).then().statusCode(201);
        Api.enroll(student, free).then().statusCode(201);
        Api.grade(student, graded, null, "F").then().statusCode(200);
        List<Map<String, AttributeValue>> before = partition("STU#" + student);

        Api.as(student).delete("/students/{id}", student).then().statusCode(409)
                .contentType("application/problem+json")
                .body("detail", allOf(containsString(graded), not(containsString(free))));

        assertEquals(before, partition("STU#" + student), "profile and both enrolments as they were");
        assertEquals(1, Api.enrolledCount(graded));
        assertEquals(1, Api.enrolledCount(free));
        assertEquals(List.of(), TestTable.holding("trident", "TASK#delete-student#" + student));
        // Re-registering and enrolling again cannot reset the grade: the edge is still there.
        Api.as(student).put("/students/{sid}/courses/{cid}", student, graded).then().statusCode(409);
        Api.as(student).get("/students/{sid}/courses/{cid}", student, graded).then().statusCode(200)
                .body("grade", equalTo("F"));
    }

    @Test
    void theRegistrarStillDeletesAStudentWithGradedEnrollments() {
        String student = Api.newStudent("graded-by-registrar");
        String course = Api.newCourse("record", null);
        Api.enroll(student, course).then().statusCode(201);
        Api.grade(student, course, null, "B").then().statusCode(200);

        Api.as(Api.uniqueId("registrar"), Api.REGISTRAR).delete("/students/{id}", student).then().statusCode(204);
        assertEquals(List.of(), partition("STU#" + student));
        assertEquals(0, Api.enrolledCount(course));
    }

    @Test
    void aGradeSetAfterAStudentsOwnDeletionWasAcceptedStaysWithItsEdge() {
        String student = Api.newStudent("graded-late");
        String graded = Api.newCourse("late-grade", null);
        String free = Api.newCourse("late-free", null);
        Api.enroll(student, graded).then().statusCode(201);
        Api.enroll(student, free).then().statusCode(201);
        // The deletion was accepted (no grade then): the profile is gone, the task carries the student's scope; the
        // grade lands before the sweep reaches the edge.
        dynamo.deleteItem(r -> r.tableName(table.tableName()).key(EnrollmentKeys.student(student).toAttributes()))
                .join();
        Api.grade(student, graded, null, "D").then().statusCode(200);

        perform(StudentDeletion.DELETE_STUDENT, student, "keep-graded");

        assertEquals("D", stored(EnrollmentKeys.enrollment(student, graded)).get("grade").s());
        assertTrue(stored(EnrollmentKeys.enrollment(student, free)).isEmpty());
        assertEquals(1, Api.enrolledCount(graded), "the kept edge keeps its seat");
        assertEquals(0, Api.enrolledCount(free));
        assertEquals(List.of(), TestTable.holding("trident", "TASK#delete-student#" + student));
    }

    @Test
    void accountErasureKeepsGradedEnrollmentsCountsThemAndRegisteringAgainFindsThem() {
        String student = Api.newStudent("erased");
        String graded = Api.newCourse("kept", null);
        String free = Api.newCourse("erased", null);
        Api.enroll(student, graded).then().statusCode(201);
        Api.enroll(student, free).then().statusCode(201);
        Api.grade(student, graded, null, "A-").then().statusCode(200);
        dynamoTable.transact(AccessPattern.named("test-erasure-request"), Transaction.of()
                .include(ErasureRecords.request(ErasureRecords.requested(student, Instant.now()))))
                .await().atMost(WAIT);
        try {
            perform(ErasureRecords.KIND, student, null);

            List<Map<String, AttributeValue>> left = partition("STU#" + student);
            assertEquals(1, left.size(), () -> "only the graded enrolment is left: " + left);
            assertEquals(EnrollmentKeys.enrollment(student, graded).sk(), left.get(0).get("SK").s());
            assertEquals("A-", left.get(0).get("grade").s());
            assertEquals(1, Api.enrolledCount(graded));
            assertEquals(0, Api.enrolledCount(free));
            Map<String, AttributeValue> record = stored(ErasureKeys.record(student));
            assertEquals("DONE", record.get("enrollmentStatus").s());
            assertEquals("1", record.get("enrollmentKept").n(), "the kept enrolment is counted on the record");
            assertEquals("2", record.get("enrollmentErased").n(), "profile and the ungraded enrolment");

            Api.putStudent(student, Map.of("year", 3, "major", "History")).then().statusCode(201);
            Api.as(student).get("/students/{id}/courses", student).then().statusCode(200)
                    .body("items.courseId", equalTo(List.of(graded))).body("items[0].grade", equalTo("A-"));
        } finally {
            for (String part : ErasureRecords.PARTS) {
                dynamo.deleteItem(r -> r.tableName(table.tableName())
                        .key(dev.trident.keys.WorkKeys.task(part, ErasureRecords.KIND, student).toAttributes())).join();
            }
        }
    }

    @Test
    void deletesHonourIfMatchAndAStaleOneDeletesNothing() {
        String student = Api.newStudent("if-match");
        String course = Api.newCourse("if-match", null);
        String studentTag = Api.asStaff().get("/students/{id}", student).then().statusCode(200).extract()
                .header("ETag");
        String courseTag = Api.asStaff().get("/courses/{id}", course).then().statusCode(200).extract().header("ETag");
        Api.putStudent(student, Map.of("year", 4, "major", "Art")).then().statusCode(200);
        Api.putCourse(course, Api.course("Renamed", 5, "2026-fall", null)).then().statusCode(200);

        Api.as(student).header("If-Match", studentTag).delete("/students/{id}", student).then().statusCode(412)
                .contentType("application/problem+json");
        Api.asStaff().header("If-Match", courseTag).delete("/courses/{id}", course).then().statusCode(412)
                .contentType("application/problem+json");
        assertTrue(!stored(EnrollmentKeys.student(student)).isEmpty(), "a stale If-Match deletes nothing");
        assertTrue(!stored(EnrollmentKeys.course(course)).isEmpty());

        String currentStudent = Api.asStaff().get("/students/{id}", student).then().extract().header("ETag");
        String currentCourse = Api.asStaff().get("/courses/{id}", course).then().extract().header("ETag");
        Api.as(student).header("If-Match", "W/" + currentStudent).delete("/students/{id}", student).then()
                .statusCode(412);
        Api.asStaff().header("If-Match", "W/" + currentCourse).delete("/courses/{id}", course).then().statusCode(412);
        assertTrue(!stored(EnrollmentKeys.student(student)).isEmpty(), "a weak tag never matches If-Match");

        Api.as(student).header("If-Match", currentStudent).delete("/students/{id}", student).then().statusCode(204);
        Api.asStaff().header("If-Match", currentCourse).delete("/courses/{id}", course).then().statusCode(204);
        assertTrue(stored(EnrollmentKeys.student(student)).isEmpty());
        assertTrue(stored(EnrollmentKeys.course(course)).isEmpty());
    }

    @Test
    void aWeakTagNeverSatisfiesAGradesIfMatch() {
        String student = Api.newStudent("weak");
        String course = Api.newCourse("weak", null);
        Api.enroll(student, course).then().statusCode(201).header("ETag", "\"1\"");
        Api.grade(student, course, "W/\"1\"", "C").then().statusCode(412).contentType("application/problem+json");
        assertTrue(!stored(EnrollmentKeys.enrollment(student, course)).containsKey("grade"));
        Api.grade(student, course, "\"1\"", "C").then().statusCode(200);
    }
}
