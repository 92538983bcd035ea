package dev.trident.enrollment;

import static dev.trident.enrollment.Api.asStaff;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

@QuarkusTest
class StudentRouteSmokeTest {

    @Test
    void unknownStudentIsA404ProblemFromOneGetItem() {
        DynamoDbCallRecorder.reset();
        asStaff().when().get("/students/nobody")
                .then().statusCode(404)
                .contentType("application/problem+json")
                .body("status", equalTo(404))
                .body("title", equalTo("Not found"));
        assertEquals(List.of("GetItem"), DynamoDbCallRecorder.operations());
    }

    @Test
    void idOutsideThePatternIsA400ProblemThatNamesTheField() {
        DynamoDbCallRecorder.reset();
        asStaff().when().get("/students/a%23b")
                .then().statusCode(400)
                .contentType("application/problem+json")
                .body("errors[0].field", equalTo("studentId"));
        assertEquals(List.of(), DynamoDbCallRecorder.operations());
    }
}
