package dev.trident.migrations;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.IndexKey;
import dev.trident.keys.InvalidKeyException;
import dev.trident.keys.TableSchema;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

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
    private final int pageSize;
    private final BackfillState state;

    /** What a run did; {@code finished} when every segment reached the end of the table. */
    public record Report(long coursesRead, long indexed, long alreadyIndexed, long changedMeanwhile,
            List<String> unindexable, boolean finished) {
    }

    public CourseTermBackfill(DynamoDbClient dynamo, String table, int segments, int pageSize, Path stateFile) {
        if (pageSize < 1 || pageSize > 1000) {
            throw new IllegalArgumentException("page size must be 1..1000");
        }
        this.dynamo = dynamo;
        this.table = table;
        this.pageSize = pageSize;
        this.state = BackfillState.open(stateFile, table, segments);
    }

    /** Runs every unfinished segment in parallel until the end of the table or until {@code maxItems} courses. */
    public Report run(long maxItems) throws InterruptedException {
        Counters counters = new Counters(maxItems);
        int segments = state.segments();
        ExecutorService pool = Executors.newFixedThreadPool(segments);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int segment = 0; segment < segments; segment++) {
                int s = segment;
                running.add(pool.submit(() -> {
                    scanSegment(s, counters);
                    return null;
                }));
            }
            for (Future<?> segment : running) {
                segment.get();
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("the backfill stopped; its position is saved, run it again to resume",
                    e.getCause());
        } finally {
            pool.shutdownNow();
        }
        return new Report(counters.read.get(), counters.indexed.get(), counters.alreadyIndexed.get(),
                counters.changedMeanwhile.get(), List.copyOf(counters.unindexable), state.finished());
    }

    private void scanSegment(int segment, Counters counters) {
        while (!state.isDone(segment) && counters.mayRead()) {
            Map<String, AttributeValue> start = state.position(segment);
            ScanResponse page = dynamo.scan(r -> r.tableName(table)
                    .segment(segment).totalSegments(state.segments())
                    .limit(pageSize)
                    .exclusiveStartKey(start)
                    .filterExpression("#type = :course")
                    .projectionExpression("#pk, #sk, #type, #term, #gsi2pk, #gsi2sk")
                    .expressionAttributeNames(Map.of("#type", TableSchema.TYPE, "#pk", TableSchema.PK,
                            "#sk", TableSchema.SK, "#term", TERM, "#gsi2pk", TableSchema.GSI2PK,
                            "#gsi2sk", TableSchema.GSI2SK))
                    .expressionAttributeValues(Map.of(":course", AttributeValue.fromS(COURSE_TYPE))));
            for (Map<String, AttributeValue> course : page.items()) {
                counters.read.incrementAndGet();
                index(course, counters);
            }
            boolean more = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty();
            state.save(segment, more ? page.lastEvaluatedKey() : null);
        }
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
        final long maxItems;
        final AtomicLong read = new AtomicLong();
        final AtomicLong indexed = new AtomicLong();
        final AtomicLong alreadyIndexed = new AtomicLong();
        final AtomicLong changedMeanwhile = new AtomicLong();
        final List<String> unindexable = java.util.Collections.synchronizedList(new ArrayList<>());

        Counters(long maxItems) {
            this.maxItems = maxItems;
        }

        boolean mayRead() {
            return maxItems <= 0 || read.get() < maxItems;
        }
    }

    /**
     * {@code deploy/backfill-course-terms.sh [--table NAME] [--endpoint URL] [--region REGION] [--segments N]
     * [--page-size N] [--max-items N] [--state FILE]}; AWS credentials from the default chain, or static dummy ones
     * with {@code --endpoint} (DynamoDB Local).
     */
    public static void main(String[] args) throws InterruptedException {
        Map<String, String> options = new HashMap<>(Map.of("--table", env("TRIDENT_TABLE_NAME", "trident"),
                "--segments", "4", "--page-size", "100", "--max-items", "0",
                "--state", "data/migrations/course-term-backfill.state"));
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            if (name.equals("-h") || name.equals("--help")) {
                System.out.println("options: --table --endpoint --region --segments --page-size --max-items --state");
                return;
            }
            if (!name.startsWith("--") || i + 1 >= args.length) {
                throw new IllegalArgumentException("unknown or incomplete option " + name + " (try --help)");
            }
            options.put(name, args[++i]);
        }
        DynamoDbClientBuilder builder = DynamoDbClient.builder()
                .httpClientBuilder(ApacheHttpClient.builder().connectionTimeout(Duration.ofSeconds(5)));
        String region = options.getOrDefault("--region", env("AWS_REGION", "us-east-1"));
        builder.region(Region.of(region));
        String endpoint = options.get("--endpoint");
        if (endpoint != null) {
            builder.endpointOverride(URI.create(endpoint))
                    .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")));
        }
        try (DynamoDbClient dynamo = builder.build()) {
            CourseTermBackfill backfill = new CourseTermBackfill(dynamo, options.get("--table"),
                    Integer.parseInt(options.get("--segments")), Integer.parseInt(options.get("--page-size")),
                    Path.of(options.get("--state")));
            Report report = backfill.run(Long.parseLong(options.get("--max-items")));
            System.out.printf("courses read: %d, indexed now: %d, already indexed: %d, changed meanwhile: %d, "
                    + "not indexable: %d%n", report.coursesRead(), report.indexed(), report.alreadyIndexed(),
                    report.changedMeanwhile(), report.unindexable().size());
            report.unindexable().forEach(course -> System.out.println("  not indexable: " + course));
            System.out.println(report.finished() ? "finished (state: " + options.get("--state") + ")"
                    : "stopped before the end; run again with the same --state to resume");
        }
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
