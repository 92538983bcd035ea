package dev.trident.migrations;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.IndexKey;
import dev.trident.keys.InvalidKeyException;
import dev.trident.keys.TableSchema;
import java.io.PrintStream;
import java.nio.file.Path;
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
public final class EnrollmentTermBackfill implements BackfillCommand.Backfill {

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
    /** Edges indexed whose copied term was not their course's: the copy was corrected with the keys. */
    private final AtomicLong termCorrected = new AtomicLong();

    public EnrollmentTermBackfill(DynamoDbClient dynamo, String table, int segments, int pageSize, Path stateFile) {
        this.dynamo = dynamo;
        this.table = table;
        this.scan = new TypeScan(dynamo, table, pageSize, BackfillState.open(stateFile, table, segments), EDGE_TYPE,
                List.of(COURSE_TERM, TableSchema.GSI2PK, TableSchema.GSI2SK));
    }

    /** Runs every unfinished segment in parallel until the end of the table or until {@code maxItems} edges. */
    @Override
    public BackfillReport run(long maxItems) throws InterruptedException {
        BackfillTally tally = new BackfillTally();
        long read = scan.run(maxItems, edge -> index(edge, tally));
        return tally.report(read, scan.finished());
    }

    /** Of the edges this backfill has indexed, those whose copied term it corrected from their course. */
    public long termCorrected() {
        return termCorrected.get();
    }

    @Override
    public void printDetails(PrintStream out) {
        out.println("of them indexed with the term corrected from the course: " + termCorrected());
    }

    private void index(Map<String, AttributeValue> edge, BackfillTally tally) {
        String pk = edge.get(TableSchema.PK).s();
        String sk = edge.get(TableSchema.SK).s();
        String copied = text(edge.get(COURSE_TERM));
        IndexKey expected;
        String term;
        try {
            String studentId = EnrollmentKeys.parseStudentPk(pk);
            String courseId = EnrollmentKeys.parseEnrollmentSk(sk);
            term = courseTerm(courseId).orElse(copied);
            expected = EntityType.ENROLLMENT.keys().in(TableSchema.GSI2).build(studentId, term, courseId);
        } catch (InvalidKeyException e) {
            tally.left(pk + "/" + sk + " (" + e.getMessage() + ")");
            return;
        }
        if (term.equals(copied) && expected.pk().equals(text(edge.get(expected.pkAttribute())))
                && expected.sk().equals(text(edge.get(expected.skAttribute())))) {
            tally.alreadyDone();
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
            tally.written();
            if (!term.equals(copied)) {
                termCorrected.incrementAndGet();
            }
        } catch (ConditionalCheckFailedException e) {
            // Dropped, or dropped and made again since the Scan read it: the service wrote that edge with its keys.
            tally.changedMeanwhile();
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

    /**
     * {@code deploy/backfill-enrollment-terms.sh [--table NAME] [--endpoint URL] [--region REGION] [--segments N]
     * [--page-size N] [--max-items N] [--state FILE]}; AWS credentials from the default chain, or static dummy ones
     * with {@code --endpoint} (DynamoDB Local).
     */
    public static void main(String[] args) throws InterruptedException {
        BackfillCommand.main(args, "data/migrations/enrollment-term-backfill.state", EnrollmentTermBackfill::new,
                "edges", "indexed", "not indexable");
    }
}
