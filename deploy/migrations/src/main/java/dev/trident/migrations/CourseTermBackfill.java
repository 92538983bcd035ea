package dev.trident.migrations;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.IndexKey;
import dev.trident.keys.InvalidKeyException;
import dev.trident.keys.Shards;
import dev.trident.keys.TableSchema;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Backfill of the course catalogue (GSI2 {@code TERM#<term>#<shard>/<courseId>}, the shard derived from the course
 * id among the catalogue's shard count): for courses written before the catalogue existed (no GSI2 keys), before it
 * was sharded ({@code TERM#<term>}), or under another shard count. enrollment-service writes those keys on every
 * create and update, so only older items need it. A parallel Scan (the one place a Scan is allowed: a migration,
 * never a service) over the course items only ({@code _type = Course}, filtered server-side); each course whose GSI2
 * keys differ from what its term and the shard count give is moved by one UpdateItem conditioned on the term and the
 * GSI2PK it was read with ({@link IndexKeyMove}); a course the service changed meanwhile already carries the right
 * keys and is left alone.
 *
 * <ul>
 *   <li>Idempotent: a course that has its keys is read and skipped, so a second run writes nothing.</li>
 *   <li>Resumable: after each page, every segment's position (the Scan's LastEvaluatedKey) is saved to a state file;
 *   a run started with the same file goes on from there, and a finished run does nothing until the file is
 *   removed (a run for another shard count needs a new state file).</li>
 *   <li>Gentle: {@code --max-items} stops after that many courses (at a page boundary, position saved), so a large
 *   table can be done in slices; the SDK's retries absorb throttling.</li>
 *   <li>A course whose term is outside the key grammar (e.g. holding '#') cannot be indexed: it is reported, not
 *   changed; a PUT of the course with a valid term indexes it.</li>
 * </ul>
 */
public final class CourseTermBackfill implements BackfillCommand.Backfill {

    /** The course's term attribute, as enrollment-service's EnrollmentEntities declares it. */
    static final String TERM = "term";

    private static final String COURSE_TYPE = EntityType.COURSE.typeName();

    private final TypeScan scan;
    private final IndexKeyMove move;
    private final int shards;

    public CourseTermBackfill(DynamoDbClient dynamo, String table, int segments, int pageSize, Path stateFile,
            int shards) {
        this.shards = Shards.requireShardCount(shards);
        this.move = new IndexKeyMove(dynamo, table);
        this.scan = new TypeScan(dynamo, table, pageSize, BackfillState.open(stateFile, table, segments), COURSE_TYPE,
                List.of(TERM, TableSchema.GSI2PK, TableSchema.GSI2SK));
    }

    /** Runs every unfinished segment in parallel until the end of the table or until {@code maxItems} courses. */
    @Override
    public BackfillReport run(long maxItems) throws InterruptedException {
        BackfillTally tally = new BackfillTally();
        long read = scan.run(maxItems, course -> index(course, tally));
        return tally.report(read, scan.finished());
    }

    private void index(Map<String, AttributeValue> course, BackfillTally tally) {
        String pk = course.get(TableSchema.PK).s();
        AttributeValue term = course.get(TERM);
        IndexKey expected;
        try {
            expected = EnrollmentKeys.courseTermIndex(term == null ? null : term.s(),
                    EnrollmentKeys.parseCoursePk(pk), shards);
        } catch (InvalidKeyException e) {
            tally.left(pk + " (" + e.getMessage() + ")");
            return;
        }
        move.move(course, expected, TERM, tally);
    }

    /**
     * {@code deploy/backfill-course-terms.sh [--table NAME] [--endpoint URL] [--region REGION] [--segments N]
     * [--page-size N] [--max-items N] [--state FILE] [--shards N]}; {@code --shards} is enrollment-service's
     * {@code trident.enrollment.catalogue.shards} (default {@value EnrollmentKeys#DEFAULT_CATALOGUE_SHARDS}). AWS
     * credentials from the default chain, or static dummy ones with {@code --endpoint} (DynamoDB Local).
     */
    public static void main(String[] args) throws InterruptedException {
        BackfillCommand.main(args, "data/migrations/course-term-backfill.state", EnrollmentKeys.DEFAULT_CATALOGUE_SHARDS,
                CourseTermBackfill::new, "courses", "indexed", "not indexable");
    }
}
