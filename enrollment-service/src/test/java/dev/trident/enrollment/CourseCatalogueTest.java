package dev.trident.enrollment;

import static dev.trident.enrollment.Api.as;
import static dev.trident.enrollment.Api.asStaff;
import static dev.trident.enrollment.Api.course;
import static dev.trident.enrollment.Api.putCourse;
import static dev.trident.enrollment.Api.uniqueId;
import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/** GET /courses?term=: a term's catalogue from GSI2, by course id, paged; and the reads that carry an ETag. */
@QuarkusTest
class CourseCatalogueTest {

    @AfterAll
    static void noScanRan() {
        assertEquals(0, DynamoDbCallRecorder.scanCount());
    }

    private static String newTerm() {
        return uniqueId("term");
    }

    private static String courseIn(String term, String prefix) {
        String id = uniqueId(prefix);
        putCourse(id, course("Course " + id, 5, term, null)).then().statusCode(201);
        return id;
    }

    private static Response catalogue(RequestSpecification as, String term, Integer limit, String cursor) {
        RequestSpecification request = as.queryParam("term", term);
        if (limit != null) {
            request.queryParam("limit", limit);
        }
        if (cursor != null) {
            request.queryParam("cursor", cursor);
        }
        return request.get("/courses");
    }

    @Test
    void aTermsCoursesListByCourseIdInPagesOfOneGsi2QueryEach() {
        String term = newTerm();
        List<String> ids = new ArrayList<>(IntStream.range(0, 5).mapToObj(i -> courseIn(term, "cat")).toList());
        courseIn(newTerm(), "elsewhere");
        List<String> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            DynamoDbCallRecorder.reset();
            Response page = catalogue(asStaff(), term, 2, cursor);
            page.then().statusCode(200).body("items.term", org.hamcrest.Matchers.everyItem(equalTo(term)));
            List<String> items = page.path("items.courseId");
            assertFalse(items.isEmpty(), "a page is never empty");
            seen.addAll(items);
            cursor = page.path("nextCursor");
            pages++;
            List<DynamoDbCallRecorder.Call> calls = DynamoDbCallRecorder.calls().stream()
                    .filter(c -> !c.operation().equals("DescribeTable")).toList();
            assertEquals(List.of("Query(GSI2)"), calls.stream().map(Object::toString).toList());
            QueryRequest query = (QueryRequest) calls.get(0).request();
            assertEquals("TERM#" + term, query.expressionAttributeValues().get(":pk").s());
            assertEquals("GSI2PK", query.expressionAttributeNames().get("#pk"));
            assertEquals(3, query.limit());
            assertNull(query.filterExpression());
            assertTrue(query.scanIndexForward() == null || query.scanIndexForward());
        } while (cursor != null);
        assertEquals(ids.stream().sorted().toList(), seen);
        assertEquals(3, pages);
    }

    @Test
    void aCoursePutWithAnotherTermMovesToThatTermsCatalogue() {
        String from = newTerm();
        String to = newTerm();
        String id = courseIn(from, "mover");
        catalogue(asStaff(), from, null, null).then().body("items.courseId", equalTo(List.of(id)));
        putCourse(id, course("Moved", 5, to, null)).then().statusCode(200).body("term", equalTo(to));
        catalogue(asStaff(), from, null, null).then().statusCode(200).body("items", hasSize(0))
                .body("nextCursor", nullValue());
        catalogue(asStaff(), to, null, null).then().statusCode(200)
                .body("items.courseId", equalTo(List.of(id))).body("items[0].title", equalTo("Moved"));
    }

    @Test
    void anyAuthenticatedCallerListsAndNoTokenIs401() {
        String term = newTerm();
        String id = courseIn(term, "open");
        catalogue(as(uniqueId("someone")), term, null, null).then().statusCode(200)
                .body("items.courseId", equalTo(List.of(id)));
        catalogue(as(uniqueId("teacher"), Api.INSTRUCTOR), term, null, null).then().statusCode(200)
                .body("items.courseId", equalTo(List.of(id)));
        given().queryParam("term", term).get("/courses").then().statusCode(401);
        catalogue(asStaff(), newTerm(), null, null).then().statusCode(200).body("items", hasSize(0))
                .body("nextCursor", nullValue());
    }

    @ParameterizedTest
    @CsvSource(value = {
        "2026#fall|20|term",
        "'2026 fall'|20|term",
        "''|20|term",
        "-fall|20|term",
        "2026-fall|0|limit",
        "2026-fall|101|limit",
        "2026-fall|many|limit",
    }, delimiter = '|')
    void badTermOrLimitIs400NamingTheFieldAndReadsNothing(String term, String limit, String field) {
        DynamoDbCallRecorder.reset();
        asStaff().queryParam("term", term).queryParam("limit", limit).get("/courses")
                .then().statusCode(400).contentType("application/problem+json")
                .body("errors.field", hasItem(field));
        assertEquals(List.of(), DynamoDbCallRecorder.operations());
    }

    @Test
    void aMissingTermATooLongTermAndForeignOrForgedCursorsAre400() {
        DynamoDbCallRecorder.reset();
        asStaff().get("/courses").then().statusCode(400).body("errors.field", hasItem("term"));
        asStaff().queryParam("term", "t".repeat(65)).get("/courses").then().statusCode(400)
                .body("errors.field", hasItem("term"));
        assertEquals(List.of(), DynamoDbCallRecorder.operations());

        String term = newTerm();
        courseIn(term, "a");
        courseIn(term, "b");
        String cursor = catalogue(asStaff(), term, 1, null).path("nextCursor");
        // A cursor resumes only the term it was issued for; a forged one is refused too. Neither reads the index.
        DynamoDbCallRecorder.reset();
        catalogue(asStaff(), newTerm(), 1, cursor).then().statusCode(400).body("errors.field", hasItem("cursor"));
        catalogue(asStaff(), term, 1, cursor.substring(0, cursor.length() - 2) + "xx").then().statusCode(400)
                .body("errors.field", hasItem("cursor"));
        assertEquals(List.of(), DynamoDbCallRecorder.operations());
    }

    @Test
    void aCourseWhoseTermIsOutsideTheGrammarIsRefusedAndNothingIsWritten() {
        String id = uniqueId("hash");
        DynamoDbCallRecorder.reset();
        putCourse(id, course("T", 3, "2026#fall", null)).then().statusCode(400)
                .contentType("application/problem+json").body("errors.field", hasItem("term"));
        putCourse(id, course("T", 3, "2026 fall", null)).then().statusCode(400).body("errors.field", hasItem("term"));
        assertEquals(List.of(), DynamoDbCallRecorder.operations());
        asStaff().get("/courses/{id}", id).then().statusCode(404);
    }

    @Test
    void everyReadAnsweringWithAnETagIsStronglyConsistentAndTheIndexReadCarriesNone() {
        String id = courseIn(newTerm(), "etag");
        String student = Api.newStudent("etag");
        Api.enroll(student, id).then().statusCode(201);
        readsStrongly(() -> asStaff().get("/courses/{id}", id).then().statusCode(200).header("ETag", "\"2\""));
        readsStrongly(() -> asStaff().get("/students/{id}", student).then().statusCode(200).header("ETag", "\"1\""));
        readsStrongly(() -> asStaff().queryParam("include", "courses").get("/students/{id}", student).then()
                .statusCode(200).header("ETag", "\"1\""));
        readsStrongly(() -> asStaff().get("/students/{sid}/courses/{cid}", student, id).then().statusCode(200)
                .header("ETag", "\"1\""));
        // include=students reads GSI1 (eventually consistent): the answer has no ETag to send back in If-Match.
        asStaff().queryParam("include", "students").get("/courses/{id}", id).then().statusCode(200)
                .header("ETag", nullValue()).body("course.courseId", equalTo(id));
    }

    /** The request's reads (GetItem, Query) were all made with ConsistentRead = true. */
    private static void readsStrongly(Runnable request) {
        DynamoDbCallRecorder.reset();
        request.run();
        List<Boolean> consistentReads = DynamoDbCallRecorder.calls().stream().map(DynamoDbCallRecorder.Call::request)
                .filter(r -> r instanceof GetItemRequest || r instanceof QueryRequest)
                .map(r -> r instanceof GetItemRequest get ? get.consistentRead() : ((QueryRequest) r).consistentRead())
                .toList();
        assertFalse(consistentReads.isEmpty());
        assertTrue(consistentReads.stream().allMatch(Boolean.TRUE::equals), consistentReads::toString);
    }
}
