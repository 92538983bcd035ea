package dev.trident.enrollment;

import static dev.trident.enrollment.Api.INSTRUCTOR;
import static dev.trident.enrollment.Api.REGISTRAR;
import static dev.trident.enrollment.Api.as;
import static dev.trident.enrollment.Api.asStaff;
import static dev.trident.enrollment.Api.course;
import static dev.trident.enrollment.Api.enroll;
import static dev.trident.enrollment.Api.newCourse;
import static dev.trident.enrollment.Api.newStudent;
import static dev.trident.enrollment.Api.putCourse;
import static dev.trident.enrollment.Api.uniqueId;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.nullValue;
import static org.hamcrest.Matchers.startsWith;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.TableDefinition;
import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Instructors are bound to courses (enrollment-service/README.md): the registrar names a course's {@code
 * instructorIds}; an instructor grades only enrollments of a course that names them, checked in the grade's own
 * transaction.
 */
@QuarkusTest
class InstructorBindingTest {

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    private Map<String, AttributeValue> storedEdge(String studentId, String courseId) {
        return dynamo.getItem(r -> r.tableName(table.tableName())
                .key(EnrollmentKeys.enrollment(studentId, courseId).toAttributes()).consistentRead(true)).join().item();
    }

    private static String taughtCourse(String... instructorIds) {
        String id = uniqueId("taught");
        Map<String, Object> body = course("Taught " + id, 5, "2026-fall", null);
        body.put("instructorIds", List.of(instructorIds));
        putCourse(id, body).then().statusCode(201);
        return id;
    }

    private static Response gradeAs(String instructor, String studentId, String courseId, String grade) {
        return as(instructor, INSTRUCTOR).contentType(ContentType.JSON).body(Map.of("grade", grade))
                .patch("/students/{sid}/courses/{cid}", studentId, courseId);
    }

    @Test
    void theRegistrarNamesACoursesInstructorsAndTheCourseShowsThem() {
        String courseId = taughtCourse("t-zoe", "t-amy", "t-zoe");
        asStaff().get("/courses/{id}", courseId).then().statusCode(200)
                .body("instructorIds", equalTo(List.of("t-amy", "t-zoe")));
        // A PUT without instructorIds leaves the course without instructors, as it does with workspaceId.
        putCourse(courseId, course("Untaught", 5, "2026-fall", null)).then().statusCode(200)
                .body("instructorIds", empty());
        asStaff().get("/courses/{id}", newCourse("old", null)).then().statusCode(200).body("instructorIds", empty());
    }

    @Test
    void aCoursesInstructorGradesItInOneReadAndOneTransaction() {
        String teacher = uniqueId("teacher");
        String courseId = taughtCourse(teacher);
        String student = newStudent("taught");
        enroll(student, courseId).then().statusCode(201);

        DynamoDbCallRecorder.reset();
        gradeAs(teacher, student, courseId, "B-").then().statusCode(200).header("ETag", "\"2\"")
                .body("grade", equalTo("B-")).body("version", equalTo(2)).body("studentId", equalTo(student))
                .body("courseTitle", equalTo("Taught " + courseId));
        assertEquals(List.of("GetItem", "TransactWriteItems"), DynamoDbCallRecorder.operations());
        assertEquals("B-", storedEdge(student, courseId).get("grade").s());
        assertEquals("2", storedEdge(student, courseId).get("version").n());

        as(teacher, INSTRUCTOR).contentType(ContentType.JSON).body(Map.of("grade", "A")).header("If-Match", "\"1\"")
                .patch("/students/{sid}/courses/{cid}", student, courseId).then().statusCode(412)
                .contentType("application/problem+json");
        as(teacher, INSTRUCTOR).contentType(ContentType.JSON).body(Map.of("grade", "A")).header("If-Match", "\"2\"")
                .patch("/students/{sid}/courses/{cid}", student, courseId).then().statusCode(200)
                .header("ETag", "\"3\"");
        gradeAs(teacher, newStudent("absent"), courseId, "A").then().statusCode(404)
                .contentType("application/problem+json").body("detail", containsString("not enrolled"));
    }

    @Test
    void anInstructorOfAnotherCourseCannotGradeAndNothingIsWritten() {
        String teacher = uniqueId("teacher");
        String otherTeacher = uniqueId("teacher");
        String courseId = taughtCourse(teacher);
        taughtCourse(otherTeacher);
        String student = newStudent("guarded");
        enroll(student, courseId).then().statusCode(201);

        gradeAs(otherTeacher, student, courseId, "F").then().statusCode(403)
                .contentType("application/problem+json").body("detail", containsString(courseId));

        Map<String, AttributeValue> edge = storedEdge(student, courseId);
        assertFalse(edge.containsKey("grade"), edge.toString());
        assertEquals("1", edge.get("version").n());
    }

    @Test
    void aCourseWithoutInstructorsIsGradedByTheRegistrarOnly() {
        String courseId = newCourse("old", null);
        String student = newStudent("old");
        enroll(student, courseId).then().statusCode(201);

        gradeAs(uniqueId("teacher"), student, courseId, "A").then().statusCode(403);
        assertFalse(storedEdge(student, courseId).containsKey("grade"));
        as(uniqueId("registrar"), REGISTRAR).contentType(ContentType.JSON).body(Map.of("grade", "P"))
                .patch("/students/{sid}/courses/{cid}", student, courseId).then().statusCode(200)
                .body("grade", equalTo("P"));
    }

    @Test
    void aFormerInstructorLosesTheRightWhenTheRegistrarRenamesThem() {
        String before = uniqueId("teacher");
        String after = uniqueId("teacher");
        String courseId = taughtCourse(before);
        String student = newStudent("switch");
        enroll(student, courseId).then().statusCode(201);
        Map<String, Object> body = course("Taught " + courseId, 5, "2026-fall", null);
        body.put("instructorIds", List.of(after));
        putCourse(courseId, body).then().statusCode(200).body("instructorIds", equalTo(List.of(after)));

        gradeAs(before, student, courseId, "C").then().statusCode(403);
        gradeAs(after, student, courseId, "C+").then().statusCode(200).body("grade", equalTo("C+"));
        asStaff().get("/students/{sid}/courses/{cid}", student, courseId).then().body("grade", equalTo("C+"));
    }

    @Test
    void badInstructorIdsAre400NamingTheFieldAndWriteNothing() {
        String courseId = uniqueId("bad");
        List<Object> tooMany = new ArrayList<>(IntStream.range(0, 21).mapToObj(i -> "t" + i).toList());
        List<Object> withNull = new ArrayList<>(List.of("t1"));
        withNull.add(null);
        for (Object instructorIds : List.of(List.of("bad#id"), tooMany, "t1", List.of(7), withNull,
                Collections.singletonMap("id", "t1"))) {
            Map<String, Object> body = course("Bad", 5, "2026-fall", null);
            body.put("instructorIds", instructorIds);
            putCourse(courseId, body).then().statusCode(400).contentType("application/problem+json")
                    .body("errors.field", hasItem(startsWith("instructorIds")));
        }
        Map<String, Object> body = course("Bad", 5, "2026-fall", null);
        body.put("instructorIds", withNull);
        putCourse(courseId, body).then().statusCode(400).body("errors[0].field", equalTo("instructorIds[1]"));
        body.put("instructorIds", List.of("t1", "t2", "-t3"));
        putCourse(courseId, body).then().statusCode(400).body("errors[0].field", equalTo("instructorIds[2]"));
        asStaff().get("/courses/{id}", courseId).then().statusCode(404);
    }

    @Test
    void theOpenApiDocumentDescribesInstructorIds() {
        asStaff().get("/q/openapi?format=json").then().statusCode(200)
                .body("components.schemas.PutCourseRequest.properties.instructorIds.type", equalTo("array"))
                .body("components.schemas.PutCourseRequest.properties.instructorIds.maxItems", equalTo(20))
                .body("components.schemas.Course.properties.instructorIds.type", equalTo("array"))
                .body("components.schemas.Enrollment.properties.grade.description", containsString("registrar"));
    }

    @Test
    void aStudentCannotGradeEvenWhenNamedAnInstructorOfTheCourse() {
        String student = newStudent("self");
        String courseId = taughtCourse(student);
        enroll(student, courseId).then().statusCode(201);
        gradeAs(student, student, courseId, "A").then().statusCode(403);
        asStaff().get("/students/{sid}/courses/{cid}", student, courseId).then().body("grade", nullValue());
    }
}
