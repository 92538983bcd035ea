package dev.trident.social;

import static dev.trident.social.Api.as;
import static dev.trident.social.Api.comment;
import static dev.trident.social.Api.createPost;
import static dev.trident.social.Api.createUser;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EntityType;
import dev.trident.keys.ItemKey;
import dev.trident.keys.Months;
import dev.trident.keys.SocialKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import dev.trident.testing.PendingWorkProfile;
import dev.trident.testing.TestTable;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * An account with 2,000 posts (and comments on them, and comments of its own elsewhere) is erased in bounded batches
 * by the poller, not in the request: the DELETE answers at once, the progress grows while the part runs, and the
 * time and the write units it took are printed (docs/performance.md quotes them).
 */
@QuarkusTest
@TestProfile(PendingWorkProfile.class)
class BigAccountErasureTest {

    private static final int POSTS = 2_000;
    private static final int COMMENTS_ON_ITS_POSTS = 200;
    private static final int COMMENTS_ELSEWHERE = 100;
    private static final Set<String> WRITES = Set.of("BatchWriteItem", "TransactWriteItems", "UpdateItem", "DeleteItem",
            "PutItem");

    @Test
    void anAccountWithTwoThousandPostsIsErasedInBatchesWithoutHoldingTheRequest() throws Exception {
        String big = createUser();
        String friend = createUser();
        String friendsPost = createPost(friend, "theirs");
        // One post through the route (its stats item too), the rest written as the route writes them, 25 a request:
        // 2,000 posts through the route would take most of a minute on this machine.
        List<String> posts = new ArrayList<>();
        posts.add(createPost(big, "post 0"));
        List<Map<String, AttributeValue>> seeded = new ArrayList<>();
        Instant now = Instant.now();
        for (int i = 1; i < POSTS; i++) {
            Instant at = now.minusMillis(i);
            String postId = SocialKeys.newId(at);
            posts.add(postId);
            seeded.add(postItem(big, postId, "post " + i, at));
        }
        TestTable.putAll("trident", seeded);
        as(big).when().get("/users/" + big + "/posts/" + posts.get(POSTS - 1)).then().statusCode(200);
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<String>> comments = new ArrayList<>();
            for (int i = 0; i < COMMENTS_ON_ITS_POSTS; i++) {
                String post = posts.get(i * (POSTS / COMMENTS_ON_ITS_POSTS));
                comments.add(pool.submit(() -> comment(big, post, friend, "on a big account's post")));
            }
            for (int i = 0; i < COMMENTS_ELSEWHERE; i++) {
                comments.add(pool.submit(() -> comment(friend, friendsPost, big, "elsewhere")));
            }
            for (Future<String> f : comments) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }

        DynamoDbCallRecorder.reset();
        long started = System.nanoTime();
        long accepted = timed(() -> as(big).when().delete("/users/" + big).then().statusCode(202));
        assertTrue(accepted < 1_000, "the request does not do the work: " + accepted + " ms");

        List<Long> progressSeen = new ArrayList<>();
        JsonPath progress;
        long deadline = System.nanoTime() + Duration.ofSeconds(45).toNanos();
        do {
            progress = as(big).when().get("/users/" + big + "/erasure").then().statusCode(200).extract().jsonPath();
            progressSeen.add(progress.getLong("parts.social.itemsErased"));
            Thread.sleep(50);
        } while (!"DONE".equals(progress.getString("parts.social.status")) && System.nanoTime() < deadline);
        long tookMillis = (System.nanoTime() - started) / 1_000_000;
        assertEquals("DONE", progress.getString("parts.social.status"), progress.prettify());

        long expected = POSTS + 1 + COMMENTS_ON_ITS_POSTS + COMMENTS_ELSEWHERE; // + one month of stats
        assertEquals(expected, progress.getLong("parts.social.itemsErased"));
        assertTrue(progressSeen.stream().anyMatch(n -> n > 0 && n < expected),
                "progress is visible while the part runs: " + progressSeen);
        as(friend).when().get("/users/" + friend + "/posts/" + friendsPost).then().statusCode(200)
                .body("commentCount", org.hamcrest.Matchers.equalTo(0));
        assertTrue(TestTable.holding("trident", big).stream()
                .allMatch(item -> item.get("PK").s().startsWith("ERASURE#") || item.get("PK").s().startsWith("WORK#")));

        double writeUnits = 0;
        double readUnits = 0;
        int writeRequests = 0;
        for (DynamoDbCallRecorder.Call call : DynamoDbCallRecorder.calls()) {
            double units = units(call.consumedCapacity());
            if (WRITES.contains(call.operation())) {
                writeUnits += units;
                writeRequests++;
            } else {
                readUnits += units;
            }
        }
        System.out.printf("big account erasure: %d items (%d posts, %d comments on them, %d elsewhere, 1 stats) in %d ms "
                + "(request answered in %d ms); %d write requests, %.0f write units; %.1f read units%n", expected, POSTS,
                COMMENTS_ON_ITS_POSTS, COMMENTS_ELSEWHERE, tookMillis, accepted, writeRequests, writeUnits, readUnits);
        assertTrue(writeRequests < expected / 4, "batched: " + writeRequests + " write requests for " + expected);
    }

    /** A post as {@code POST /users/{userId}/posts} stores it (SocialEntities.post). */
    private static Map<String, AttributeValue> postItem(String userId, String postId, String body, Instant at) {
        Map<String, AttributeValue> item = new HashMap<>();
        ItemKey key = SocialKeys.post(userId, postId);
        item.putAll(key.toAttributes());
        item.putAll(SocialKeys.postTimeline(Months.of(at), postId, SocialKeys.DEFAULT_TIMELINE_SHARDS).toAttributes());
        item.put("_type", EntityType.POST.typeAttribute());
        item.put("userId", AttributeValue.fromS(userId));
        item.put("postId", AttributeValue.fromS(postId));
        item.put("body", AttributeValue.fromS(body));
        item.put("commentCount", AttributeValue.fromN("0"));
        item.put("version", AttributeValue.fromN("1"));
        item.put("createdAt", AttributeValue.fromS(at.toString()));
        item.put("updatedAt", AttributeValue.fromS(at.toString()));
        return item;
    }

    private static double units(Object consumed) {
        if (consumed instanceof ConsumedCapacity one) {
            return one.capacityUnits() == null ? 0 : one.capacityUnits();
        }
        if (consumed instanceof List<?> many) {
            return many.stream().mapToDouble(BigAccountErasureTest::units).sum();
        }
        return 0;
    }

    private static long timed(Runnable action) {
        long started = System.nanoTime();
        action.run();
        return (System.nanoTime() - started) / 1_000_000;
    }

}
