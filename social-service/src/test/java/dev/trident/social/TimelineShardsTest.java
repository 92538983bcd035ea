package dev.trident.social;

import static dev.trident.social.Api.anyone;
import static dev.trident.social.Api.comment;
import static dev.trident.social.Api.createUser;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.jboss.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * The timeline over 16 write shards (the default): order and paging across shards and months. The years 2037 and
 * 2042 belong to this class alone: 2037-01 (25 posts), 2037-02 empty, 2037-03 (30), 2037-04 (17).
 */
@QuarkusTest
class TimelineShardsTest {

    private static final Logger LOG = Logger.getLogger(TimelineShardsTest.class);
    private static final int SHARDS = SocialKeys.DEFAULT_TIMELINE_SHARDS;
    private static List<String> newestFirst;
    private static final Map<String, String> AUTHOR_OF = new HashMap<>();

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

    /** Written once for the class: the tests only read them. */
    private List<String> posts() {
        if (newestFirst == null) {
            List<String> authors = List.of(createUser(), createUser(), createUser());
            List<String> oldestFirst = new ArrayList<>();
            oldestFirst.addAll(TimelinePages.postsFrom(clock, Instant.parse("2037-01-05T00:00:00Z"), 25, authors,
                    AUTHOR_OF));
            // The last minutes of March: the first page from April's end crosses into this month.
            oldestFirst.addAll(TimelinePages.postsFrom(clock, Instant.parse("2037-03-31T23:30:00Z"), 30, authors,
                    AUTHOR_OF));
            oldestFirst.addAll(TimelinePages.postsFrom(clock, Instant.parse("2037-04-10T00:00:00Z"), 17, authors,
                    AUTHOR_OF));
            newestFirst = new ArrayList<>(oldestFirst);
            Collections.reverse(newestFirst);
        }
        clock.pin(Instant.parse("2037-04-30T00:00:00Z"));
        return newestFirst;
    }

    @Test
    void everyPostAppearsExactlyOnceNewestFirstAtEveryPageSize() {
        List<String> expected = posts();
        for (int limit : List.of(1, 7, 20, 100)) {
            TimelinePages.Walk walk = TimelinePages.walk(limit);
            assertEquals(expected, walk.ids(), "limit " + limit);
            assertEquals(walk.ids().size(), new HashSet<>(walk.ids()).size(), "no post repeats at limit " + limit);
            int fullPages = expected.size() / limit;
            for (int page = 0; page < fullPages; page++) {
                assertEquals(limit, walk.pageSizes().get(page), "page " + page + " at limit " + limit);
            }
        }
    }

    @Test
    void aMonthsPostsAreWrittenToManyShardsEachUnderItsOwnShard() {
        List<String> ids = posts();
        Set<String> partitions = new HashSet<>();
        for (String postId : ids.subList(0, 40)) {
            String author = AUTHOR_OF.get(postId);
            Map<String, AttributeValue> item = dynamo.getItem(r -> r.tableName(table.tableName()).consistentRead(true)
                    .key(SocialKeys.post(author, postId).toAttributes())).join().item();
            String gsi2pk = item.get(TableSchema.GSI2PK).s();
            assertEquals(SocialKeys.postTimeline(SocialKeys.parseTimelinePk(gsi2pk).month(), postId, SHARDS).pk(),
                    gsi2pk);
            partitions.add(gsi2pk);
        }
        assertTrue(partitions.size() >= 8, () -> "40 posts in only " + partitions.size() + " partitions");
    }

    @Test
    void aPageQueriesEveryShardOfItsMonthOnceInParallelAndReadsLittleMore() {
        List<String> all = posts();
        // March's end: its 30 posts are the page's month, read for a page of 20.
        clock.pin(Instant.parse("2037-03-31T23:59:59Z"));
        DynamoDbCallRecorder.reset();
        Response page = anyone().queryParam("limit", 20).get("/timeline");
        page.then().statusCode(200);
        List<String> ids = page.path("items.postId");
        assertEquals(all.subList(17, 37), ids);
        List<DynamoDbCallRecorder.Call> queries = DynamoDbCallRecorder.calls().stream()
                .filter(c -> c.request() instanceof QueryRequest).toList();
        double capacity = queries.stream().map(DynamoDbCallRecorder.Call::consumedCapacity)
                .filter(ConsumedCapacity.class::isInstance)
                .mapToDouble(c -> ((ConsumedCapacity) c).capacityUnits()).sum();
        int itemsRead = queries.stream().mapToInt(c -> c.itemsRead() == null ? 0 : c.itemsRead()).sum();
        LOG.infof("Timeline page (limit 20, %d shards, a month of 30 posts): %d Queries, %d items read, %.1f RCU",
                SHARDS, queries.size(), itemsRead, capacity);
        Set<String> shardsRead = new HashSet<>();
        for (DynamoDbCallRecorder.Call query : queries) {
            shardsRead.add(((QueryRequest) query.request()).expressionAttributeValues().get(":pk").s());
        }
        assertEquals(IntStream.range(0, SHARDS).mapToObj(s -> SocialKeys.timelinePartition("2037-03", s, SHARDS))
                .collect(Collectors.toSet()), shardsRead);
        // One round of 16 Queries for their share of the page; a second only for a shard that ran out early.
        assertTrue(queries.size() <= 2 * SHARDS, () -> queries.size() + " Queries");
        assertTrue(itemsRead < 20 * 8, () -> itemsRead + " items read for a page of 20");
    }

    @Test
    void aCommentUpdatesItsPostsCountOnTheTimeline() {
        String author = createUser();
        clock.pin(Instant.parse("2042-06-10T10:00:00Z"));
        String postId = Api.createPost(author, "commented");
        comment(author, postId, createUser(), "first");
        comment(author, postId, createUser(), "second");
        List<Map<String, Object>> items = anyone().queryParam("limit", 5).get("/timeline").path("items");
        Map<String, Object> post = items.stream().filter(i -> postId.equals(i.get("postId"))).findFirst().orElseThrow();
        assertEquals(2, post.get("commentCount"));
    }
}
