package dev.trident.enrollment;

import static dev.trident.enrollment.Api.asStaff;
import static dev.trident.enrollment.Api.newCourse;
import static dev.trident.enrollment.Api.newStudent;
import static dev.trident.enrollment.Api.putStudent;
import static dev.trident.enrollment.Api.uniqueId;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.enrollment.dependencies.Dependencies;
import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@QuarkusTest
class StudentRoutesTest {

    @AfterAll
    static void noScanRan() {
        assertEquals(0, DynamoDbCallRecorder.scanCount());
    }

    @Test
    void registeringANewStudentIs201WithLocationAndETagFromOneTransactionThatChecksNoDeletionRuns() {
        String id = Dependencies.newUser("Ada");
        DynamoDbCallRecorder.reset();
        putStudent(id, Map.of("year", 3, "major", "Physics"))
                .then().statusCode(201)
                .header("Location", endsWith("/students/" + id))
                .header("ETag", "\"1\"")
                .body("studentId", equalTo(id))
                .body("year", equalTo(3))
                .body("major", equalTo("Physics"))
                .body("name", equalTo("Ada"));
        assertEquals(List.of("TransactWriteItems"), DynamoDbCallRecorder.operations(),
                "the profile and the check that no deletion of the id is running");
    }

    @Test
    void replacingAStudentIs200WithTheNextVersionAndKeepsCreatedAt() {
        String id = Dependencies.newUser("Bo");
        String createdAt = putStudent(id, Map.of("year", 1, "major", "History"))
                .then().statusCode(201).extract().path("createdAt");
        DynamoDbCallRecorder.reset();
        putStudent(id, Map.of("year", 2, "major", "Law"))
                .then().statusCode(200)
                .header("ETag", "\"2\"")
                .body("year", equalTo(2))
                .body("major", equalTo("Law"))
                .body("name", equalTo("Bo"))
                .body("createdAt", equalTo(createdAt));
        // The create attempt hands back the stored item, the replace is conditioned on its version.
        assertEquals(List.of("TransactWriteItems", "PutItem"), DynamoDbCallRecorder.operations(),
                "the create, refused on the existing profile, then the replace of its version");
        asStaff().when().get("/students/{id}", id).then().statusCode(200).header("ETag", "\"2\"")
                .body("major", equalTo("Law")).body("name", equalTo("Bo"));
    }

    @Test
    void profileIsOneGetItemWithAnETag() {
        String id = newStudent("stu");
        DynamoDbCallRecorder.reset();
        asStaff().when().get("/students/{id}", id)
                .then().statusCode(200)
                .header("ETag", "\"1\"")
                .body("studentId", equalTo(id))
                .body("major", equalTo("Mathematics"));
        assertEquals(List.of("GetItem"), DynamoDbCallRecorder.operations());
    }

    @Test
    void includeCoursesReturnsProfileAndEnrollmentsFromOneQuery() {
        String studentId = newStudent("stu");
        String first = newCourse("crs", null);
        String second = newCourse("crs", null);
        Api.enroll(studentId, first).then().statusCode(201);
        Api.enroll(studentId, second).then().statusCode(201);

        DynamoDbCallRecorder.reset();
        asStaff().when().get("/students/{id}?include=courses", studentId)
                .then().statusCode(200)
                .header("ETag", "\"1\"")
                .body("student.studentId", equalTo(studentId))
                .body("student.major", equalTo("Mathematics"))
                .body("courses.items", hasSize(2))
                .body("courses.items.courseId", equalTo(List.of(second, first).stream().sorted(java.util.Comparator.reverseOrder()).toList()))
                .body("courses.items[0].enrolledOn", not(nullValue()))
                .body("courses.nextCursor", nullValue());
        assertEquals(List.of("Query"), DynamoDbCallRecorder.operations());
    }

    @Test
    void includeCoursesOfAnUnknownStudentIs404() {
        asStaff().when().get("/students/{id}?include=courses", uniqueId("ghost"))
                .then().statusCode(404).contentType("application/problem+json")
                .body("detail", containsString("student"));
    }

    @Test
    void anUnknownIncludeIs400NamingTheParameter() {
        String id = newStudent("stu");
        asStaff().when().get("/students/{id}?include=grades", id)
                .then().statusCode(400).contentType("application/problem+json")
                .body("errors[0].field", equalTo("include"));
    }

    @Test
    void aStudentWithoutEnrollmentsListsNoCourses() {
        String id = newStudent("stu");
        DynamoDbCallRecorder.reset();
        asStaff().when().get("/students/{id}/courses", id)
                .then().statusCode(200)
                .body("items", hasSize(0))
                .body("nextCursor", nullValue());
        assertEquals(List.of("Query"), DynamoDbCallRecorder.operations());
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"major\":\"Art\"}",
        "{\"year\":\"third\",\"major\":\"Art\"}",
        "{\"year\":0,\"major\":\"Art\"}",
        "{\"year\":-1,\"major\":\"Art\"}",
        "{\"year\":2,\"major\":\"  \"}",
        "{\"year\":2}",
        "{\"year\":2,\"major\":\"Art\",\"name\":\" \"}",
        "{\"year\":2,\"major\":42}",
        "{\"year\":\"2\",\"major\":\"Art\"}",
        "{\"year\":2.5,\"major\":\"Art\"}"
    })
    void invalidBodiesAre400ProblemsThatNameTheFieldAndWriteNothing(String body) {
        String id = uniqueId("stu");
        DynamoDbCallRecorder.reset();
        asStaff().contentType(ContentType.JSON).body(body).when().put("/students/{id}", id)
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("errors[0].field", not(nullValue()));
        assertEquals(List.of(), DynamoDbCallRecorder.operations());
        asStaff().when().get("/students/{id}", id).then().statusCode(404);
    }

    @Test
    void theProblemNamesTheOffendingField() {
        String id = uniqueId("stu");
        asStaff().contentType(ContentType.JSON).body("{\"year\":\"third\",\"major\":\"Art\"}")
                .when().put("/students/{id}", id)
                .then().statusCode(400).body("errors[0].field", equalTo("year"));
        asStaff().contentType(ContentType.JSON).body("{\"year\":0,\"major\":\"Art\"}")
                .when().put("/students/{id}", id)
                .then().statusCode(400).body("errors[0].field", equalTo("year"));
        asStaff().contentType(ContentType.JSON).body("{\"year\":1,\"major\":\"\"}")
                .when().put("/students/{id}", id)
                .then().statusCode(400).body("errors[0].field", equalTo("major"));
    }

    @Test
    void aMissingOrNonObjectBodyIs400AndWritesNothing() {
        String id = uniqueId("stu");
        asStaff().contentType(ContentType.JSON).when().put("/students/{id}", id)
                .then().statusCode(400).contentType("application/problem+json");
        asStaff().contentType(ContentType.JSON).body("[1,2]").when().put("/students/{id}", id)
                .then().statusCode(400).contentType("application/problem+json");
        asStaff().contentType(ContentType.JSON).body("{\"year\":").when().put("/students/{id}", id)
                .then().statusCode(400).contentType("application/problem+json");
        asStaff().when().get("/students/{id}", id).then().statusCode(404);
    }

    @ParameterizedTest
    @ValueSource(strings = {"a%23b", "%20", "-leading-dash",
        "x123456789012345678901234567890123456789012345678901234567890abcd"})
    void idsOutsideThePatternAre400BeforeAnyDynamoDbCall(String badId) {
        DynamoDbCallRecorder.reset();
        asStaff().urlEncodingEnabled(false).contentType(ContentType.JSON).body(Map.of("year", 1, "major", "Art"))
                .when().put("/students/" + badId)
                .then().statusCode(400).contentType("application/problem+json")
                .body("errors[0].field", equalTo("studentId"));
        asStaff().urlEncodingEnabled(false).when().get("/students/" + badId)
                .then().statusCode(400).body("errors[0].field", equalTo("studentId"));
        asStaff().urlEncodingEnabled(false).when().get("/students/" + badId + "/courses")
                .then().statusCode(400).body("errors[0].field", equalTo("studentId"));
        assertEquals(List.of(), DynamoDbCallRecorder.operations());
    }
}
