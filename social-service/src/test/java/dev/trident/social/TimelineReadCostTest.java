package dev.trident.social;

import static dev.trident.social.Api.anyone;
import static dev.trident.social.Api.as;
import static dev.trident.social.Api.createPost;
import static dev.trident.social.Api.createUser;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EntityType;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.TableSchema;
import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jboss.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItemsRequest;

/**
 * What a timeline page costs in DynamoDB requests when most months are empty, and the month index behind it. The
 * years 2044..2050 belong to this class alone (other tests use the present, 2031 and 2035).
 */
@QuarkusTest
class TimelineReadCostTest {

    private static final Logger LOG = Logger.getLogger(TimelineReadCostTest.class);
    private static final int SHARDS = SocialKeys.DEFAULT_TIMELINE_SHARDS;

    @Inject
    AdjustableClock clock;

    @Inject
    DynamoDbAsyncClient dynamo;

    @Inject
    TableDefinition table;

    @AfterEach
    void systemTime() {
        clock.useSystemTime();
    }

    /**
     * One post in each of 2047-01, 2046-02, 2045-03 and 2044-04: 10 empty months between two posts, 11 between the
     * clock (2047-12) and the newest post. Every page holds one post.
     */
    @Test
    void aPageAcrossEmptyMonthsQueriesOnlyMonthsThatHavePosts() {
        String author = createUser();
        List<String> newestFirst = new ArrayList<>();
        for (String at : List.of("2047-01-10T10:00:00Z", "2046-02-10T10:00:00Z", "2045-03-10T10:00:00Z",
                "2044-04-10T10:00:00Z")) {
            clock.pin(Instant.parse(at));
            newestFirst.add(createPost(author, "at " + at));
        }
        clock.pin(Instant.parse("2047-12-15T00:00:00Z"));

        List<String> seen = new ArrayList<>();
        List<List<String>> requestsPerPage = new ArrayList<>();
        List<Double> capacityPerPage = new ArrayList<>();
        String cursor = null;
        do {
            var request = anyone().queryParam("limit", 1);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            DynamoDbCallRecorder.reset();
            Response page = request.get("/timeline");
            page.then().statusCode(200);
            requestsPerPage.add(DynamoDbCallRecorder.operations());
            capacityPerPage.add(DynamoDbCallRecorder.calls().stream().map(DynamoDbCallRecorder.Call::consumedCapacity)
                    .filter(ConsumedCapacity.class::isInstance)
                    .mapToDouble(c -> ((ConsumedCapacity) c).capacityUnits()).sum());
            assertTrue(DynamoDbCallRecorder.calls().stream().allMatch(TimelineTest::isTimelineRead));
            List<String> ids = page.path("items.postId");
            seen.addAll(ids);
            cursor = page.path("nextCursor");
            assertFalse(cursor != null && ids.isEmpty(), "a page with a cursor is never empty");
        } while (cursor != null);

        LOG.infof("Timeline requests per page (limit 1, 10-11 empty months between posts): %s",
                requestsPerPage.stream().map(List::size).toList());
        LOG.infof("Timeline requests per page, in detail: %s", requestsPerPage);
        LOG.infof("Timeline read capacity per page (RCU, DynamoDB Local): %s", capacityPerPage);
        assertEquals(newestFirst, seen);
        // A page reads the month it starts in, the index once, and each month that holds a post it needs, every month
        // one Query per shard; a page filled as its month runs out reads the next month holding posts (for one post)
        // to know a next page has one. Months the index does not list are never read.
        assertEquals(List.of(3 * SHARDS + 1, 2 * SHARDS + 1, 2 * SHARDS + 1, SHARDS + 1),
                requestsPerPage.stream().map(List::size).toList());
        assertEquals(concat(month(), List.of("Query"), month(), month()), requestsPerPage.get(0));
    }

    @Test
    void aMonthWhoseEveryPostWasDeletedIsReadAndCountsAsEmpty() {
        String author = createUser();
        clock.pin(Instant.parse("2049-06-10T10:00:00Z"));
        String deleted = createPost(author, "deleted later");
        clock.pin(Instant.parse("2049-03-10T10:00:00Z"));
        String kept = createPost(author, "kept");
        as(author).delete("/users/" + author + "/posts/" + deleted).then().statusCode(204);
        clock.pin(Instant.parse("2049-08-01T00:00:00Z"));

        DynamoDbCallRecorder.reset();
        Response page = anyone().queryParam("limit", 5).get("/timeline");
        page.then().statusCode(200).body("nextCursor", nullValue());
        List<String> ids = page.path("items.postId");
        assertEquals(kept, ids.get(0));
        assertFalse(ids.contains(deleted));
        // 2049-08, the index (2049-06, 2049-03, then older months of other tests), 2049-06 (now empty), 2049-03,
        // then the index's next month is more than 12 months back: the end. Each month is one Query per shard.
        assertEquals(concat(month(), List.of("Query"), month(), month()), DynamoDbCallRecorder.operations());
    }

    @Test
    void aPostListsItsMonthInTheIndexOnlyWhileThisProcessHasNotYet() {
        String author = createUser();
        clock.pin(Instant.parse("2050-02-10T10:00:00Z"));
        DynamoDbCallRecorder.reset();
        createPost(author, "first of the month");
        assertEquals(4, transactionActions(), "post + stats + profile check + month index");
        DynamoDbCallRecorder.reset();
        createPost(author, "second of the month");
        assertEquals(3, transactionActions(), "the month is indexed already");

        var month = dynamo.getItem(r -> r.tableName(table.tableName()).consistentRead(true)
                .key(SocialKeys.timelineMonth("2050-02").toAttributes())).join().item();
        assertEquals("2050-02", month.get("month").s());
        assertEquals(EntityType.TIMELINE_MONTH.typeName(), month.get(TableSchema.TYPE).s());
        assertFalse(month.containsKey(TableSchema.GSI2PK), "the index item stays off the timeline's own index");
    }

    /** The requests of one month's read: one Query of GSI2 per shard. */
    private static List<String> month() {
        return Collections.nCopies(SHARDS, "Query(GSI2)");
    }

    @SafeVarargs
    private static List<String> concat(List<String>... parts) {
        List<String> all = new ArrayList<>();
        for (List<String> part : parts) {
            all.addAll(part);
        }
        return all;
    }

    private static int transactionActions() {
        return DynamoDbCallRecorder.calls().stream().map(DynamoDbCallRecorder.Call::request)
                .filter(TransactWriteItemsRequest.class::isInstance)
                .mapToInt(r -> ((TransactWriteItemsRequest) r).transactItems().size()).sum();
    }
}
