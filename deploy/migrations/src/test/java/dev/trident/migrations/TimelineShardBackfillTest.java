package dev.trident.migrations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EntityType;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableSchema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The timeline's move to write shards on a real DynamoDB Local: posts as social-service wrote them before. */
class TimelineShardBackfillTest extends LocalTableTest {

    private static final int SHARDS = 16;

    /** A post as social-service wrote it before sharding: GSI2 {@code TIMELINE#<month>} / {@code <postId>}. */
    private void oldPost(String userId, String postId, String month) {
        Map<String, AttributeValue> item = new HashMap<>();
        item.put(TableSchema.PK, s(SocialKeys.post(userId, postId).pk()));
        item.put(TableSchema.SK, s(SocialKeys.post(userId, postId).sk()));
        item.put(TableSchema.GSI2PK, s(SocialKeys.unshardedTimelinePartition(month)));
        item.put(TableSchema.GSI2SK, s(postId));
        item.put(TableSchema.TYPE, s(EntityType.POST.typeName()));
        item.put("userId", s(userId));
        item.put("postId", s(postId));
        item.put("body", s("text"));
        item.put("createdAt", s(month + "-10T10:00:00Z"));
        dynamo.putItem(r -> r.tableName(table).item(item));
    }

    /** The post ids of a month, as GET /timeline reads them: one Query per shard. */
    private List<String> timeline(String month) {
        List<String> ids = new ArrayList<>();
        for (int shard = 0; shard < SHARDS; shard++) {
            ids.addAll(gsi2(SocialKeys.timelinePartition(month, shard, SHARDS)));
        }
        return ids.stream().sorted().toList();
    }

    private List<String> gsi2(String partition) {
        return dynamo.queryPaginator(r -> r.tableName(table).indexName(TableSchema.GSI2)
                        .keyConditionExpression("#pk = :pk")
                        .expressionAttributeNames(Map.of("#pk", TableSchema.GSI2PK))
                        .expressionAttributeValues(Map.of(":pk", s(partition))))
                .items().stream().map(item -> item.get(TableSchema.GSI2SK).s()).toList();
    }

    private TimelineShardBackfill backfill(int segments, int pageSize, String stateName, int shards) {
        return new TimelineShardBackfill(dynamo, table, segments, pageSize, dir.resolve(stateName), shards);
    }

    @Test
    void unshardedPostsMoveToTheirShardAndARerunChangesNothing() throws Exception {
        List<String> may = IntStream.range(0, 40).mapToObj(i -> String.format("may-%02d", i)).toList();
        List<String> june = IntStream.range(0, 7).mapToObj(i -> "june-" + i).toList();
        may.forEach(id -> oldPost("ada", id, "2026-05"));
        june.forEach(id -> oldPost("bob", id, "2026-06"));
        // Not a post: a profile stays as it is.
        dynamo.putItem(r -> r.tableName(table).item(Map.of(TableSchema.PK, s(SocialKeys.userProfile("ada").pk()),
                TableSchema.SK, s(SocialKeys.userProfile("ada").sk()), TableSchema.TYPE,
                s(EntityType.USER_PROFILE.typeName()))));
        assertEquals(List.of(), timeline("2026-05"));

        BackfillReport first = backfill(4, 6, "first.state", SHARDS).run(0);
        assertTrue(first.finished());
        assertEquals(47, first.read());
        assertEquals(47, first.written());
        assertEquals(may, timeline("2026-05"));
        assertEquals(june.stream().sorted().toList(), timeline("2026-06"));
        assertEquals(List.of(), gsi2(SocialKeys.unshardedTimelinePartition("2026-05")));
        for (String postId : may) {
            Map<String, AttributeValue> post = dynamo.getItem(r -> r.tableName(table)
                    .key(SocialKeys.post("ada", postId).toAttributes())).item();
            assertEquals(SocialKeys.postTimeline("2026-05", postId, SHARDS).pk(), post.get(TableSchema.GSI2PK).s());
        }

        // A second run from scratch reads every post again and writes nothing: the table is exactly as it was.
        List<Map<String, AttributeValue>> before = everything();
        BackfillReport second = backfill(3, 7, "second.state", SHARDS).run(0);
        assertEquals(0, second.written());
        assertEquals(47, second.alreadyDone());
        assertEquals(before, everything());
    }

    @Test
    void aRunInterruptedAfterTenPostsResumesFromItsSavedPosition() throws Exception {
        List<String> ids = IntStream.range(0, 25).mapToObj(i -> String.format("p-%02d", i)).toList();
        ids.forEach(id -> oldPost("ada", id, "2026-07"));

        BackfillReport interrupted = backfill(1, 5, "run.state", SHARDS).run(10);
        assertFalse(interrupted.finished());
        assertEquals(10, interrupted.written());
        assertEquals(10, timeline("2026-07").size());

        BackfillReport resumed = backfill(1, 5, "run.state", SHARDS).run(0);
        assertTrue(resumed.finished());
        assertEquals(15, resumed.read());
        assertEquals(15, resumed.written());
        assertEquals(ids, timeline("2026-07"));
    }

    @Test
    void aPostUnderAnotherShardCountMovesToTheConfiguredOne() throws Exception {
        // A post whose shard among 16 is not 0, so that its key differs with one shard.
        String postId = IntStream.range(0, 100).mapToObj(i -> "moved-" + i)
                .filter(id -> SocialKeys.timelineShard(id, SHARDS) != 0).findFirst().orElseThrow();
        oldPost("ada", postId, "2026-08");
        backfill(1, 10, "sixteen.state", SHARDS).run(0);
        // Lowered to one shard: the post moves to shard 0, where a one-shard service reads it.
        BackfillReport report = backfill(1, 10, "one.state", 1).run(0);
        assertEquals(1, report.written());
        assertEquals(List.of(postId), gsi2(SocialKeys.timelinePartition("2026-08", 0, 1)));
    }
}
