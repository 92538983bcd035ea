package dev.trident.enrollment;

import static dev.trident.enrollment.Api.INSTRUCTOR;
import static dev.trident.enrollment.Api.as;
import static dev.trident.enrollment.Api.asStaff;
import static dev.trident.enrollment.Api.course;
import static dev.trident.enrollment.Api.enroll;
import static dev.trident.enrollment.Api.enrolledCount;
import static dev.trident.enrollment.Api.grade;
import static dev.trident.enrollment.Api.newStudent;
import static dev.trident.enrollment.Api.putCourse;
import static dev.trident.enrollment.Api.uniqueId;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.hasItem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.enrollment.faults.LaggingIndexProfile;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.TableDefinition;
import dev.trident.testing.FaultyDynamoDbResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * On an index that lags its table by 1.5 s, as DynamoDB's may: a course deleted right after an enrolment orphans no
 * edge, and whose grades a roster shows never follows the index's stale copy of the course.
 */
@QuarkusTest
@TestProfile(LaggingIndexProfile.class)
class IndexLagTest {

    private static final Duration LAG = Duration.ofMillis(1500);

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    @AfterEach
    void noFaults() {
        FaultyDynamoDbResource.faults().reset();
    }

    @Test
    void aCourseDeletedRightAfterAnEnrolmentLeavesNoEdgeAndItsIdIsFreeOnlyOnceSwept() {
        String student = newStudent("lagging");
        String courseId = uniqueId("lagging");
        Map<String, Object> body = course("Lagging " + courseId, 5, "2026-fall", null);
        putCourse(courseId, body).then().statusCode(201);
        FaultyDynamoDbResource.faults().indexLag(LAG);

        enroll(student, courseId).then().statusCode(201);
        // GSI1 does not hold the new edge yet: the request's sweep finds nothing and must not call that the end.
        asStaff().when().delete("/courses/{id}", courseId).then().statusCode(202);
        putCourse(courseId, body).then().statusCode(409).header("Retry-After", notNullValue());

        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        int status;
        do {
            sleep(250);
            status = putCourse(courseId, body).then().extract().statusCode();
        } while (status == 409 && System.nanoTime() < deadline);
        assertEquals(201, status, "the id is free again once the sweep past the index's lag has ended");

        assertTrue(dynamo.getItem(r -> r.tableName(table.tableName()).consistentRead(true)
                .key(EnrollmentKeys.enrollment(student, courseId).toAttributes())).join().item().isEmpty(),
                "the edge written just before the deletion is gone");
        assertEquals(0, enrolledCount(courseId));
        asStaff().when().get("/students/{id}/courses", student).then().statusCode(200)
                .body("items.courseId", not(hasItem(courseId)));
        assertTrue(FaultyDynamoDbResource.faults().counter("laggedQueries") > 0, "the index did lag");
    }

    @Test
    void anInstructorRemovedFromACourseSeesNoGradeWhileTheIndexStillNamesThem() {
        String teacher = uniqueId("teacher");
        String courseId = uniqueId("graded");
        Map<String, Object> body = course("Graded " + courseId, 5, "2026-fall", null);
        body.put("instructorIds", List.of(teacher));
        putCourse(courseId, body).then().statusCode(201);
        String student = newStudent("graded");
        enroll(student, courseId).then().statusCode(201);
        grade(student, courseId, null, "A").then().statusCode(200);
        sleep(200);
        as(teacher, INSTRUCTOR).when().get("/courses/{id}?include=students", courseId).then().statusCode(200)
                .body("students.items.grade", equalTo(List.of("A")));

        FaultyDynamoDbResource.faults().indexLag(LAG);
        body.put("instructorIds", List.of());
        putCourse(courseId, body).then().statusCode(200);
        as(teacher, INSTRUCTOR).when().get("/courses/{id}?include=students", courseId).then().statusCode(200)
                .body("students.items", hasSize(1))
                .body("students.items.grade", equalTo(Arrays.asList((String) null)));
        as(teacher, INSTRUCTOR).when().get("/courses/{id}/students", courseId).then().statusCode(200)
                .body("items.grade", equalTo(Arrays.asList((String) null)));
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
