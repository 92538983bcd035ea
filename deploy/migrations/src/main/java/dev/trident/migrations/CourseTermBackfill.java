package dev.trident.migrations;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.IndexKey;
import dev.trident.keys.InvalidKeyException;
import dev.trident.keys.TableSchema;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
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
public final class CourseTermBackfill {

    /** The course's term attribute, as enrollment-service's EnrollmentEntities declares it. */
    static final String TERM = "term";

    private static final String COURSE_TYPE = EntityType.COURSE.typeName();

    private final DynamoDbClient dynamo;
    private final String table;
    private final TypeScan scan;

    /** What a run did; {@code finished} when every segment reached the end of the table. */
    public record Report(long coursesRead, long indexed, long alreadyIndexed, long changedMeanwhile,
            List<String> unindexable, boolean finished) {
    }

    public CourseTermBackfill(DynamoDbClient dynamo, String table, int segments, int pageSize, Path stateFile) {
        this.dynamo = dynamo;
        this.table = table;
        this.scan = new TypeScan(dynamo, table, pageSize, BackfillState.open(stateFile, table, segments), COURSE_TYPE,
                List.of(TERM, TableSchema.GSI2PK, TableSchema.GSI2SK));
    }

    /** Runs every unfinished segment in parallel until the end of the table or until {@code maxItems} courses. */
    public Report run(long maxItems) throws InterruptedException {
        Counters counters = new Counters();
        long read = scan.run(maxItems, course -> index(course, counters));
        return new Report(read, counters.indexed.get(), counters.alreadyIndexed.get(),
                counters.changedMeanwhile.get(), List.copyOf(counters.unindexable), scan.finished());
    }

    private void index(Map<String, AttributeValue> course, Counters counters) {
        String pk = course.get(TableSchema.PK).s();
        AttributeValue term = course.get(TERM);
        IndexKey expected;
        try {
            expected = EnrollmentKeys.courseTermIndex(term == null ? null : term.s(),
                    EnrollmentKeys.parseCoursePk(pk));
        } catch (InvalidKeyException e) {
            counters.unindexable.add(pk + " (" + e.getMessage() + ")");
            return;
        }
        if (expected.pk().equals(text(course.get(expected.pkAttribute())))
                && expected.sk().equals(text(course.get(expected.skAttribute())))) {
            counters.alreadyIndexed.incrementAndGet();
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
                            ":gsi2sk", AttributeValue.fromS(expected.sk()), ":course", AttributeValue.fromS(COURSE_TYPE),
                            ":term", term)));
            counters.indexed.incrementAndGet();
        } catch (ConditionalCheckFailedException e) {
            // Deleted, or its term changed since the Scan read it: the service wrote that change with its keys.
            counters.changedMeanwhile.incrementAndGet();
        }
    }

    private static String text(AttributeValue value) {
        return value == null ? null : value.s();
    }

    private static final class Counters {
        final AtomicLong indexed = new AtomicLong();
        final AtomicLong alreadyIndexed = new AtomicLong();
        final AtomicLong changedMeanwhile = new AtomicLong();
        final List<String> unindexable = Collections.synchronizedList(new ArrayList<>());
    }

    /**
     * {@code deploy/backfill-course-terms.sh [--table NAME] [--endpoint URL] [--region REGION] [--segments N]
     * [--page-size N] [--max-items N] [--state FILE]}; AWS credentials from the default chain, or static dummy ones
     * with {@code --endpoint} (DynamoDB Local).
     */
    public static void main(String[] args) throws InterruptedException {
        BackfillCommand command = BackfillCommand.parse(args, "data/migrations/course-term-backfill.state");
        if (command == null) {
            return;
        }
        try (DynamoDbClient dynamo = command.client()) {
            Report report = new CourseTermBackfill(dynamo, command.table(), command.segments(), command.pageSize(),
                    Path.of(command.state())).run(command.maxItems());
            System.out.printf("courses read: %d, indexed now: %d, already indexed: %d, changed meanwhile: %d, "
                    + "not indexable: %d%n", report.coursesRead(), report.indexed(), report.alreadyIndexed(),
                    report.changedMeanwhile(), report.unindexable().size());
            report.unindexable().forEach(course -> System.out.println("  not indexable: " + course));
            System.out.println(command.outcome(report.finished()));
        }
    }
}
