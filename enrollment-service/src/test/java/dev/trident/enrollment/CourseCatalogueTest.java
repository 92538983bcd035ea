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
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.Shards;
import dev.trident.testing.DynamoDbCallRecorder;
import dev.trident.testing.TestTable;
import io.quarkus.test.junit.QuarkusTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.jboss.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * GET /courses?term=: a term's catalogue from its GSI2 write shards, merged by course id, paged; and the reads that
 * carry an ETag.
 */
@QuarkusTest
class CourseCatalogueTest {

    @AfterAll
    static void noScanRan() {
        assertEquals(0, DynamoDbCallRecorder.scanCount());
    }

    static String newTerm() {
        return uniqueId("term");
    }

    static String courseIn(String term, String prefix) {
        String id = uniqueId(prefix);
        putCourse(id, course("Course " + id, 5, term, null)).then().statusCode(201);
        return id;
    }

    static Response catalogue(RequestSpecification as, String term, Integer limit, String cursor) {
        RequestSpecification request = as.queryParam("term", term);
        if (limit != null) {
            request.queryParam("limit", limit);
        }
        if (cursor != null) {
            request.queryParam("cursor", cursor);
        }
        return request.get("/courses");
    }

    /** The catalogue shard count of the default configuration. */
    static final int SHARDS = 8;

    @Test
    void aTermsCoursesListByCourseIdOnceEachOverEveryShardAtEveryLimit() {
        String term = newTerm();
        List<String> ids = IntStream.range(0, 30).mapToObj(i -> courseIn(term, "cat")).sorted().toList();
        courseIn(newTerm(), "elsewhere");
        for (int limit : new int[] {1, 2, 3, 7, 29, 30, 100}) {
            assertEquals(ids, listEveryPage(term, limit, SHARDS), "limit " + limit);
        }
    }

    /**
     * Lists a term's catalogue to its end, page by page, checking what every page must be: not empty, no longer than
     * the limit, the term's courses in course id order, read by Queries of GSI2 only, the first round one Query per
     * shard ({@code TERM#<term>#0..shards-1}) without a filter, in ascending order.
     */
    static List<String> listEveryPage(String term, int limit, int shards) {
        List<String> seen = new ArrayList<>();
        String cursor = null;
        do {
            DynamoDbCallRecorder.reset();
            Response page = catalogue(asStaff(), term, limit, cursor);
            page.then().statusCode(200).body("items.term", org.hamcrest.Matchers.everyItem(equalTo(term)));
            List<String> items = page.path("items.courseId");
            assertFalse(items.isEmpty(), "a page is never empty");
            assertTrue(items.size() <= limit);
            seen.addAll(items);
            cursor = page.path("nextCursor");
            List<QueryRequest> queries = DynamoDbCallRecorder.calls().stream()
                    .filter(c -> !c.operation().equals("DescribeTable"))
                    .map(c -> assertInstanceOf(QueryRequest.class, c.request())).toList();
            for (QueryRequest query : queries) {
                assertEquals("GSI2", query.indexName());
                assertEquals("GSI2PK", query.expressionAttributeNames().get("#pk"));
                assertNull(query.filterExpression());
                assertTrue(query.scanIndexForward() == null || query.scanIndexForward());
                assertTrue(query.limit() <= limit + 1, "a shard is never read for more than the page needs");
            }
            if (seen.size() == items.size()) {
                assertEquals(IntStream.range(0, shards).mapToObj(n -> "TERM#" + term + "#" + n).toList(),
                        queries.subList(0, shards).stream()
                                .map(q -> q.expressionAttributeValues().get(":pk").s()).toList(),
                        "the first page's first round reads every shard once");
            }
        } while (cursor != null);
        assertEquals(seen.stream().sorted().distinct().toList(), seen, "in order, none twice");
        return seen;
    }

    @Test
    void aFirstPageOfTwentyReadsEveryShardOnceForItsShareNotAWholePage() {
        String term = newTerm();
        IntStream.range(0, 100).forEach(i -> courseIn(term, "cost"));
        PageCost cost = firstPageCost(term, 20);
        // 20 / 8 shards = 2.5 each plus two standard deviations: at least MIN_READ (8), never 21 from each.
        assertEquals(SHARDS, cost.queries(), cost.toString());
        assertTrue(cost.limits().stream().allMatch(l -> l == 8), cost.toString());
        assertTrue(cost.itemsRead() <= SHARDS * 8, cost.toString());
    }

    /** What one page cost: its Queries, their Limits, the items they read and the read units DynamoDB reported. */
    record PageCost(int queries, List<Integer> limits, int itemsRead, double readUnits) {
    }

    /** Lists the first page of a term and reports (to the log and target/catalogue-page-cost.md) what it cost. */
    static PageCost firstPageCost(String term, int limit) {
        DynamoDbCallRecorder.reset();
        catalogue(asStaff(), term, limit, null).then().statusCode(200).body("items", hasSize(limit));
        List<DynamoDbCallRecorder.Call> queries = DynamoDbCallRecorder.calls().stream()
                .filter(c -> c.operation().equals("Query")).toList();
        PageCost cost = new PageCost(queries.size(), queries.stream().map(DynamoDbCallRecorder.Call::queryLimit).toList(),
                queries.stream().mapToInt(DynamoDbCallRecorder.Call::itemsRead).sum(),
                queries.stream().map(c -> (ConsumedCapacity) c.consumedCapacity())
                        .mapToDouble(ConsumedCapacity::capacityUnits).sum());
        String line = "catalogue page of " + limit + ": " + cost;
        Logger.getLogger(CourseCatalogueTest.class).info(line);
        try {
            Files.writeString(Path.of("target", "catalogue-page-cost.md"), line + "\n", StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return cost;
    }

    @Test
    void aCourseIsStoredOnItsCatalogueShardAndEnrolmentsShowInTheCatalogue() {
        String term = newTerm();
        String id = courseIn(term, "counted");
        Map<String, AttributeValue> stored = TestTable.holding("trident", "CRS#" + id).stream()
                .filter(item -> "METADATA".equals(item.get("SK").s())).findFirst().orElseThrow();
        assertEquals("TERM#" + term + "#" + Shards.of(id, SHARDS), stored.get("GSI2PK").s());
        assertEquals(id, stored.get("GSI2SK").s());
        Api.enroll(Api.newStudent("counted"), id).then().statusCode(201);
        Api.enroll(Api.newStudent("counted"), id).then().statusCode(201);
        catalogue(asStaff(), term, null, null).then().statusCode(200)
                .body("items.courseId", equalTo(List.of(id))).body("items[0].enrolledCount", equalTo(2));
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
