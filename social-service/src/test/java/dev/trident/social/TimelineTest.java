package dev.trident.social;

import static dev.trident.social.Api.anyone;
import static dev.trident.social.Api.assertProblem;
import static dev.trident.social.Api.createPost;
import static dev.trident.social.Api.createUser;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.SocialKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Pins the service clock to months no other test uses (2031) so the timeline holds only this test's posts:
 * 2031-04 (3 posts), 2031-03 empty, 2031-02 (2 posts), 2031-01 (2 posts).
 */
@QuarkusTest
class TimelineTest {

    @Inject
    AdjustableClock clock;

    @AfterEach
    void systemTime() {
        clock.useSystemTime();
    }

    @Test
    void pagesWalkBackAcrossMonthsNewestFirstWithoutDuplicatesOrGaps() {
        String alice = createUser();
        String bob = createUser();
        List<String> oldestFirst = new ArrayList<>();
        oldestFirst.add(postAt("2031-01-03T10:00:00Z", alice));
        oldestFirst.add(postAt("2031-01-20T10:00:00Z", bob));
        oldestFirst.add(postAt("2031-02-01T00:00:00Z", alice));
        oldestFirst.add(postAt("2031-02-28T23:59:59.999Z", bob));
        oldestFirst.add(postAt("2031-04-01T00:00:00Z", bob));
        oldestFirst.add(postAt("2031-04-02T08:00:00Z", alice));
        oldestFirst.add(postAt("2031-04-30T12:00:00Z", alice));
        List<String> expected = new ArrayList<>(oldestFirst);
        java.util.Collections.reverse(expected);

        clock.pin(Instant.parse("2031-04-30T13:00:00Z"));
        List<String> seen = new ArrayList<>();
        List<Integer> pageSizes = new ArrayList<>();
        String cursor = null;
        do {
            var request = anyone().queryParam("limit", 2);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            DynamoDbCallRecorder.reset();
            Response page = request.get("/timeline");
            page.then().statusCode(200);
            assertTrue(DynamoDbCallRecorder.calls().stream().allMatch(TimelineTest::isTimelineRead),
                    () -> DynamoDbCallRecorder.operations().toString());
            List<String> ids = page.path("items.postId");
            pageSizes.add(ids.size());
            seen.addAll(ids);
            cursor = page.path("nextCursor");
            assertFalse(cursor != null && ids.isEmpty(), "a page with a cursor is never empty");
        } while (cursor != null);
        assertEquals(expected, seen);
        assertEquals(seen.size(), new HashSet<>(seen).size());
        assertEquals(List.of(2, 2, 2, 1), pageSizes);
    }

    @Test
    void theWalkBackOverEmptyMonthsIsBounded() {
        // 2035-06 and the 12 months before it are empty: the end. The month index says so without reading those
        // months (the month-by-month walk read all 13): the current month (one Query per shard), then one Query of the
        // index.
        clock.pin(Instant.parse("2035-06-15T00:00:00Z"));
        DynamoDbCallRecorder.reset();
        anyone().get("/timeline").then().statusCode(200).body("items", hasSize(0)).body("nextCursor", nullValue());
        List<String> expected = new ArrayList<>(java.util.Collections.nCopies(SocialKeys.DEFAULT_TIMELINE_SHARDS,
                "Query(GSI2)"));
        expected.add("Query");
        assertEquals(expected, DynamoDbCallRecorder.operations());
        assertTrue(DynamoDbCallRecorder.calls().stream().allMatch(TimelineTest::isTimelineRead));
    }

    @Test
    void foreignAndTamperedCursorsAre400() {
        String userId = createUser();
        createPost(userId, "p1");
        createPost(userId, "p2");
        String postsCursor = anyone().queryParam("limit", 1).get("/users/" + userId + "/posts").path("nextCursor");
        assertProblem(anyone().queryParam("cursor", postsCursor).get("/timeline"), 400, "cursor");
        String timelineCursor = anyone().queryParam("limit", 1).get("/timeline").path("nextCursor");
        assertProblem(anyone().queryParam("cursor", timelineCursor.substring(1)).get("/timeline"), 400, "cursor");
        assertProblem(anyone().queryParam("cursor", timelineCursor).get("/users/" + userId + "/posts"), 400, "cursor");
        assertProblem(anyone().queryParam("limit", "x").get("/timeline"), 400, "limit");
    }

    /** A Query of one month's timeline partition (GSI2) or of the month index: nothing else reads the timeline. */
    static boolean isTimelineRead(DynamoDbCallRecorder.Call call) {
        if (!(call.request() instanceof QueryRequest query)) {
            return call.operation().equals("DescribeTable");
        }
        if ("GSI2".equals(query.indexName())) {
            return true;
        }
        return query.indexName() == null
                && AttributeValue.fromS(SocialKeys.TIMELINE_MONTHS_PARTITION).equals(query.expressionAttributeValues().get(":pk"));
    }

    private String postAt(String instant, String userId) {
        clock.pin(Instant.parse(instant));
        return createPost(userId, "at " + instant);
    }
}
