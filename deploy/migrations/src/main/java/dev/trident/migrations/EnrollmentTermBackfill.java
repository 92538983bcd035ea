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
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;

/**
 * One-off backfill of a student's enrolments by term (GSI2 {@code STU#<studentId>#TERM#<term>/CRS#<courseId>}) for
 * the enrolment edges written before that list existed: since then enrollment-service writes the keys in every
 * enrol transaction, so only older edges lack them. Like {@link CourseTermBackfill}: a {@link TypeScan} over the edges
 * only ({@code _type = Enrollment}, filtered server-side), idempotent, resumable from a state file, sliced by
 * {@code --max-items}.
 *
 * <p>The term keyed is the course's: an edge copies its course's term when it is made, but a course's term could
 * change while it had enrolments before the service refused that, so an edge's copy may be stale. Each course is
 * read once (GetItem, strongly consistent, cached for the run); an edge whose copy differs gets the course's term
 * as {@code courseTerm} along with the keys. Once a course has an edge its term no longer changes, so what was read
 * stays true. Every update is conditioned on the edge still holding the copy it was read with (a dropped or
 * re-enrolled edge is left alone: the service wrote its keys). An edge whose course is gone (its deletion still
 * sweeping) keeps its own copy; an edge with no term, or one outside the key grammar, is reported, not changed.
 */
public final class EnrollmentTermBackfill {

    /** The edge's copy of its course's term, as enrollment-service's EnrollmentEntities declares it. */
    static final String COURSE_TERM = "courseTerm";
    /** The course's term. */
    static final String TERM = "term";

    private static final String EDGE_TYPE = EntityType.ENROLLMENT.typeName();

    private final DynamoDbClient dynamo;
    private final String table;
    private final TypeScan scan;
    /** Course id to its term; empty when the course is gone or has none. */
    private final Map<String, Optional<String>> courseTerms = new ConcurrentHashMap<>();

    /** What a run did; {@code finished} when every segment reached the end of the table. */
    public record Report(long edgesRead, long indexed, long alreadyIndexed, long termCorrected,
            long changedMeanwhile, List<String> unindexable, boolean finished) {
    }

    public EnrollmentTermBackfill(DynamoDbClient dynamo, String table, int segments, int pageSize, Path stateFile) {
        this.dynamo = dynamo;
        this.table = table;
        this.scan = new TypeScan(dynamo, table, pageSize, BackfillState.open(stateFile, table, segments), EDGE_TYPE,
                List.of(COURSE_TERM, TableSchema.GSI2PK, TableSchema.GSI2SK));
    }

    /** Runs every unfinished segment in parallel until the end of the table or until {@code maxItems} edges. */
    public Report run(long maxItems) throws InterruptedException {
        Counters counters = new Counters();
        long read = scan.run(maxItems, edge -> index(edge, counters));
        return new Report(read, counters.indexed.get(), counters.alreadyIndexed.get(),
                counters.termCorrected.get(), counters.changedMeanwhile.get(), List.copyOf(counters.unindexable),
                scan.finished());
    }

    private void index(Map<String, AttributeValue> edge, Counters counters) {
        String pk = edge.get(TableSchema.PK).s();
        String sk = edge.get(TableSchema.SK).s();
        String copied = text(edge.get(COURSE_TERM));
        IndexKey expected;
        String term;
        try {
            String studentId = EnrollmentKeys.parseStudentPk(pk);
            String courseId = EnrollmentKeys.parseEnrollmentSk(sk);
            term = courseTerm(courseId).orElse(copied);
            expected = EnrollmentKeys.enrollmentTermIndex(studentId, term, courseId);
        } catch (InvalidKeyException e) {
            counters.unindexable.add(pk + "/" + sk + " (" + e.getMessage() + ")");
            return;
        }
        if (term.equals(copied) && expected.pk().equals(text(edge.get(expected.pkAttribute())))
                && expected.sk().equals(text(edge.get(expected.skAttribute())))) {
            counters.alreadyIndexed.incrementAndGet();
            return;
        }
        Map<String, AttributeValue> key = Map.of(TableSchema.PK, edge.get(TableSchema.PK),
                TableSchema.SK, edge.get(TableSchema.SK));
        Map<String, String> names = Map.of("#term", COURSE_TERM, "#type", TableSchema.TYPE,
                "#gsi2pk", expected.pkAttribute(), "#gsi2sk", expected.skAttribute());
        Map<String, AttributeValue> values = new HashMap<>(Map.of(
                ":gsi2pk", AttributeValue.fromS(expected.pk()), ":gsi2sk", AttributeValue.fromS(expected.sk()),
                ":edge", AttributeValue.fromS(EDGE_TYPE), ":term", AttributeValue.fromS(term)));
        String copyUnchanged = "#term = :copied";
        if (copied == null) {
            copyUnchanged = "attribute_not_exists(#term)";
        } else {
            values.put(":copied", AttributeValue.fromS(copied));
        }
        String condition = "#type = :edge AND " + copyUnchanged;
        try {
            dynamo.updateItem(r -> r.tableName(table).key(key)
                    .updateExpression("SET #gsi2pk = :gsi2pk, #gsi2sk = :gsi2sk, #term = :term")
                    .conditionExpression(condition)
                    .expressionAttributeNames(names)
                    .expressionAttributeValues(values));
            counters.indexed.incrementAndGet();
            if (!term.equals(copied)) {
                counters.termCorrected.incrementAndGet();
            }
        } catch (ConditionalCheckFailedException e) {
            // Dropped, or dropped and made again since the Scan read it: the service wrote that edge with its keys.
            counters.changedMeanwhile.incrementAndGet();
        }
    }

    /** The course's term, read once per course and run; empty when the course is gone or has none. */
    private Optional<String> courseTerm(String courseId) {
        return courseTerms.computeIfAbsent(courseId, id -> {
            Map<String, AttributeValue> course = dynamo.getItem(r -> r.tableName(table).consistentRead(true)
                    .key(EnrollmentKeys.course(id).toAttributes())
                    .projectionExpression("#term")
                    .expressionAttributeNames(Map.of("#term", TERM))).item();
            return Optional.ofNullable(course == null ? null : text(course.get(TERM)));
        });
    }

    private static String text(AttributeValue value) {
        return value == null ? null : value.s();
    }

    private static final class Counters {
        final AtomicLong indexed = new AtomicLong();
        final AtomicLong alreadyIndexed = new AtomicLong();
        final AtomicLong termCorrected = new AtomicLong();
        final AtomicLong changedMeanwhile = new AtomicLong();
        final List<String> unindexable = Collections.synchronizedList(new ArrayList<>());
    }

    /**
     * {@code deploy/backfill-enrollment-terms.sh [--table NAME] [--endpoint URL] [--region REGION] [--segments N]
     * [--page-size N] [--max-items N] [--state FILE]}; AWS credentials from the default chain, or static dummy ones
     * with {@code --endpoint} (DynamoDB Local).
     */
    public static void main(String[] args) throws InterruptedException {
        BackfillCommand command = BackfillCommand.parse(args, "data/migrations/enrollment-term-backfill.state");
        if (command == null) {
            return;
        }
        try (DynamoDbClient dynamo = command.client()) {
            Report report = new EnrollmentTermBackfill(dynamo, command.table(), command.segments(),
                    command.pageSize(), Path.of(command.state())).run(command.maxItems());
            System.out.printf("edges read: %d, indexed now: %d (term corrected from the course: %d), already "
                    + "indexed: %d, changed meanwhile: %d, not indexable: %d%n", report.edgesRead(), report.indexed(),
                    report.termCorrected(), report.alreadyIndexed(), report.changedMeanwhile(),
                    report.unindexable().size());
            report.unindexable().forEach(edge -> System.out.println("  not indexable: " + edge));
            System.out.println(command.outcome(report.finished()));
        }
    }
}
