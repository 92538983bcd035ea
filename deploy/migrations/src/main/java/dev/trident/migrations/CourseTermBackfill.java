package dev.trident.migrations;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.IndexKey;
import dev.trident.keys.InvalidKeyException;
import dev.trident.keys.TableSchema;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * One-off backfill of the course catalogue (GSI2 {@code TERM#<term>/<courseId>}) for courses written before the
 * catalogue existed: since then enrollment-service writes those keys on every create and update, so only older items
 * lack them. A parallel Scan (the one place a Scan is allowed: a migration, never a service) over the course items
 * only ({@code _type = Course}, filtered server-side); each course whose GSI2 keys are missing or differ from its term
 * gets them by one UpdateItem conditioned on the term it was read with (a course the service changed meanwhile
 * already carries the right keys: it is left alone).
 *
 * <ul>
 *   <li>Idempotent: a course that has its keys is read and skipped, so a second run writes nothing.</li>
 *   <li>Resumable: after each page, every segment's position (the Scan's LastEvaluatedKey) is saved to a state file;
 *   a run started with the same file goes on from there, and a finished run does nothing until the file is
 *   removed.</li>
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

    private final DynamoDbClient dynamo;
    private final String table;
    private final TypeScan scan;

    public CourseTermBackfill(DynamoDbClient dynamo, String table, int segments, int pageSize, Path stateFile) {
        this.dynamo = dynamo;
        this.table = table;
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
                    EnrollmentKeys.parseCoursePk(pk));
        } catch (InvalidKeyException e) {
            tally.left(pk + " (" + e.getMessage() + ")");
            return;
        }
        if (expected.pk().equals(text(course.get(expected.pkAttribute())))
                && expected.sk().equals(text(course.get(expected.skAttribute())))) {
            tally.alreadyDone();
            return;
        }
        Map<String, AttributeValue> key = Map.of(TableSchema.PK, course.get(TableSchema.PK),
                TableSchema.SK, course.get(TableSchema.SK));
        Map<String, String> names = new HashMap<>(Map.of("#term", TERM, "#type", TableSchema.TYPE,
                "#gsi2pk", expected.pkAttribute(), "#gsi2sk", expected.skAttribute()));
        try {
            dynamo.updateItem(r -> r.tableName(table).key(key)
                    .updateExpression("SET #gsi2pk = :gsi2pk, #gsi2sk = :gsi2sk")
                    .conditionExpression("#type = :course AND #term = :term")
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(Map.of(":gsi2pk", AttributeValue.fromS(expected.pk()),
                            ":gsi2sk", AttributeValue.fromS(expected.sk()),
                            ":course", AttributeValue.fromS(COURSE_TYPE), ":term", term)));
            tally.written();
        } catch (ConditionalCheckFailedException e) {
            // Deleted, or its term changed since the Scan read it: the service wrote that change with its keys.
            tally.changedMeanwhile();
        }
    }

    private static String text(AttributeValue value) {
        return value == null ? null : value.s();
    }

    /**
     * {@code deploy/backfill-course-terms.sh [--table NAME] [--endpoint URL] [--region REGION] [--segments N]
     * [--page-size N] [--max-items N] [--state FILE]}; AWS credentials from the default chain, or static dummy ones
     * with {@code --endpoint} (DynamoDB Local).
     */
    public static void main(String[] args) throws InterruptedException {
        BackfillCommand.main(args, "data/migrations/course-term-backfill.state", CourseTermBackfill::new,
                "courses", "indexed", "not indexable");
    }
}
