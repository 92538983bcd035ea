package dev.trident.social;

import static dev.trident.social.Api.anyone;
import static dev.trident.social.Api.createUser;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.SocialKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/** The timeline with one shard per month: the same order and paging, one Query per month. The year 2040 is its own. */
@QuarkusTest
@TestProfile(TimelineSingleShardTest.OneShard.class)
class TimelineSingleShardTest {

    private static final Logger LOG = Logger.getLogger(TimelineSingleShardTest.class);

    public static class OneShard implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("trident.social.timeline.shards", "1");
        }
    }

    @Inject
    AdjustableClock clock;

    @AfterEach
    void systemTime() {
        clock.useSystemTime();
    }

    @Test
    void aMonthLargerThanOneQueryPageIsReadOnWithinThePage() {
        // 40 posts of 30 KB (three UTF-8 bytes per character): 1.2 MB, more than one Query page of 1 MB holds.
        String author = createUser();
        List<String> oldestFirst = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            clock.pin(Instant.parse("2040-06-10T00:00:00Z").plusSeconds(i));
            oldestFirst.add(Api.createPost(author, "€".repeat(10_000)));
        }
        List<String> newestFirst = new ArrayList<>(oldestFirst);
        Collections.reverse(newestFirst);
        clock.pin(Instant.parse("2040-06-30T00:00:00Z"));

        DynamoDbCallRecorder.reset();
        var page = anyone().queryParam("limit", 40).get("/timeline");
        page.then().statusCode(200);
        assertEquals(newestFirst, page.path("items.postId"));
        long juneReads = DynamoDbCallRecorder.calls().stream().filter(c -> c.request() instanceof QueryRequest q
                && SocialKeys.timelinePartition("2040-06", 0, 1).equals(q.expressionAttributeValues().get(":pk").s()))
                .count();
        assertTrue(juneReads >= 2, () -> "the month was read in " + juneReads + " Query");
    }

    @Test
    void pagesAreExactWithOneShardAndAPageIsOneQuery() {
        List<String> authors = List.of(createUser(), createUser());
        List<String> oldestFirst = new ArrayList<>();
        oldestFirst.addAll(TimelinePages.postsFrom(clock, Instant.parse("2040-01-20T00:00:00Z"), 12, authors));
        oldestFirst.addAll(TimelinePages.postsFrom(clock, Instant.parse("2040-03-02T00:00:00Z"), 30, authors));
        List<String> expected = new ArrayList<>(oldestFirst);
        Collections.reverse(expected);
        clock.pin(Instant.parse("2040-03-31T00:00:00Z"));

        for (int limit : List.of(1, 5, 20)) {
            TimelinePages.Walk walk = TimelinePages.walk(limit);
            assertEquals(expected, walk.ids(), "limit " + limit);
            assertEquals(walk.ids().size(), new HashSet<>(walk.ids()).size());
        }

        DynamoDbCallRecorder.reset();
        List<String> first = anyone().queryParam("limit", 20).get("/timeline").path("items.postId");
        assertEquals(expected.subList(0, 20), first);
        List<DynamoDbCallRecorder.Call> queries = DynamoDbCallRecorder.calls().stream()
                .filter(c -> c.request() instanceof QueryRequest).toList();
        double capacity = queries.stream().map(DynamoDbCallRecorder.Call::consumedCapacity)
                .filter(ConsumedCapacity.class::isInstance)
                .mapToDouble(c -> ((ConsumedCapacity) c).capacityUnits()).sum();
        int itemsRead = queries.stream().mapToInt(c -> c.itemsRead() == null ? 0 : c.itemsRead()).sum();
        LOG.infof("Timeline page (limit 20, 1 shard, a month of 30 posts): %d Queries, %d items read, %.1f RCU",
                queries.size(), itemsRead, capacity);
        assertEquals(1, queries.size());
        assertEquals(SocialKeys.timelinePartition("2040-03", 0, 1),
                ((QueryRequest) queries.get(0).request()).expressionAttributeValues().get(":pk").s());
    }
}
