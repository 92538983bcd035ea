package dev.trident.enrollment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.enrollment.service.CourseDeletion;
import dev.trident.enrollment.service.StudentDeletion;
import dev.trident.keys.WorkKeys;
import dev.trident.support.erasure.ErasureRecords;
import dev.trident.support.work.PendingWork;
import dev.trident.support.work.WorkRunner;
import dev.trident.support.work.WorkTask;
import dev.trident.testing.DeferredDeletionProfile;
import dev.trident.testing.TestTable;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * DESIGN.md "An id's life": a course or student whose deletion has not finished (here: the request leaves it all to
 * its task, as one cut short by a stalled DynamoDB does) is gone for the API at once, its id cannot be created again
 * until the task is done (409 with Retry-After, nothing written), and the old task never touches the new life.
 */
@QuarkusTest
@TestProfile(DeferredDeletionProfile.class)
class SecondLifeTest {

    @Inject
    WorkRunner runner;

    @Inject
    PendingWork work;

    @Inject
    DynamoDbAsyncClient dynamo;

    private void finishPendingDeletions() throws InterruptedException {
        Thread.sleep(DeferredDeletionProfile.RELEASE_PAUSE_MILLIS * 2);
        runner.pollPartition(StudentDeletion.SERVICE).await().atMost(Duration.ofSeconds(30));
    }

    private static List<Map<String, AttributeValue>> task(String kind, String id) {
        return TestTable.holding("trident", "TASK#" + kind + "#" + id);
    }

    private static void assertRetryLater(Response response) {
        response.then().statusCode(409).contentType("application/problem+json");
        String retryAfter = response.getHeader("Retry-After");
        assertTrue(retryAfter != null && retryAfter.matches("[1-9][0-9]*"), () -> "Retry-After: " + retryAfter);
    }

    @Test
    void aCourseCreatedAgainWhileItsDeletionRunsIs409AndItsNewEnrollmentsSurviveTheOldTask() throws Exception {
        String course = Api.newCourse("second-life", 10);
        String student = Api.newStudent("first-life");
        Api.enroll(student, course).then().statusCode(201);

        Api.asStaff().delete("/courses/{id}", course).then().statusCode(202);
        assertEquals(1, task(CourseDeletion.DELETE_COURSE, course).size(), "the deletion is left to its task");
        Api.asStaff().get("/courses/{id}", course).then().statusCode(404);
        Api.enroll(Api.newStudent("late"), course).then().statusCode(404);
        assertRetryLater(Api.putCourse(course, Api.course("Again", 5, "2026-fall", 10)));
        assertEquals(List.of(), TestTable.holding("trident", "CRS#" + course).stream()
                .filter(item -> item.get("SK").s().equals("METADATA")).toList(), "a refused create writes nothing");

        finishPendingDeletions();
        assertEquals(List.of(), task(CourseDeletion.DELETE_COURSE, course));
        assertEquals(List.of(), TestTable.holding("trident", "CRS#" + course), "nothing of the first life is left");

        Api.putCourse(course, Api.course("Again", 5, "2026-fall", 10)).then().statusCode(201);
        Api.enroll(student, course).then().statusCode(201);
        finishPendingDeletions();
        Api.asStaff().get("/students/{sid}/courses/{cid}", student, course).then().statusCode(200);
        assertEquals(1, Api.enrolledCount(course), "the seat of the new life's enrolment is counted once");
    }

    @Test
    void aStudentRegisteredAgainWhileTheirDeletionRunsIs409AndTheirNewEnrollmentsSurviveTheOldTask()
            throws Exception {
        String student = Api.newStudent("returning");
        String course = Api.newCourse("kept", null);
        Api.enroll(student, course).then().statusCode(201);

        Api.as(student).delete("/students/{id}", student).then().statusCode(202);
        Api.as(student).get("/students/{id}", student).then().statusCode(404);
        assertRetryLater(Api.putStudent(student, Map.of("year", 3, "major", "Physics")));

        finishPendingDeletions();
        assertEquals(0, Api.enrolledCount(course), "the old life's seat is given back by its task");
        Api.putStudent(student, Map.of("year", 3, "major", "Physics")).then().statusCode(201);
        Api.enroll(student, course).then().statusCode(201);
        finishPendingDeletions();
        Api.as(student).get("/students/{id}", student).then().statusCode(200).body("major",
                org.hamcrest.Matchers.equalTo("Physics"));
        Api.asStaff().get("/students/{sid}/courses/{cid}", student, course).then().statusCode(200);
        assertEquals(1, Api.enrolledCount(course));
    }

    @Test
    void anAccountWhoseErasureIsUnderWayTakesNoNewEnrollment() {
        String student = Api.newStudent("being-erased");
        String course = Api.newCourse("no-late-seat", null);
        // What the account's erasure request leaves in enrollment's pending-work partition until the part is done.
        WorkTask erasure = PendingWork.newTask(StudentDeletion.SERVICE, ErasureRecords.KIND, student, Instant.now());
        work.enqueueNow(erasure).await().atMost(Duration.ofSeconds(5));
        try {
            Api.enroll(student, course).then().statusCode(404).contentType("application/problem+json");
            assertEquals(0, Api.enrolledCount(course), "a refused enrolment takes no seat");
            Api.asStaff().get("/students/{sid}/courses/{cid}", student, course).then().statusCode(404);
        } finally {
            dynamo.deleteItem(r -> r.tableName("trident").key(WorkKeys.task(erasure.service(), erasure.kind(),
                    erasure.id()).toAttributes())).join();
        }
        Api.enroll(student, course).then().statusCode(201);
    }
}
