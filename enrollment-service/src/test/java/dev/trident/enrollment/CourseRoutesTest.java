package dev.trident.enrollment;

import static dev.trident.enrollment.Api.asStaff;
import static dev.trident.enrollment.Api.course;
import static dev.trident.enrollment.Api.enrolledCount;
import static dev.trident.enrollment.Api.newCourse;
import static dev.trident.enrollment.Api.newStudent;
import static dev.trident.enrollment.Api.putCourse;
import static dev.trident.enrollment.Api.uniqueId;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.enrollment.dependencies.Dependencies;
import dev.trident.keys.WorkKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

@QuarkusTest
class CourseRoutesTest {

    @AfterAll
    static void noScanRan() {
        assertEquals(0, DynamoDbCallRecorder.scanCount());
    }

    @Test
    void creatingACourseIs201WithZeroEnrolledFromOneTransactionThatChecksNoDeletionRuns() {
        String id = uniqueId("crs");
        Map<String, Object> body = course("Linear Algebra", 6, "2026-fall", 30);
        String workspaceId = Dependencies.newWorkspace("ws");
        body.put("workspaceId", workspaceId);
        DynamoDbCallRecorder.reset();
        putCourse(id, body)
                .then().statusCode(201)
                .header("Location", endsWith("/courses/" + id))
                .header("ETag", "\"1\"")
                .body("courseId", equalTo(id))
                .body("title", equalTo("Linear Algebra"))
                .body("credits", equalTo(6))
                .body("term", equalTo("2026-fall"))
                .body("capacity", equalTo(30))
                .body("workspaceId", equalTo(workspaceId))
                .body("enrolledCount", equalTo(0));
        assertEquals(List.of("TransactWriteItems"), DynamoDbCallRecorder.operations(),
                "the course and the check that no deletion of its id is running");
        TransactWriteItemsRequest create = (TransactWriteItemsRequest) DynamoDbCallRecorder.calls().get(0).request();
        assertEquals("WORK#enrollment#" + WorkKeys.shardOf("delete-course", id),
                create.transactItems().get(1).conditionCheck().key().get("PK").s());
        assertEquals("TASK#delete-course#" + id, create.transactItems().get(1).conditionCheck().key().get("SK").s());
    }

    @Test
    void updatingACourseIs200AndKeepsEnrolledCount() {
        String courseId = newCourse("crs", 10);
        Api.enroll(newStudent("stu"), courseId).then().statusCode(201);
        Api.enroll(newStudent("stu"), courseId).then().statusCode(201);
        String createdAt = asStaff().get("/courses/{id}", courseId).then().extract().path("createdAt");

        DynamoDbCallRecorder.reset();
        // Same term: a course with enrolments keeps it (StudentTermCoursesTest: a new one is a 409).
        putCourse(courseId, course("Renamed", 3, "2026-fall", null))
                .then().statusCode(200)
                .body("title", equalTo("Renamed"))
                .body("credits", equalTo(3))
                .body("term", equalTo("2026-fall"))
                .body("capacity", nullValue())
                .body("enrolledCount", equalTo(2))
                .body("createdAt", equalTo(createdAt));
        // The create attempt fails on the existing item, the update keeps its counter.
        assertEquals(List.of("TransactWriteItems", "UpdateItem"), DynamoDbCallRecorder.operations());
        assertEquals(2, enrolledCount(courseId));
    }

    @Test
    void capacityBelowTheEnrolledCountIs409AndChangesNothing() {
        String courseId = newCourse("crs", 10);
        Api.enroll(newStudent("stu"), courseId).then().statusCode(201);
        Api.enroll(newStudent("stu"), courseId).then().statusCode(201);

        putCourse(courseId, course("Smaller", 5, "2026-fall", 1))
                .then().statusCode(409).contentType("application/problem+json")
                .body("detail", containsString("below"));
        asStaff().get("/courses/{id}", courseId).then().statusCode(200)
                .body("capacity", equalTo(10))
                .body("title", equalTo("Course " + courseId))
                .body("enrolledCount", equalTo(2));
        putCourse(courseId, course("Exactly full", 5, "2026-fall", 2)).then().statusCode(200)
                .body("capacity", equalTo(2));
    }

    /** {@code full} is in the course's JSON and its OpenAPI schema: derived from capacity and enrolledCount. */
    @Test
    void aCourseSaysWhetherEveryPlaceIsTaken() {
        String courseId = newCourse("crs", 1);
        asStaff().get("/courses/{id}", courseId).then().statusCode(200).body("full", equalTo(false));
        Api.enroll(newStudent("stu"), courseId).then().statusCode(201);
        asStaff().get("/courses/{id}", courseId).then().statusCode(200).body("full", equalTo(true));
        asStaff().get("/courses/{id}", newCourse("crs", null)).then().statusCode(200).body("full", equalTo(false));
        asStaff().get("/q/openapi?format=json").then().statusCode(200)
                .body("components.schemas.Course.properties.full.type", equalTo("boolean"));
    }

    @Test
    void metadataIsOneGetItemWithAnETag() {
        String courseId = newCourse("crs", null);
        DynamoDbCallRecorder.reset();
        asStaff().when().get("/courses/{id}", courseId)
                .then().statusCode(200)
                .header("ETag", "\"1\"")
                .body("courseId", equalTo(courseId))
                .body("capacity", nullValue());
        assertEquals(List.of("GetItem"), DynamoDbCallRecorder.operations());
    }

    @Test
    void unknownCourseIs404() {
        asStaff().when().get("/courses/{id}", uniqueId("ghost"))
                .then().statusCode(404).contentType("application/problem+json")
                .body("detail", containsString("course"));
        asStaff().when().get("/courses/{id}?include=students", uniqueId("ghost"))
                .then().statusCode(404).contentType("application/problem+json");
    }

    @Test
    void includeStudentsReturnsMetadataAndRosterFromOneQueryOnGsi1() {
        String courseId = newCourse("crs", null);
        String first = newStudent("stu");
        String second = newStudent("stu");
        Api.enroll(first, courseId).then().statusCode(201);
        Api.enroll(second, courseId).then().statusCode(201);

        String firstName = Api.studentName(List.of(first, second).stream().sorted().findFirst().get());
        DynamoDbCallRecorder.reset();
        asStaff().when().get("/courses/{id}?include=students", courseId)
                .then().statusCode(200)
                // No ETag: the course comes from GSI1, eventually consistent (GET the course alone for one).
                .header("ETag", nullValue())
                .body("course.courseId", equalTo(courseId))
                .body("course.enrolledCount", equalTo(2))
                .body("students.items", hasSize(2))
                .body("students.items.studentId", equalTo(List.of(first, second).stream().sorted().toList()))
                .body("students.items[0].studentName", equalTo(firstName))
                .body("students.nextCursor", nullValue());
        assertEquals(List.of("Query(GSI1)"), DynamoDbCallRecorder.operations());
    }

    @Test
    void rosterIsOneQueryOnGsi1() {
        String courseId = newCourse("crs", null);
        String studentId = newStudent("stu");
        Api.enroll(studentId, courseId).then().statusCode(201);

        DynamoDbCallRecorder.reset();
        asStaff().when().get("/courses/{id}/students", courseId)
                .then().statusCode(200)
                .body("items", hasSize(1))
                .body("items[0].studentId", equalTo(studentId))
                .body("items[0].courseTitle", equalTo("Course " + courseId))
                .body("items[0].enrolledOn", not(nullValue()))
                .body("nextCursor", nullValue());
        assertEquals(List.of("Query(GSI1)"), DynamoDbCallRecorder.operations());
    }

    @Test
    void theOpenApiDocumentSaysTheRosterIsEventuallyConsistent() {
        given().when().get("/q/openapi?format=json")
                .then().statusCode(200)
                .body("paths.'/courses/{courseId}/students'.get.description", containsString("eventually consistent"))
                .body("paths.'/courses/{courseId}'.get.description", containsString("eventually consistent"));
    }

    @Test
    void anUnknownIncludeIs400() {
        asStaff().when().get("/courses/{id}?include=everything", uniqueId("crs"))
                .then().statusCode(400).body("errors[0].field", equalTo("include"));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "{\"title\":\"T\",\"credits\":-1,\"term\":\"t\"}|credits",
        "{\"title\":\"T\",\"credits\":\"five\",\"term\":\"t\"}|credits",
        "{\"title\":\"T\",\"term\":\"t\"}|credits",
        "{\"title\":\"T\",\"credits\":3,\"term\":\"t\",\"capacity\":0}|capacity",
        "{\"title\":\"T\",\"credits\":3,\"term\":\"t\",\"capacity\":-5}|capacity",
        "{\"title\":\"T\",\"credits\":3,\"term\":\"t\",\"capacity\":\"many\"}|capacity",
        "{\"title\":\" \",\"credits\":3,\"term\":\"t\"}|title",
        "{\"credits\":3,\"term\":\"t\"}|title",
        "{\"title\":\"T\",\"credits\":3,\"term\":\"\"}|term",
        "{\"title\":\"T\",\"credits\":3}|term",
        "{\"title\":\"T\",\"credits\":3,\"term\":\"t\",\"workspaceId\":\"a#b\"}|workspaceId"
    })
    void invalidCourseBodiesAre400NamingTheFieldAndWriteNothing(String body, String field) {
        String id = uniqueId("crs");
        DynamoDbCallRecorder.reset();
        asStaff().contentType(ContentType.JSON).body(body).when().put("/courses/{id}", id)
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("errors.field", org.hamcrest.Matchers.hasItem(field));
        assertEquals(List.of(), DynamoDbCallRecorder.operations());
        asStaff().when().get("/courses/{id}", id).then().statusCode(404);
    }

    @Test
    void invalidUpdateLeavesTheCourseAsItWas() {
        String id = newCourse("crs", 5);
        asStaff().contentType(ContentType.JSON).body("{\"title\":\"T\",\"credits\":-3,\"term\":\"t\"}")
                .when().put("/courses/{id}", id).then().statusCode(400);
        asStaff().get("/courses/{id}", id).then().body("credits", equalTo(5)).body("version", equalTo(1));
    }

    @Test
    void courseIdsOutsideThePatternAre400() {
        asStaff().urlEncodingEnabled(false).when().get("/courses/a%23b").then().statusCode(400)
                .contentType("application/problem+json").body("errors[0].field", equalTo("courseId"));
        asStaff().urlEncodingEnabled(false).when().get("/courses/a%23b/students").then().statusCode(400)
                .body("errors[0].field", equalTo("courseId"));
        asStaff().contentType(ContentType.JSON).body(course("T", 1, "t", null))
                .when().put("/courses/{id}", "x".repeat(65)).then().statusCode(400)
                .body("errors[0].field", equalTo("courseId"));
    }
}
