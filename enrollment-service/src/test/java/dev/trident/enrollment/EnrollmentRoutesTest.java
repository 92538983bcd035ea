package dev.trident.enrollment;

import static dev.trident.enrollment.Api.asStaff;
import static dev.trident.enrollment.Api.enroll;
import static dev.trident.enrollment.Api.enrolledCount;
import static dev.trident.enrollment.Api.grade;
import static dev.trident.enrollment.Api.newCourse;
import static dev.trident.enrollment.Api.newStudent;
import static dev.trident.enrollment.Api.uniqueId;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@QuarkusTest
class EnrollmentRoutesTest {

    @AfterAll
    static void noScanRan() {
        assertEquals(0, DynamoDbCallRecorder.scanCount());
    }

    @Test
    void enrollingIs201WithTheEdgeFromTwoReadsAndOneTransaction() {
        String studentId = newStudent("stu");
        String studentName = Api.studentName(studentId);
        String courseId = newCourse("crs", 5);
        DynamoDbCallRecorder.reset();
        enroll(studentId, courseId)
                .then().statusCode(201)
                .header("Location", endsWith("/students/" + studentId + "/courses/" + courseId))
                .header("ETag", "\"1\"")
                .body("studentId", equalTo(studentId))
                .body("courseId", equalTo(courseId))
                .body("enrolledOn", not(nullValue()))
                .body("grade", nullValue())
                .body("studentName", equalTo(studentName))
                .body("courseTitle", equalTo("Course " + courseId))
                .body("courseTerm", equalTo("2026-fall"))
                .body("courseCredits", equalTo(5));
        // The two reads run in parallel (their order varies); the transaction is the one write.
        List<String> operations = DynamoDbCallRecorder.operations();
        assertEquals(List.of("GetItem", "GetItem", "TransactWriteItems"), operations.stream().sorted().toList());
        assertEquals("TransactWriteItems", operations.get(2));
        assertEquals(1, enrolledCount(courseId));
    }

    @Test
    void enrollingTwiceIs409AlreadyEnrolledAndCountsOnce() {
        String studentId = newStudent("stu");
        String courseId = newCourse("crs", null);
        enroll(studentId, courseId).then().statusCode(201);
        enroll(studentId, courseId)
                .then().statusCode(409).contentType("application/problem+json")
                .body("detail", containsString("already enrolled"));
        assertEquals(1, enrolledCount(courseId));
    }

    @Test
    void enrollingIntoAFullCourseIs409CourseIsFull() {
        String courseId = newCourse("crs", 1);
        enroll(newStudent("stu"), courseId).then().statusCode(201);
        String late = newStudent("stu");
        enroll(late, courseId)
                .then().statusCode(409).contentType("application/problem+json")
                .body("detail", containsString("is full"));
        assertEquals(1, enrolledCount(courseId));
        asStaff().get("/students/{sid}/courses/{cid}", late, courseId).then().statusCode(404);
    }

    @Test
    void enrollingIntoAnUnknownCourseIs404NamingTheCourse() {
        String studentId = newStudent("stu");
        String courseId = uniqueId("ghost");
        enroll(studentId, courseId)
                .then().statusCode(404).contentType("application/problem+json")
                .body("detail", equalTo("course " + courseId + " does not exist"));
        asStaff().get("/students/{sid}/courses/{cid}", studentId, courseId).then().statusCode(404);
    }

    @Test
    void enrollingAnUnknownStudentIs404NamingTheStudent() {
        String studentId = uniqueId("ghost");
        String courseId = newCourse("crs", null);
        enroll(studentId, courseId)
                .then().statusCode(404).contentType("application/problem+json")
                .body("detail", equalTo("student " + studentId + " does not exist"));
        assertEquals(0, enrolledCount(courseId));
    }

    @Test
    void enrollingWhenBothSidesAreMissingIs404NamingBoth() {
        enroll("nobody-" + uniqueId("s"), "nothing-" + uniqueId("c"))
                .then().statusCode(404)
                .body("detail", containsString("student")).body("detail", containsString("course"));
    }

    @Test
    void enrollingWithABadIdIs400BeforeAnyCall() {
        DynamoDbCallRecorder.reset();
        asStaff().urlEncodingEnabled(false).when().put("/students/ok/courses/bad%23id")
                .then().statusCode(400).body("errors[0].field", equalTo("courseId"));
        asStaff().urlEncodingEnabled(false).when().put("/students/bad%23id/courses/ok")
                .then().statusCode(400).body("errors[0].field", equalTo("studentId"));
        assertEquals(List.of(), DynamoDbCallRecorder.operations());
    }

    /** Ids outside the id pattern, as they appear in a path: '#', too long, a leading '-', a space. */
    @ParameterizedTest
    @CsvSource({
        "PUT, bad%23id", "GET, bad%23id", "PATCH, bad%23id", "DELETE, bad%23id",
        "PUT, %20x", "GET, -lead", "PATCH, %20x", "DELETE, -lead",
        "PUT, " + SIXTY_FIVE, "GET, " + SIXTY_FIVE, "PATCH, " + SIXTY_FIVE, "DELETE, " + SIXTY_FIVE })
    void everyEdgeRouteAnswersABadIdWith400ProblemNamingItAndSendsNoDynamoDbCall(String method, String badId) {
        DynamoDbCallRecorder.reset();
        for (String path : List.of("/students/ok-1/courses/" + badId, "/students/" + badId + "/courses/ok-1")) {
            String field = path.startsWith("/students/ok-1/") ? "courseId" : "studentId";
            asStaff().urlEncodingEnabled(false).contentType(ContentType.JSON).header("If-Match", "\"1\"")
                    .body(method.equals("PATCH") ? "{\"grade\":\"A\"}" : "")
                    .request(method, path)
                    .then().statusCode(400).contentType("application/problem+json")
                    .body("errors.field", hasItem(field));
        }
        assertEquals(List.of(), DynamoDbCallRecorder.operations());
    }

    private static final String SIXTY_FIVE = "a1234567890123456789012345678901234567890123456789012345678901234";

    @Test
    void oneEdgeIsOneGetItem() {
        String studentId = newStudent("stu");
        String courseId = newCourse("crs", null);
        enroll(studentId, courseId).then().statusCode(201);
        DynamoDbCallRecorder.reset();
        asStaff().get("/students/{sid}/courses/{cid}", studentId, courseId)
                .then().statusCode(200).header("ETag", "\"1\"")
                .body("courseId", equalTo(courseId)).body("enrolledOn", not(nullValue()));
        assertEquals(List.of("GetItem"), DynamoDbCallRecorder.operations());
        asStaff().get("/students/{sid}/courses/{cid}", studentId, uniqueId("other"))
                .then().statusCode(404).contentType("application/problem+json");
    }

    @Test
    void gradingIsOneConditionalUpdateItemAndTheGradeStaysOnTheEdge() {
        String studentId = newStudent("stu");
        String courseId = newCourse("crs", null);
        enroll(studentId, courseId).then().statusCode(201);
        DynamoDbCallRecorder.reset();
        grade(studentId, courseId, "\"1\"", "B+")
                .then().statusCode(200).header("ETag", "\"2\"")
                .body("grade", equalTo("B+")).body("version", equalTo(2));
        assertEquals(List.of("UpdateItem"), DynamoDbCallRecorder.operations());
        grade(studentId, courseId, null, "A").then().statusCode(200).header("ETag", "\"3\"");
        asStaff().get("/students/{sid}/courses/{cid}", studentId, courseId).then().body("grade", equalTo("A"));
        asStaff().get("/students/{id}", studentId).then().body("$", not(hasKey("grade")));
        asStaff().get("/courses/{id}", courseId).then().body("$", not(hasKey("grade")));
    }

    @Test
    void gradingWithAStaleETagIs412AndChangesNothing() {
        String studentId = newStudent("stu");
        String courseId = newCourse("crs", null);
        enroll(studentId, courseId).then().statusCode(201);
        grade(studentId, courseId, "\"1\"", "C").then().statusCode(200);
        grade(studentId, courseId, "\"1\"", "A")
                .then().statusCode(412).contentType("application/problem+json");
        asStaff().get("/students/{sid}/courses/{cid}", studentId, courseId).then().body("grade", equalTo("C"));
    }

    @Test
    void gradingWithoutAnEdgeIs404() {
        String studentId = newStudent("stu");
        grade(studentId, uniqueId("crs"), "\"1\"", "A")
                .then().statusCode(404).contentType("application/problem+json")
                .body("detail", containsString("not enrolled"));
    }

    @Test
    void invalidGradesAre400NamingTheField() {
        String studentId = newStudent("stu");
        String courseId = newCourse("crs", null);
        enroll(studentId, courseId).then().statusCode(201);
        grade(studentId, courseId, null, "Z").then().statusCode(400)
                .contentType("application/problem+json").body("errors[0].field", equalTo("grade"));
        asStaff().contentType(ContentType.JSON).body("{\"grade\":4}")
                .when().patch("/students/{sid}/courses/{cid}", studentId, courseId)
                .then().statusCode(400).body("errors[0].field", equalTo("grade"));
        asStaff().contentType(ContentType.JSON).body("{}")
                .when().patch("/students/{sid}/courses/{cid}", studentId, courseId)
                .then().statusCode(400).body("errors[0].field", equalTo("grade"));
        grade(studentId, courseId, "not-an-etag", "A").then().statusCode(400)
                .body("errors[0].field", equalTo("If-Match"));
        asStaff().get("/students/{sid}/courses/{cid}", studentId, courseId)
                .then().body("grade", nullValue()).body("version", equalTo(1));
    }

    @Test
    void droppingIs204FromOneTransactionAndCountsDown() {
        String studentId = newStudent("stu");
        String courseId = newCourse("crs", 3);
        enroll(studentId, courseId).then().statusCode(201);
        DynamoDbCallRecorder.reset();
        asStaff().delete("/students/{sid}/courses/{cid}", studentId, courseId).then().statusCode(204);
        assertEquals(List.of("TransactWriteItems"), DynamoDbCallRecorder.operations());
        assertEquals(0, enrolledCount(courseId));
        asStaff().get("/students/{sid}/courses/{cid}", studentId, courseId).then().statusCode(404);
        // The freed place can be taken again.
        enroll(studentId, courseId).then().statusCode(201);
        assertEquals(1, enrolledCount(courseId));
    }

    @Test
    void droppingTwiceIs404AndTheCountNeverGoesNegative() {
        String studentId = newStudent("stu");
        String courseId = newCourse("crs", null);
        enroll(studentId, courseId).then().statusCode(201);
        asStaff().delete("/students/{sid}/courses/{cid}", studentId, courseId).then().statusCode(204);
        asStaff().delete("/students/{sid}/courses/{cid}", studentId, courseId)
                .then().statusCode(404).contentType("application/problem+json")
                .body("detail", containsString("not enrolled"));
        assertEquals(0, enrolledCount(courseId));
    }

    @Test
    void droppingWithAStaleETagIs412AndKeepsTheEdge() {
        String studentId = newStudent("stu");
        String courseId = newCourse("crs", null);
        enroll(studentId, courseId).then().statusCode(201);
        grade(studentId, courseId, null, "B").then().statusCode(200);
        asStaff().header("If-Match", "\"1\"").delete("/students/{sid}/courses/{cid}", studentId, courseId)
                .then().statusCode(412).contentType("application/problem+json");
        assertEquals(1, enrolledCount(courseId));
        asStaff().header("If-Match", "\"2\"").delete("/students/{sid}/courses/{cid}", studentId, courseId)
                .then().statusCode(204);
        assertEquals(0, enrolledCount(courseId));
    }
}
