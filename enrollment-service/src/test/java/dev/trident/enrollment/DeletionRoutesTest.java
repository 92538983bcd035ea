package dev.trident.enrollment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.testing.TestTable;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * {@code DELETE /students/{id}} (the student or the registrar) and {@code DELETE /courses/{id}} (the registrar): every
 * edge goes with them, the courses' counters follow, and the task that insured the request is gone at the end.
 */
@QuarkusTest
class DeletionRoutesTest {

    private static List<Map<String, AttributeValue>> holding(String id) {
        return TestTable.holding("trident", id);
    }

    @Test
    void aStudentIsDeletedWithEveryEnrollmentAndTheCountersFollow() {
        String student = Api.newStudent("leaver");
        String other = Api.newStudent("stayer");
        String c1 = Api.newCourse("del-c1", null);
        String c2 = Api.newCourse("del-c2", null);
        Api.enroll(student, c1).then().statusCode(201);
        Api.enroll(student, c2).then().statusCode(201);
        Api.enroll(other, c1).then().statusCode(201);
        Api.grade(student, c2, null, "A").then().statusCode(200);

        Api.as(other).delete("/students/{id}", student).then().statusCode(403);
        Api.as(student, Api.INSTRUCTOR).delete("/courses/{id}", c1).then().statusCode(403);
        assertEquals(2, Api.enrolledCount(c1), "a refused delete changes nothing");

        // A graded enrollment is an academic record: the student's own deletion is refused (AcademicRecordsTest)...
        Api.as(student).delete("/students/{id}", student).then().statusCode(409);
        // ...and the registrar's takes it with the rest.
        Api.as(Api.uniqueId("registrar"), Api.REGISTRAR).delete("/students/{id}", student).then().statusCode(204);
        assertEquals(List.of(), holding("STU#" + student));
        assertEquals(1, Api.enrolledCount(c1));
        assertEquals(0, Api.enrolledCount(c2));
        Api.asStaff().get("/students/{id}", student).then().statusCode(404);
        Api.asStaff().delete("/students/{id}", student).then().statusCode(404);
        assertEquals(List.of(), TestTable.holding("trident", "TASK#delete-student#" + student));
    }

    @Test
    void aStudentWithoutGradesDeletesThemselvesWithEveryEnrollment() {
        String student = Api.newStudent("leaver");
        String course = Api.newCourse("del-self", null);
        Api.enroll(student, course).then().statusCode(201);
        Api.as(student).delete("/students/{id}", student).then().statusCode(204);
        assertEquals(List.of(), holding("STU#" + student));
        assertEquals(0, Api.enrolledCount(course));
    }

    @Test
    void theRegistrarDeletesACourseWithEveryEdgeToIt() {
        String course = Api.newCourse("del-course", null);
        String kept = Api.newCourse("kept-course", null);
        List<String> students = List.of(Api.newStudent("s1"), Api.newStudent("s2"), Api.newStudent("s3"));
        for (String s : students) {
            Api.enroll(s, course).then().statusCode(201);
        }
        Api.enroll(students.get(0), kept).then().statusCode(201);

        Api.asStaff().delete("/courses/{id}", course).then().statusCode(204);
        assertEquals(List.of(), holding("CRS#" + course));
        Api.asStaff().get("/courses/{id}", course).then().statusCode(404);
        Api.asStaff().get("/students/{id}/courses/{c}", students.get(0), kept).then().statusCode(200);
        assertEquals(1, Api.enrolledCount(kept));
        Api.asStaff().delete("/courses/{id}", course).then().statusCode(404);
    }

    @Test
    void aMalformedIdIs400AndNoTokenIs401() {
        Api.asStaff().delete("/students/bad%23id").then().statusCode(400).contentType("application/problem+json");
        Api.asStaff().delete("/courses/bad%23id").then().statusCode(400).contentType("application/problem+json");
        io.restassured.RestAssured.given().delete("/students/someone").then().statusCode(401);
        io.restassured.RestAssured.given().delete("/courses/some-course").then().statusCode(401);
    }
}
