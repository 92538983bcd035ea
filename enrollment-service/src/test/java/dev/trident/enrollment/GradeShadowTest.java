package dev.trident.enrollment;

import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * docs/api.md "Who may do what": a caller who may not see a grade sees nothing that moves with it. On a roster another
 * student reads, graded and ungraded rows look alike (no version, no updatedAt); an instructor of another course gets
 * no version and no ETag for a single enrollment. Those who see the grade still get both.
 */
@QuarkusTest
class GradeShadowTest {

    @Test
    void aRosterSeenByAnotherStudentDoesNotTellWhoWasGraded() {
        String course = Api.newCourse("shadow", null);
        String graded = Api.newStudent("graded");
        String ungraded = Api.newStudent("ungraded");
        String reader = Api.newStudent("reader");
        for (String s : List.of(graded, ungraded, reader)) {
            Api.enroll(s, course).then().statusCode(201);
        }
        Api.grade(graded, course, null, "F").then().statusCode(200);

        for (String path : List.of("/courses/{c}/students", "/courses/{c}?include=students")) {
            String items = path.contains("include") ? "students.items" : "items";
            Api.as(reader).get(path, course).then().statusCode(200)
                    .body(items + ".findAll { it.studentId != '" + reader + "' }.version", everyItem(nullValue()))
                    .body(items + ".findAll { it.studentId != '" + reader + "' }.updatedAt", everyItem(nullValue()))
                    .body(items + ".findAll { it.studentId != '" + reader + "' }.grade", everyItem(nullValue()))
                    // Their own row is theirs to see.
                    .body(items + ".find { it.studentId == '" + reader + "' }.version", equalTo(1));
            Api.asStaff().get(path, course).then().statusCode(200)
                    .body(items + ".version", hasItem(2)).body(items + ".grade", hasItem("F"));
        }
    }

    @Test
    void anInstructorOfAnotherCourseGetsNoVersionNorETagOfAGradedEnrollment() {
        String course = Api.newCourse("shadow-one", null);
        String student = Api.newStudent("graded-one");
        Api.enroll(student, course).then().statusCode(201);
        Api.grade(student, course, null, "B").then().statusCode(200);
        String path = "/students/{s}/courses/{c}";

        Api.as(Api.uniqueId("other-instructor"), Api.INSTRUCTOR).get(path, student, course).then().statusCode(200)
                .header("ETag", nullValue()).body("grade", nullValue()).body("version", nullValue())
                .body("updatedAt", nullValue()).body("enrolledOn", org.hamcrest.Matchers.notNullValue());
        Api.as(student).get(path, student, course).then().statusCode(200).header("ETag", "\"2\"")
                .body("grade", equalTo("B")).body("version", equalTo(2));
    }
}
