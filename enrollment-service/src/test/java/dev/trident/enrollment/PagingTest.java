package dev.trident.enrollment;

import static dev.trident.enrollment.Api.asStaff;
import static dev.trident.enrollment.Api.enroll;
import static dev.trident.enrollment.Api.newCourse;
import static dev.trident.enrollment.Api.newStudent;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** 45 enrollments read back 20 at a time from both sides: 20 + 20 + 5, no duplicate, no gap. */
@QuarkusTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PagingTest {

    private static final int ENROLLMENTS = 45;

    private String busyStudent;
    private List<String> coursesOfBusyStudent;
    private String busyCourse;
    private List<String> studentsOfBusyCourse;

    /** Once per class, but after Quarkus has pointed rest-assured at the test port. */
    @BeforeEach
    void enrollFortyFiveBothWays() {
        if (busyStudent != null) {
            return;
        }
        busyStudent = newStudent("pager");
        coursesOfBusyStudent = IntStream.range(0, ENROLLMENTS).parallel().mapToObj(i -> {
            String courseId = newCourse("paged", null);
            enroll(busyStudent, courseId).then().statusCode(201);
            return courseId;
        }).toList();
        busyCourse = newCourse("roster", null);
        studentsOfBusyCourse = IntStream.range(0, ENROLLMENTS).parallel().mapToObj(i -> {
            String studentId = newStudent("member");
            enroll(studentId, busyCourse).then().statusCode(201);
            return studentId;
        }).toList();
    }

    @AfterAll
    void noScanRan() {
        assertEquals(0, DynamoDbCallRecorder.scanCount());
    }

    @Test
    void aStudentsCoursesComeBackAs20Plus20Plus5InCourseIdOrderDescending() {
        List<String> read = readAll(cursor -> asStaff().queryParam("limit", 20).queryParam("cursor", cursor)
                .get("/students/{id}/courses", busyStudent), "items.courseId", "nextCursor", List.of(20, 20, 5),
                "Query");
        assertEquals(coursesOfBusyStudent.stream().sorted(Comparator.reverseOrder()).toList(), read);
    }

    @Test
    void aCoursesRosterComesBackAs20Plus20Plus5InStudentIdOrder() {
        List<String> read = readAll(cursor -> asStaff().queryParam("limit", 20).queryParam("cursor", cursor)
                .get("/courses/{id}/students", busyCourse), "items.studentId", "nextCursor", List.of(20, 20, 5),
                "Query(GSI1)");
        assertEquals(studentsOfBusyCourse.stream().sorted().toList(), read);
    }

    @Test
    void includeStudentsStartsTheRosterAndItsCursorContinuesIt() {
        JsonPath first = asStaff().queryParam("limit", 20).get("/courses/{id}?include=students", busyCourse)
                .then().statusCode(200).extract().jsonPath();
        List<String> read = new ArrayList<>(first.getList("students.items.studentId"));
        assertEquals(20, read.size());
        String cursor = first.getString("students.nextCursor");
        assertNotNull(cursor);
        read.addAll(readAll(c -> asStaff().queryParam("limit", 20).queryParam("cursor", c == null ? cursor : c)
                .get("/courses/{id}/students", busyCourse), "items.studentId", "nextCursor", List.of(20, 5),
                "Query(GSI1)"));
        assertEquals(studentsOfBusyCourse.stream().sorted().toList(), read);
    }

    @Test
    void includeCoursesStartsTheListAndItsCursorContinuesIt() {
        JsonPath first = asStaff().queryParam("limit", 20).get("/students/{id}?include=courses", busyStudent)
                .then().statusCode(200).extract().jsonPath();
        List<String> read = new ArrayList<>(first.getList("courses.items.courseId"));
        assertEquals(20, read.size());
        String cursor = first.getString("courses.nextCursor");
        read.addAll(readAll(c -> asStaff().queryParam("limit", 20).queryParam("cursor", c == null ? cursor : c)
                .get("/students/{id}/courses", busyStudent), "items.courseId", "nextCursor", List.of(20, 5), "Query"));
        assertEquals(coursesOfBusyStudent.stream().sorted(Comparator.reverseOrder()).toList(), read);
    }

    @Test
    void aCursorFromAnotherCoursesRosterIs400() {
        String otherCourse = newCourse("other", null);
        enroll(newStudent("other"), otherCourse).then().statusCode(201);
        enroll(newStudent("other"), otherCourse).then().statusCode(201);
        String foreign = asStaff().queryParam("limit", 1).get("/courses/{id}/students", otherCourse)
                .then().statusCode(200).extract().path("nextCursor");
        assertNotNull(foreign);
        DynamoDbCallRecorder.reset();
        asStaff().queryParam("cursor", foreign).get("/courses/{id}/students", busyCourse)
                .then().statusCode(400).contentType("application/problem+json")
                .body("errors[0].field", equalTo("cursor"));
        assertEquals(List.of(), DynamoDbCallRecorder.operations());
    }

    @Test
    void aRosterCursorDoesNotResumeAStudentsCourses() {
        String rosterCursor = asStaff().queryParam("limit", 5).get("/courses/{id}/students", busyCourse)
                .then().extract().path("nextCursor");
        asStaff().queryParam("cursor", rosterCursor).get("/students/{id}/courses", busyStudent)
                .then().statusCode(400).body("errors[0].field", equalTo("cursor"));
    }

    @Test
    void includeRoutesDoNotTakeACursor() {
        String cursor = asStaff().queryParam("limit", 5).get("/courses/{id}/students", busyCourse)
                .then().extract().path("nextCursor");
        asStaff().queryParam("cursor", cursor).get("/courses/{id}?include=students", busyCourse)
                .then().statusCode(400).body("errors[0].field", equalTo("cursor"));
        asStaff().queryParam("cursor", cursor).get("/students/{id}?include=courses", busyStudent)
                .then().statusCode(400).body("errors[0].field", equalTo("cursor"));
    }

    @Test
    void aTamperedCursorIs400() {
        String cursor = asStaff().queryParam("limit", 5).get("/courses/{id}/students", busyCourse)
                .then().extract().path("nextCursor");
        String[] parts = cursor.split("\\.");
        byte[] payload = Base64.getUrlDecoder().decode(parts[2]);
        payload[payload.length / 2] ^= 1;
        parts[2] = Base64.getUrlEncoder().withoutPadding().encodeToString(payload);
        asStaff().queryParam("cursor", String.join(".", parts)).get("/courses/{id}/students", busyCourse)
                .then().statusCode(400).contentType("application/problem+json")
                .body("errors[0].field", equalTo("cursor"));
        asStaff().queryParam("cursor", "garbage").get("/students/{id}/courses", busyStudent)
                .then().statusCode(400).body("errors[0].field", equalTo("cursor"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "101", "-1", "abc", "2.5"})
    void limitsOutOfRangeAre400(String limit) {
        asStaff().queryParam("limit", limit).get("/courses/{id}/students", busyCourse)
                .then().statusCode(400).contentType("application/problem+json")
                .body("errors[0].field", equalTo("limit"));
        asStaff().queryParam("limit", limit).get("/students/{id}/courses", busyStudent)
                .then().statusCode(400).body("errors[0].field", equalTo("limit"));
        asStaff().queryParam("limit", limit).get("/students/{id}?include=courses", busyStudent)
                .then().statusCode(400).body("errors[0].field", equalTo("limit"));
        asStaff().queryParam("limit", limit).get("/courses/{id}?include=students", busyCourse)
                .then().statusCode(400).body("errors[0].field", equalTo("limit"));
    }

    /**
     * Follows nextCursor to the end, asserting the page sizes, one DynamoDB call of the expected kind per page,
     * and that no id repeats.
     */
    private static List<String> readAll(Function<String, io.restassured.response.Response> fetch, String idsPath,
            String cursorPath, List<Integer> expectedSizes, String operation) {
        List<String> all = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        String cursor = null;
        do {
            DynamoDbCallRecorder.reset();
            JsonPath page = fetch.apply(cursor).then().statusCode(200).extract().jsonPath();
            assertEquals(List.of(operation), DynamoDbCallRecorder.operations());
            List<String> ids = page.getList(idsPath);
            sizes.add(ids.size());
            all.addAll(ids);
            cursor = page.getString(cursorPath);
        } while (cursor != null);
        assertEquals(expectedSizes, sizes);
        assertEquals(all.size(), new HashSet<>(all).size(), "no id twice");
        assertNull(cursor);
        return all;
    }
}
