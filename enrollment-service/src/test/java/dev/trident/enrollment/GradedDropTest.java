package dev.trident.enrollment;

import static dev.trident.enrollment.Api.REGISTRAR;
import static dev.trident.enrollment.Api.as;
import static dev.trident.enrollment.Api.asStaff;
import static dev.trident.enrollment.Api.grade;
import static dev.trident.enrollment.Api.newCourse;
import static dev.trident.enrollment.Api.newStudent;
import static dev.trident.enrollment.Api.uniqueId;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.enrollment.dependencies.Dependencies;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.ItemKey;
import dev.trident.keys.TableDefinition;
import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * DESIGN.md: "a graded enrolment is dropped only by registrar". The student's drop of a graded enrollment is a 409 and
 * changes nothing; the refusal is a condition of the drop transaction itself, not of an earlier read.
 */
@QuarkusTest
class GradedDropTest {

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    private Map<String, AttributeValue> stored(ItemKey key) {
        return dynamo.getItem(r -> r.tableName(table.tableName()).key(key.toAttributes()).consistentRead(true))
                .join().item();
    }

    /** A student enrolled by themselves in a new course, then graded by the registrar. */
    private record Enrollment(String student, String course) {
        String path() {
            return "/students/" + student + "/courses/" + course;
        }
    }

    private static Enrollment gradedEnrollment(String grade) {
        String student = newStudent("graded");
        String course = newCourse("graded", 10);
        as(student).put("/students/{sid}/courses/{cid}", student, course).then().statusCode(201);
        grade(student, course, null, grade).then().statusCode(200);
        return new Enrollment(student, course);
    }

    @Test
    void aStudentDroppingTheirGradedEnrollmentIs409AndNothingChanges() {
        Enrollment e = gradedEnrollment("B+");
        Map<String, AttributeValue> edgeBefore = stored(EnrollmentKeys.enrollment(e.student, e.course));
        Map<String, AttributeValue> courseBefore = stored(EnrollmentKeys.course(e.course));

        DynamoDbCallRecorder.reset();
        as(e.student).delete(e.path()).then().statusCode(409).contentType("application/problem+json")
                .body("status", equalTo(409)).body("detail", containsString("graded"));
        // One transaction decided it: no read before the write that a grade could slip past.
        assertEquals(List.of("TransactWriteItems"), DynamoDbCallRecorder.operations());

        assertEquals(edgeBefore, stored(EnrollmentKeys.enrollment(e.student, e.course)));
        assertEquals("B+", edgeBefore.get("grade").s());
        assertEquals(courseBefore, stored(EnrollmentKeys.course(e.course)));
        assertEquals("1", courseBefore.get("enrolledCount").n());
        // Enrolling again cannot reset the grade either: the edge is still there.
        as(e.student).put(e.path()).then().statusCode(409);
        as(e.student).get(e.path()).then().statusCode(200).body("grade", equalTo("B+"));
    }

    @Test
    void aGradeSetAfterTheStudentReadTheEnrollmentStillStopsTheDrop() {
        String student = newStudent("late");
        String course = newCourse("late", null);
        as(student).put("/students/{sid}/courses/{cid}", student, course).then().statusCode(201);
        String path = "/students/" + student + "/courses/" + course;
        as(student).get(path).then().statusCode(200).header("ETag", "\"1\"");
        grade(student, course, null, "F").then().statusCode(200);

        as(student).delete(path).then().statusCode(409).contentType("application/problem+json");
        // With the ETag read before the grade, the precondition is what failed first.
        as(student).header("If-Match", "\"1\"").delete(path).then().statusCode(412)
                .contentType("application/problem+json");
        as(student).header("If-Match", "\"2\"").delete(path).then().statusCode(409);
        assertEquals("F", stored(EnrollmentKeys.enrollment(student, course)).get("grade").s());
        assertEquals("1", stored(EnrollmentKeys.course(course)).get("enrolledCount").n());
    }

    @Test
    void theRegistrarDropsAGradedEnrollment() {
        Enrollment e = gradedEnrollment("W");
        long courseVersion = Long.parseLong(stored(EnrollmentKeys.course(e.course)).get("version").n());

        as(uniqueId("registrar"), REGISTRAR).delete(e.path()).then().statusCode(204);

        assertTrue(stored(EnrollmentKeys.enrollment(e.student, e.course)).isEmpty());
        Map<String, AttributeValue> course = stored(EnrollmentKeys.course(e.course));
        assertEquals("0", course.get("enrolledCount").n());
        assertEquals(Long.toString(courseVersion + 1), course.get("version").n());
    }

    @Test
    void aRegistrarCannotDropTheirOwnGradedEnrollment() {
        String registrar = Dependencies.newUser("Registrar Student");
        as(registrar, REGISTRAR).contentType(ContentType.JSON).body(Map.of("year", 1, "major", "Law"))
                .put("/students/{id}", registrar).then().statusCode(201);
        String course = newCourse("own", null);
        as(registrar, REGISTRAR).put("/students/{sid}/courses/{cid}", registrar, course).then().statusCode(201);
        grade(registrar, course, null, "A").then().statusCode(200);

        as(registrar, REGISTRAR).delete("/students/{sid}/courses/{cid}", registrar, course).then().statusCode(409);
        assertEquals("A", stored(EnrollmentKeys.enrollment(registrar, course)).get("grade").s());
        asStaff().delete("/students/{sid}/courses/{cid}", registrar, course).then().statusCode(204);
    }

    @Test
    void aStudentStillDropsAnUngradedEnrollment() {
        String student = newStudent("free");
        String course = newCourse("free", null);
        as(student).put("/students/{sid}/courses/{cid}", student, course).then().statusCode(201);
        as(student).delete("/students/{sid}/courses/{cid}", student, course).then().statusCode(204);
        assertTrue(stored(EnrollmentKeys.enrollment(student, course)).isEmpty());
        assertEquals("0", stored(EnrollmentKeys.course(course)).get("enrolledCount").n());
    }
}
