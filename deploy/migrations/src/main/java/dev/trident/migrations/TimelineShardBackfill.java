package dev.trident.migrations;

import dev.trident.keys.EntityType;
import dev.trident.keys.IndexKey;
import dev.trident.keys.InvalidKeyException;
import dev.trident.keys.Shards;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableSchema;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * One-off move of the posts written before the timeline was sharded: their GSI2PK is the month's one partition
 * {@code TIMELINE#<yyyy-mm>}, which no read queries any more; each gets its write shard,
 * {@code TIMELINE#<yyyy-mm>#<shard>} with the shard count social-service runs with ({@code --shards}, as
 * {@code trident.social.timeline.shards}). A parallel Scan of the post items only ({@code _type = Post}, filtered
 * server-side); each post whose GSI2PK differs from its sharded key gets it by one UpdateItem conditioned on the
 * GSI2PK it was read with (a post deleted meanwhile, or re-keyed by another run, is left alone). A post already under
 * a shard of another count (after lowering the setting) is moved the same way.
 *
 * <ul>
 *   <li>Idempotent: a post under its shard is read and skipped, so a second run writes nothing.</li>
 *   <li>Resumable: every segment's position is saved after each page to the state file; a run with the same file
 *   goes on from there.</li>
 *   <li>Until it has run, the posts it has not reached are missing from {@code GET /timeline} (the service reads only
 *   the shards); nothing else about them changes.</li>
 * </ul>
 */
public final class TimelineShardBackfill implements BackfillCommand.Backfill {

    private static final String POST_TYPE = EntityType.POST.typeName();

    private final DynamoDbClient dynamo;
    private final String table;
    private final int shards;
    private final TypeScan scan;

    public TimelineShardBackfill(DynamoDbClient dynamo, String table, int segments, int pageSize, Path stateFile,
            int shards) {
        this.dynamo = dynamo;
        this.table = table;
        this.shards = Shards.requireShardCount(shards);
        this.scan = new TypeScan(dynamo, table, pageSize, BackfillState.open(stateFile, table, segments), POST_TYPE,
                List.of(TableSchema.GSI2PK, TableSchema.GSI2SK));
    }

    /** Runs every unfinished segment in parallel until the end of the table or until {@code maxItems} posts. */
    @Override
    public BackfillReport run(long maxItems) throws InterruptedException {
        BackfillTally tally = new BackfillTally();
        long read = scan.run(maxItems, post -> reKey(post, tally));
        return tally.report(read, scan.finished());
    }

    private void reKey(Map<String, AttributeValue> post, BackfillTally tally) {
        String pk = post.get(TableSchema.PK).s();
        AttributeValue stored = post.get(TableSchema.GSI2PK);
        IndexKey expected;
        try {
            String postId = SocialKeys.parsePostSk(post.get(TableSchema.SK).s());
            if (stored == null) {
                throw new InvalidKeyException("GSI2PK", "is missing");
            }
            expected = SocialKeys.postTimeline(SocialKeys.parseTimelinePk(stored.s()).month(), postId, shards);
        } catch (InvalidKeyException e) {
            tally.left(pk + " " + post.get(TableSchema.SK).s() + " (" + e.getMessage() + ")");
            return;
        }
        if (expected.pk().equals(stored.s()) && expected.sk().equals(text(post.get(TableSchema.GSI2SK)))) {
            tally.alreadyDone();
            return;
        }
        try {
            dynamo.updateItem(r -> r.tableName(table)
                    .key(Map.of(TableSchema.PK, post.get(TableSchema.PK), TableSchema.SK, post.get(TableSchema.SK)))
                    .updateExpression("SET #gsi2pk = :gsi2pk, #gsi2sk = :gsi2sk")
                    .conditionExpression("#gsi2pk = :old")
                    .expressionAttributeNames(Map.of("#gsi2pk", TableSchema.GSI2PK, "#gsi2sk", TableSchema.GSI2SK))
                    .expressionAttributeValues(Map.of(":gsi2pk", AttributeValue.fromS(expected.pk()),
                            ":gsi2sk", AttributeValue.fromS(expected.sk()), ":old", stored)));
            tally.written();
        } catch (ConditionalCheckFailedException e) {
            // Deleted since the Scan read it, or moved by another run: nothing left to move.
            tally.changedMeanwhile();
        }
    }

    private static String text(AttributeValue value) {
        return value == null ? null : value.s();
    }

    /**
     * {@code deploy/backfill-timeline-shards.sh [--shards 16] [--table NAME] [--endpoint URL] [--region REGION]
     * [--segments N] [--page-size N] [--max-items N] [--state FILE]}; {@code --shards} defaults to
     * TRIDENT_SOCIAL_TIMELINE_SHARDS, else 16, and must be what social-service runs with.
     */
    public static void main(String[] args) throws InterruptedException {
        BackfillCommand.main(args, "data/migrations/timeline-shard-backfill.state",
                command -> (dynamo, table, segments, pageSize, state) -> new TimelineShardBackfill(dynamo, table,
                        segments, pageSize, state, command.intOption("--shards", defaultShards())),
                "posts", "moved to their shard", "not movable");
    }

    private static int defaultShards() {
        String env = System.getenv("TRIDENT_SOCIAL_TIMELINE_SHARDS");
        return env == null || env.isBlank() ? SocialKeys.DEFAULT_TIMELINE_SHARDS : Integer.parseInt(env);
    }
}
