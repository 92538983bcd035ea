package dev.trident.enrollment;

import static dev.trident.enrollment.Api.asStaff;
import static dev.trident.enrollment.Api.course;
import static dev.trident.enrollment.Api.enroll;
import static dev.trident.enrollment.Api.grade;
import static dev.trident.enrollment.Api.newCourse;
import static dev.trident.enrollment.Api.newStudent;
import static dev.trident.enrollment.Api.putCourse;
import static dev.trident.enrollment.Api.putStudent;
import static dev.trident.enrollment.Api.uniqueId;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.trident.enrollment.dependencies.Dependencies;
import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * Runs every access pattern once, proves each DynamoDB call asked for (and got) its consumed capacity, and writes
 * what DynamoDB Local reported to {@code target/consumed-capacity.md} (and the log).
 */
@QuarkusTest
class ConsumedCapacityReportTest {

    private static final Logger LOG = Logger.getLogger(ConsumedCapacityReportTest.class);

    @Test
    void everyAccessPatternReportsItsConsumedCapacity() throws IOException {
        String studentId = Dependencies.newUser("Cap");
        String courseId = uniqueId("cap");
        String other = newStudent("cap");
        Map<String, Runnable> patterns = new LinkedHashMap<>();
        patterns.put("PUT /students/{id} (create)", () -> putStudent(studentId,
                Map.of("year", 1, "major", "Art")).then().statusCode(201));
        patterns.put("PUT /students/{id} (replace)", () -> putStudent(studentId,
                Map.of("year", 2, "major", "Art")).then().statusCode(200));
        patterns.put("GET /students/{id}", () -> asStaff().get("/students/{id}", studentId).then().statusCode(200));
        patterns.put("PUT /courses/{id} (create)", () -> putCourse(courseId, course("Cap", 3, "t", 10))
                .then().statusCode(201));
        patterns.put("PUT /courses/{id} (update)", () -> putCourse(courseId, course("Cap 2", 3, "t", 10))
                .then().statusCode(200));
        patterns.put("GET /courses/{id}", () -> asStaff().get("/courses/{id}", courseId).then().statusCode(200));
        patterns.put("PUT /students/{sid}/courses/{cid} (enrol)", () -> enroll(studentId, courseId)
                .then().statusCode(201));
        patterns.put("PUT /students/{sid}/courses/{cid} (already enrolled, 409)", () -> enroll(studentId, courseId)
                .then().statusCode(409));
        patterns.put("GET /students/{sid}/courses/{cid}", () -> asStaff()
                .get("/students/{sid}/courses/{cid}", studentId, courseId).then().statusCode(200));
        patterns.put("PATCH /students/{sid}/courses/{cid}", () -> grade(studentId, courseId, "\"1\"", "A")
                .then().statusCode(200));
        patterns.put("GET /students/{id}?include=courses", () -> asStaff()
                .get("/students/{id}?include=courses", studentId).then().statusCode(200));
        patterns.put("GET /students/{id}/courses", () -> asStaff()
                .get("/students/{id}/courses", studentId).then().statusCode(200));
        patterns.put("GET /students/{id}/courses?term=", () -> asStaff().queryParam("term", "t")
                .get("/students/{id}/courses", studentId).then().statusCode(200).body("items.size()", equalTo(1)));
        patterns.put("GET /courses/{id}?include=students", () -> asStaff()
                .get("/courses/{id}?include=students", courseId).then().statusCode(200));
        patterns.put("GET /courses/{id}/students", () -> asStaff()
                .get("/courses/{id}/students", courseId).then().statusCode(200));
        patterns.put("DELETE /students/{sid}/courses/{cid}", () -> asStaff()
                .delete("/students/{sid}/courses/{cid}", studentId, courseId).then().statusCode(204));
        patterns.put("DELETE /students/{sid}/courses/{cid} (not enrolled, 404)", () -> asStaff()
                .delete("/students/{sid}/courses/{cid}", studentId, courseId).then().statusCode(404));
        patterns.put("PUT /students/{sid}/courses/{cid} (course full, 409)", () -> {
            String tiny = newCourse("tiny", 1);
            enroll(other, tiny).then().statusCode(201);
            DynamoDbCallRecorder.reset();
            enroll(studentId, tiny).then().statusCode(409);
        });

        List<String> lines = new ArrayList<>(List.of("| access pattern | DynamoDB calls | consumed capacity |",
                "|---|---|---|"));
        for (Map.Entry<String, Runnable> pattern : patterns.entrySet()) {
            DynamoDbCallRecorder.reset();
            pattern.getValue().run();
            List<DynamoDbCallRecorder.Call> calls = DynamoDbCallRecorder.calls().stream()
                    .filter(c -> !c.operation().equals("DescribeTable")).toList();
            assertFalse(calls.isEmpty(), pattern.getKey());
            for (DynamoDbCallRecorder.Call call : calls) {
                assertNotNull(call.request().getValueForField("ReturnConsumedCapacity", Object.class).orElse(null),
                        pattern.getKey() + ": " + call + " did not ask for its consumed capacity");
            }
            boolean rejected = pattern.getKey().contains(", 4");
            if (!rejected) {
                // The last call of a successful pattern got an answer, and with it the capacity.
                assertNotNull(calls.get(calls.size() - 1).consumedCapacity(), pattern.getKey());
            }
            lines.add("| " + pattern.getKey() + " | " + calls.stream().map(Object::toString)
                    .collect(Collectors.joining(", ")) + " | " + calls.stream()
                    .map(c -> c.consumedCapacity() == null ? "(condition failed: no capacity in the error)"
                            : String.valueOf(c.consumedCapacity())).collect(Collectors.joining("; ")) + " |");
        }
        String report = String.join("\n", lines) + "\n";
        LOG.info("consumed capacity per access pattern (DynamoDB Local):\n" + report);
        Files.writeString(Path.of("target", "consumed-capacity.md"), report);
        assertEquals(0, DynamoDbCallRecorder.scanCount());
    }
}
