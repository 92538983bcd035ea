package dev.trident.enrollment;

import static dev.trident.enrollment.Api.as;
import static dev.trident.enrollment.Api.asStaff;
import static dev.trident.enrollment.Api.course;
import static dev.trident.enrollment.Api.enroll;
import static dev.trident.enrollment.Api.newStudent;
import static dev.trident.enrollment.Api.putCourse;
import static dev.trident.enrollment.Api.uniqueId;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbCallRecorder;
import dev.trident.testing.TestTable;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * GET /students/{studentId}/courses?term=: a student's enrolments in one term, read by key from GSI2
 * ({@code STU#<studentId>#TERM#<term>}), paged like the student's whole list; the key lives and dies with the edge.
 */
@QuarkusTest
class StudentTermCoursesTest {

    @AfterAll
    static void noScanRan() {
        assertEquals(0, DynamoDbCallRecorder.scanCount());
    }

    private static String newTerm() {
        return uniqueId("term");
    }

    private static String courseIn(String term) {
        String id = uniqueId("tc");
        putCourse(id, course("Course " + id, 5, term, null)).then().statusCode(201);
        return id;
    }

    private static Response termCourses(RequestSpecification as, String studentId, String term, Integer limit,
            String cursor) {
        RequestSpecification request = as;
        if (term != null) {
            request.queryParam("term", term);
        }
        if (limit != null) {
            request.queryParam("limit", limit);
        }
        if (cursor != null) {
            request.queryParam("cursor", cursor);
        }
        return request.get("/students/{id}/courses", studentId);
    }

    private static List<String> courseIds(String studentId, String term) {
        return termCourses(asStaff(), studentId, term, 100, null).then().statusCode(200).extract()
                .path("items.courseId");
    }

    @Test
    void aStudentsEnrollmentsInOneTermListByCourseIdDescendingInPagesOfOneGsi2QueryEach() {
        String student = newStudent("term");
        String fall = newTerm();
        String spring = newTerm();
        List<String> fallCourses = new ArrayList<>(IntStream.range(0, 5).mapToObj(i -> courseIn(fall)).toList());
        List<String> springCourses = List.of(courseIn(spring), courseIn(spring));
        fallCourses.forEach(c -> enroll(student, c).then().statusCode(201));
        springCourses.forEach(c -> enroll(student, c).then().statusCode(201));
        enroll(newStudent("other"), fallCourses.get(0)).then().statusCode(201);

        List<String> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            DynamoDbCallRecorder.reset();
            Response page = termCourses(asStaff(), student, fall, 2, cursor);
            page.then().statusCode(200).body("items.courseTerm", everyItem(equalTo(fall)))
                    .body("items.studentId", everyItem(equalTo(student)));
            List<String> items = page.path("items.courseId");
            assertFalse(items.isEmpty(), "a page is never empty");
            seen.addAll(items);
            cursor = page.path("nextCursor");
            pages++;
            // One Query by key on GSI2: only this student's edges of this term are read, nothing read and dropped.
            List<DynamoDbCallRecorder.Call> calls = DynamoDbCallRecorder.calls().stream()
                    .filter(c -> !c.operation().equals("DescribeTable")).toList();
            assertEquals(List.of("Query(GSI2)"), calls.stream().map(Object::toString).toList());
            QueryRequest query = (QueryRequest) calls.get(0).request();
            assertEquals("GSI2", query.indexName());
            assertEquals("STU#" + student + "#TERM#" + fall, query.expressionAttributeValues().get(":pk").s());
            assertEquals("GSI2PK", query.expressionAttributeNames().get("#pk"));
            assertEquals(3, query.limit());
            assertNull(query.filterExpression());
            assertEquals(Boolean.FALSE, query.scanIndexForward());
        } while (cursor != null);
        assertEquals(fallCourses.stream().sorted(Comparator.reverseOrder()).toList(), seen);
        assertEquals(3, pages);

        termCourses(asStaff(), student, spring, null, null).then().statusCode(200)
                .body("items.courseId", equalTo(springCourses.stream().sorted(Comparator.reverseOrder()).toList()))
                .body("nextCursor", nullValue());
        termCourses(asStaff(), student, newTerm(), null, null).then().statusCode(200).body("items", hasSize(0))
                .body("nextCursor", nullValue());
        // Without a term the list is the student's whole partition, as before.
        termCourses(asStaff(), student, null, 100, null).then().statusCode(200).body("items", hasSize(7));
    }

    @Test
    void theEnrolTransactionWritesTheTermKeyOnTheEdge() {
        String student = newStudent("key");
        String term = newTerm();
        String courseId = courseIn(term);
        DynamoDbCallRecorder.reset();
        enroll(student, courseId).then().statusCode(201);
        TransactWriteItemsRequest enrol = DynamoDbCallRecorder.calls().stream()
                .map(DynamoDbCallRecorder.Call::request).filter(TransactWriteItemsRequest.class::isInstance)
                .map(TransactWriteItemsRequest.class::cast).findFirst().orElseThrow();
        var edge = enrol.transactItems().get(0).put().item();
        assertEquals("STU#" + student + "#TERM#" + term, edge.get("GSI2PK").s());
        assertEquals("CRS#" + courseId, edge.get("GSI2SK").s());
        // The seat is taken only while the course is still in the term copied onto the edge.
        var seat = enrol.transactItems().get(1).update();
        assertTrue(seat.expressionAttributeValues().values().stream().anyMatch(v -> term.equals(v.s())),
                seat::conditionExpression);
    }

    @Test
    void theStudentRegistrarAndInstructorsReadItOthersAre403AndNoTokenIs401() {
        String student = newStudent("who");
        String term = newTerm();
        String courseId = courseIn(term);
        enroll(student, courseId).then().statusCode(201);
        Api.grade(student, courseId, null, "A").then().statusCode(200);

        termCourses(as(student), student, term, null, null).then().statusCode(200)
                .header("Cache-Control", "no-store").body("items.grade", equalTo(List.of("A")));
        termCourses(as(uniqueId("registrar"), Api.REGISTRAR), student, term, null, null).then().statusCode(200)
                .body("items.grade", equalTo(List.of("A")));
        termCourses(as(uniqueId("teacher"), Api.INSTRUCTOR), student, term, null, null).then().statusCode(200)
                .body("items.courseId", equalTo(List.of(courseId)))
                .body("items[0].grade", nullValue());
        DynamoDbCallRecorder.reset();
        termCourses(as(uniqueId("classmate")), student, term, null, null).then().statusCode(403)
                .contentType("application/problem+json");
        given().queryParam("term", term).get("/students/{id}/courses", student).then().statusCode(401);
        assertEquals(List.of(), DynamoDbCallRecorder.operations(), "a refused caller reads nothing");
    }

    @ParameterizedTest
    @CsvSource(value = {
        "2026#fall|20|term",
        "'2026 fall'|20|term",
        "''|20|term",
        "-fall|20|term",
        "tttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttttt|20|term",
        "2026-fall|0|limit",
        "2026-fall|101|limit",
    }, delimiter = '|')
    void aBadTermOrLimitIs400NamingTheFieldAndReadsNothing(String term, String limit, String field) {
        DynamoDbCallRecorder.reset();
        asStaff().queryParam("term", term).queryParam("limit", limit).get("/students/{id}/courses", uniqueId("s"))
                .then().statusCode(400).contentType("application/problem+json")
                .body("errors.field", hasItem(field));
        assertEquals(List.of(), DynamoDbCallRecorder.operations());
    }

    @Test
    void aCursorResumesOnlyTheTermAndListItWasIssuedFor() {
        String student = newStudent("cursor");
        String term = newTerm();
        String other = newTerm();
        List.of(courseIn(term), courseIn(term), courseIn(other), courseIn(other))
                .forEach(c -> enroll(student, c).then().statusCode(201));
        String termCursor = termCourses(asStaff(), student, term, 1, null).path("nextCursor");
        String wholeCursor = termCourses(asStaff(), student, null, 1, null).path("nextCursor");
        String someoneElse = newStudent("else");
        DynamoDbCallRecorder.reset();
        termCourses(asStaff(), student, other, 1, termCursor).then().statusCode(400)
                .body("errors.field", hasItem("cursor"));
        termCourses(asStaff(), student, null, 1, termCursor).then().statusCode(400)
                .body("errors.field", hasItem("cursor"));
        termCourses(asStaff(), student, term, 1, wholeCursor).then().statusCode(400)
                .body("errors.field", hasItem("cursor"));
        termCourses(asStaff(), someoneElse, term, 1, termCursor).then().statusCode(400)
                .body("errors.field", hasItem("cursor"));
        assertEquals(List.of(), DynamoDbCallRecorder.operations(), "a refused cursor reads nothing");
    }

    @Test
    void aCourseKeepsItsTermWhileStudentsAreEnrolledAndMovesOnceNoneIs() {
        String student = newStudent("mover");
        String from = newTerm();
        String to = newTerm();
        String courseId = courseIn(from);
        enroll(student, courseId).then().statusCode(201);

        putCourse(courseId, course("Moved", 5, to, null)).then().statusCode(409)
                .contentType("application/problem+json")
                .body("detail", equalTo("course " + courseId + " has enrolments in term " + from
                        + " (1): its term changes only while nobody is enrolled"));
        asStaff().get("/courses/{id}", courseId).then().statusCode(200).body("term", equalTo(from))
                .body("title", equalTo("Course " + courseId));
        // The same term with other fields changes as ever.
        putCourse(courseId, course("Renamed", 5, from, null)).then().statusCode(200).body("title", equalTo("Renamed"));
        assertEquals(List.of(courseId), courseIds(student, from));

        asStaff().delete("/students/{sid}/courses/{cid}", student, courseId).then().statusCode(204);
        putCourse(courseId, course("Moved", 5, to, null)).then().statusCode(200).body("term", equalTo(to));
        enroll(student, courseId).then().statusCode(201).body("courseTerm", equalTo(to));
        assertEquals(List.of(), courseIds(student, from));
        assertEquals(List.of(courseId), courseIds(student, to));
    }

    @Test
    void aDeletedCourseOrStudentTakesItsTermKeysAndTheNextLifeListsOnlyItsOwn() {
        String student = newStudent("life");
        String term = newTerm();
        String courseId = courseIn(term);
        String kept = courseIn(term);
        enroll(student, courseId).then().statusCode(201);
        enroll(student, kept).then().statusCode(201);
        String firstEnrolledOn = asStaff().get("/students/{sid}/courses/{cid}", student, courseId).path("enrolledOn");

        asStaff().delete("/courses/{id}", courseId).then().statusCode(204);
        assertEquals(List.of(kept), courseIds(student, term));
        putCourse(courseId, course("Second life", 5, term, null)).then().statusCode(201);
        assertEquals(List.of(kept), courseIds(student, term), "the new life shows no edge of the old one");
        enroll(student, courseId).then().statusCode(201);
        Response again = termCourses(asStaff(), student, term, 100, null);
        again.then().statusCode(200).body("items.courseId",
                equalTo(List.of(courseId, kept).stream().sorted(Comparator.reverseOrder()).toList()));
        List<String> enrolledOn = again.path("items.findAll { it.courseId == '" + courseId + "' }.enrolledOn");
        assertFalse(enrolledOn.contains(firstEnrolledOn), "the edge listed is the new life's");

        asStaff().delete("/students/{id}", student).then().statusCode(204);
        assertEquals(List.of(), TestTable.holding("trident", "STU#" + student + "#TERM#"),
                "no item keeps the student's term key");
        Api.putStudent(student, Map.of("year", 1, "major", "Art")).then().statusCode(201);
        assertEquals(List.of(), courseIds(student, term));
    }
}
