package dev.trident.enrollment;

import static dev.trident.enrollment.Api.INSTRUCTOR;
import static dev.trident.enrollment.Api.REGISTRAR;
import static dev.trident.enrollment.Api.as;
import static dev.trident.enrollment.Api.asStaff;
import static dev.trident.enrollment.Api.course;
import static dev.trident.enrollment.Api.enroll;
import static dev.trident.enrollment.Api.grade;
import static dev.trident.enrollment.Api.newCourse;
import static dev.trident.enrollment.Api.newStudent;
import static dev.trident.enrollment.Api.putCourse;
import static dev.trident.enrollment.Api.uniqueId;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * docs/api.md "Who may do what": grades are seen only by the registrar, the course's instructors and the student
 * themselves, never on another caller's roster; every answer that carries enrollments is {@code Cache-Control:
 * no-store}.
 */
@QuarkusTest
class GradeVisibilityTest {

    /** A course taught by {@code teacher}, with {@code ada} graded A and {@code bob} graded B (in id order). */
    record Graded(String course, String ada, String bob, String teacher) {
    }

    private static Graded graded;

    @BeforeEach
    void fixture() {
        if (graded == null) {
            String teacher = uniqueId("teacher");
            String courseId = uniqueId("graded");
            Map<String, Object> body = course("Graded " + courseId, 5, "2026-fall", null);
            body.put("instructorIds", List.of(teacher));
            putCourse(courseId, body).then().statusCode(201);
            List<String> students = new ArrayList<>(List.of(newStudent("ada"), newStudent("bob")));
            students.sort(null); // the roster is in student id order
            for (String student : students) {
                enroll(student, courseId).then().statusCode(201);
            }
            grade(students.get(0), courseId, null, "A").then().statusCode(200);
            grade(students.get(1), courseId, null, "B").then().statusCode(200);
            graded = new Graded(courseId, students.get(0), students.get(1), teacher);
        }
    }

    private static List<String> rosterPaths() {
        return List.of("/courses/" + graded.course + "/students", "/courses/" + graded.course + "?include=students");
    }

    /** The roster's rows, wherever the route puts them. */
    private static ValidatableResponse roster(RequestSpecification caller, String path) {
        return caller.get(path).then().statusCode(200);
    }

    private static String rows(String path) {
        return path.contains("include=") ? "students.items" : "items";
    }

    @Test
    void aStudentOnTheRosterSeesTheirOwnGradeAndNoOneElses() {
        for (String path : rosterPaths()) {
            roster(as(graded.bob), path)
                    .body(rows(path), hasSize(2))
                    .body(rows(path) + "[0].studentId", equalTo(graded.ada))
                    .body(rows(path) + "[0].grade", nullValue())
                    .body(rows(path) + "[1].studentId", equalTo(graded.bob))
                    .body(rows(path) + "[1].grade", equalTo("B"));
            roster(as(graded.ada), path)
                    .body(rows(path) + "[0].grade", equalTo("A"))
                    .body(rows(path) + "[1].grade", nullValue());
        }
    }

    @Test
    void aCallerNotOnTheRosterSeesNoGradeAtAll() {
        for (String path : rosterPaths()) {
            roster(as(uniqueId("anyone")), path)
                    .body(rows(path), hasSize(2))
                    .body(rows(path) + ".grade", equalTo(Arrays.asList(null, null)));
        }
    }

    @Test
    void theRegistrarAndTheCoursesInstructorSeeEveryGradeOnTheRoster() {
        for (String path : rosterPaths()) {
            for (RequestSpecification caller : List.of(as(uniqueId("registrar"), REGISTRAR),
                    as(graded.teacher, INSTRUCTOR))) {
                roster(caller, path)
                        .body(rows(path) + ".grade", equalTo(List.of("A", "B")));
            }
        }
    }

    @Test
    void anInstructorOfAnotherCourseSeesNoGradeOnTheRoster() {
        for (String path : rosterPaths()) {
            roster(as(uniqueId("teacher"), INSTRUCTOR), path)
                    .body(rows(path) + ".grade", equalTo(Arrays.asList(null, null)));
        }
    }

    @Test
    void theRosterIsOneQueryAndForAnInstructorAlsoOneGetItemOfTheCourse() {
        String path = "/courses/" + graded.course + "/students";
        for (RequestSpecification caller : List.of(as(uniqueId("registrar"), REGISTRAR), as(graded.bob))) {
            DynamoDbCallRecorder.reset();
            roster(caller, path);
            assertEquals(List.of("Query(GSI1)"), DynamoDbCallRecorder.operations());
        }
        DynamoDbCallRecorder.reset();
        roster(as(graded.teacher, INSTRUCTOR), path);
        assertEquals(List.of("GetItem", "Query(GSI1)"), DynamoDbCallRecorder.operations().stream().sorted().toList());
        DynamoDbCallRecorder.reset();
        // The course in the Query's answer is GSI1's copy, which may lag a change of instructors: it decides nothing.
        roster(as(graded.teacher, INSTRUCTOR), "/courses/" + graded.course + "?include=students");
        assertEquals(List.of("GetItem", "Query(GSI1)"), DynamoDbCallRecorder.operations().stream().sorted().toList());
        DynamoDbCallRecorder.reset();
        roster(as(uniqueId("registrar"), REGISTRAR), "/courses/" + graded.course + "?include=students");
        assertEquals(List.of("Query(GSI1)"), DynamoDbCallRecorder.operations());
    }

    @Test
    void aStudentSeesTheirOwnGradesOnTheirCoursesAndAnotherStudentIsRefused() {
        String edge = "/students/" + graded.ada + "/courses/" + graded.course;
        as(graded.ada).get("/students/{id}/courses", graded.ada).then().statusCode(200)
                .body("items[0].grade", equalTo("A"));
        as(graded.ada).get("/students/{id}?include=courses", graded.ada).then().statusCode(200)
                .body("courses.items[0].grade", equalTo("A"));
        as(graded.ada).get(edge).then().statusCode(200).body("grade", equalTo("A"));
        for (String path : List.of("/students/" + graded.ada + "/courses", "/students/" + graded.ada
                + "?include=courses", edge)) {
            as(graded.bob).get(path).then().statusCode(403).contentType("application/problem+json");
        }
    }

    @Test
    void theRegistrarSeesGradesOnAStudentsCourses() {
        RequestSpecification registrar = as(uniqueId("registrar"), REGISTRAR);
        registrar.get("/students/{id}/courses", graded.bob).then().statusCode(200)
                .body("items[0].grade", equalTo("B"));
        as(uniqueId("registrar"), REGISTRAR).get("/students/{id}?include=courses", graded.bob).then()
                .statusCode(200).body("courses.items[0].grade", equalTo("B"));
    }

    @Test
    void anInstructorSeesTheGradeOfTheirOwnCourseOnTheEnrollmentButNotAnotherCoursesInstructor() {
        String edge = "/students/" + graded.ada + "/courses/" + graded.course;
        as(graded.teacher, INSTRUCTOR).get(edge).then().statusCode(200).body("grade", equalTo("A"));
        as(uniqueId("teacher"), INSTRUCTOR).get(edge).then().statusCode(200)
                .body("courseId", equalTo(graded.course)).body("grade", nullValue());
    }

    @Test
    void anInstructorReadsAStudentsCourseListWithoutGrades() {
        for (String teacher : List.of(graded.teacher, uniqueId("teacher"))) {
            as(teacher, INSTRUCTOR).get("/students/{id}/courses", graded.ada).then().statusCode(200)
                    .body("items[0].courseId", equalTo(graded.course)).body("items[0].grade", nullValue());
            as(teacher, INSTRUCTOR).get("/students/{id}?include=courses", graded.ada).then().statusCode(200)
                    .body("courses.items[0].courseId", equalTo(graded.course))
                    .body("courses.items[0].grade", nullValue());
        }
    }

    @Test
    void everyAnswerCarryingEnrollmentsIsNotStored() {
        String ada = graded.ada;
        List<String> paths = new ArrayList<>(rosterPaths());
        paths.addAll(List.of("/students/" + ada + "/courses", "/students/" + ada + "?include=courses",
                "/students/" + ada + "/courses/" + graded.course));
        for (String path : paths) {
            for (RequestSpecification caller : List.of(as(ada), as(graded.teacher, INSTRUCTOR), asStaff())) {
                caller.get(path).then().statusCode(200).header("Cache-Control", "no-store");
            }
        }
        String student = newStudent("nostore");
        String courseId = newCourse("nostore", null);
        enroll(student, courseId).then().statusCode(201).header("Cache-Control", "no-store");
        asStaff().contentType(ContentType.JSON).body(Map.of("grade", "C"))
                .patch("/students/{sid}/courses/{cid}", student, courseId).then().statusCode(200)
                .header("Cache-Control", "no-store").body("grade", equalTo("C"));
    }
}
