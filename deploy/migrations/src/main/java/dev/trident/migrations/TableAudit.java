package dev.trident.migrations;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.Shards;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkspaceKeys;
import java.io.PrintStream;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/**
 * An operator's consistency check of a Trident table ({@code deploy/audit.sh}): a parallel Scan of the whole table
 * (strongly consistent; a maintenance tool, the one other place than the backfill where a Scan is allowed), the
 * items held in memory with only the attributes the checks read, then every invariant of {@link Invariants}. Writes
 * nothing. One line per violation, then one per note (a state a legitimate history explains, prefixed
 * {@link #NOTE}), then a summary; exit 0 when there is no violation, 1 on any, 2 on a usage or connection error.
 */
public final class TableAudit {

    public static final int CLEAN = 0;
    public static final int VIOLATIONS = 1;
    public static final int ERROR = 2;
    static final int MAX_SEGMENTS = 64;

    static final String USAGE = """
            usage: deploy/audit.sh [--table trident] [--endpoint URL] [--region REGION] [--segments 4] \
            [--work-age PT10M] [--timeline-shards 16] [--catalogue-shards 8] [--project-status-shards 8] \
            [--quiet]
              --table     the table (default: TRIDENT_TABLE_NAME, else trident)
              --endpoint  a DynamoDB endpoint, e.g. http://127.0.0.1:8000 for the local stack (static dummy \
            credentials); without it, AWS with the default credential chain
              --region    the region (default: AWS_REGION, else us-east-1)
              --segments  parallel Scan segments, 1..64 (default 4)
              --work-age  ISO-8601 duration after which pending work counts as stuck (default PT10M)
              --timeline-shards  the timeline's write shards, as social-service's trident.social.timeline.shards \
            (TRIDENT_SOCIAL_TIMELINE_SHARDS), 1..16 (default 16); a post under another shard is a violation
              --catalogue-shards  enrollment-service's trident.enrollment.catalogue.shards \
            (TRIDENT_ENROLLMENT_CATALOGUE_SHARDS), 1..16 (default 8); a course under another shard is a violation
              --project-status-shards  workspace-service's trident.workspace.project-status.shards \
            (TRIDENT_WORKSPACE_PROJECT_STATUS_SHARDS), 1..16 (default 8); likewise for a project
              --quiet     no progress on stderr; the violations and the summary still go to stdout
            Prints one line per violation (invariant, PK/SK, what is wrong), one per note ("note: ", a state a
            legitimate history explains; never a non-zero exit), then a summary.
            Exit 0: clean; 1: violations; 2: usage or connection error.""";

    private final DynamoDbClient dynamo;
    private final String table;
    private final int segments;
    private final Duration workAge;
    private final Clock clock;
    private final IndexShards shards;

    /**
     * The write shard counts the services run with, which decide where a post's, a course's and a project's GSI2 key belongs.
     */
    public record IndexShards(int timeline, int catalogue, int projectStatus) {
        public static final IndexShards DEFAULT = new IndexShards(SocialKeys.DEFAULT_TIMELINE_SHARDS,
                EnrollmentKeys.DEFAULT_CATALOGUE_SHARDS,
                WorkspaceKeys.DEFAULT_PROJECT_STATUS_SHARDS);

        public IndexShards {
            Shards.requireShardCount(timeline);
            Shards.requireShardCount(catalogue);
            Shards.requireShardCount(projectStatus);
        }
    }

    /** The prefix of a note's line: notes never change the exit code. */
    public static final String NOTE = "note: ";

    /** What a run found: the violations and notes in invariant order, and how much it read and checked. */
    public record Report(long itemsScanned, int invariantsChecked, List<String> violations, List<String> notes) {
        public String summary(String table) {
            return "audit of " + table + ": " + itemsScanned + " items scanned, " + invariantsChecked
                    + " invariants checked, " + violations.size() + " violations, " + notes.size() + " notes";
        }
    }

    public TableAudit(DynamoDbClient dynamo, String table, int segments, Duration workAge, Clock clock) {
        this(dynamo, table, segments, workAge, clock, IndexShards.DEFAULT);
    }

    public TableAudit(DynamoDbClient dynamo, String table, int segments, Duration workAge, Clock clock,
            IndexShards shards) {
        if (segments < 1 || segments > MAX_SEGMENTS) {
            throw new IllegalArgumentException("segments must be 1.." + MAX_SEGMENTS);
        }
        if (workAge.isNegative()) {
            throw new IllegalArgumentException("the work age must not be negative");
        }
        this.dynamo = dynamo;
        this.table = table;
        this.segments = segments;
        this.workAge = workAge;
        this.clock = clock;
        this.shards = shards;
    }

    /** Scans the table and checks every invariant. */
    public Report run() throws InterruptedException {
        return run(message -> { });
    }

    /** As {@link #run()}, telling {@code progress} how long the Scan and the checks took. */
    public Report run(Consumer<String> progress) throws InterruptedException {
        long started = System.nanoTime();
        List<AuditedItem> items = scan();
        progress.accept(String.format("scanned %d items in %.1f s", items.size(), seconds(started)));
        started = System.nanoTime();
        Invariants invariants = new Invariants(new AuditedTable(items), clock.instant(), workAge, shards);
        Invariants.Outcome outcome = invariants.check();
        progress.accept(String.format("checked in %.1f s", seconds(started)));
        return new Report(items.size(), invariants.checks().size(), outcome.violations(), outcome.notes());
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }

    /** Every item, its projected attributes only; one thread per segment. */
    private List<AuditedItem> scan() throws InterruptedException {
        List<String> attributes = StoredAttributes.projection();
        Map<String, String> names = new HashMap<>();
        List<String> placeholders = new ArrayList<>();
        for (int i = 0; i < attributes.size(); i++) {
            names.put("#a" + i, attributes.get(i));
            placeholders.add("#a" + i);
        }
        String projection = String.join(", ", placeholders);
        ExecutorService pool = Executors.newFixedThreadPool(segments);
        try {
            List<Future<List<AuditedItem>>> running = new ArrayList<>();
            for (int segment = 0; segment < segments; segment++) {
                ScanRequest request = ScanRequest.builder().tableName(table)
                        .segment(segment).totalSegments(segments)
                        .consistentRead(true)
                        .projectionExpression(projection)
                        .expressionAttributeNames(names)
                        .build();
                running.add(pool.submit(() -> dynamo.scanPaginator(request).items().stream()
                        .map(AuditedItem::of).toList()));
            }
            List<AuditedItem> items = new ArrayList<>();
            for (Future<List<AuditedItem>> segment : running) {
                items.addAll(segment.get());
            }
            return items;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new IllegalStateException(e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    /**
     * {@code deploy/audit.sh [--table NAME] [--endpoint URL] [--region REGION] [--segments N] [--work-age DURATION]
     * [--timeline-shards N] [--quiet]}: the violations and the summary on {@code out}, progress and errors on
     * {@code err}; the exit code.
     */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        Map<String, String> options = new HashMap<>(Map.of("--table", env("TRIDENT_TABLE_NAME", "trident"),
                "--region", env("AWS_REGION", "us-east-1"), "--segments", "4", "--work-age", "PT10M",
                "--timeline-shards", env("TRIDENT_SOCIAL_TIMELINE_SHARDS",
                        Integer.toString(SocialKeys.DEFAULT_TIMELINE_SHARDS)),
                "--catalogue-shards", env("TRIDENT_ENROLLMENT_CATALOGUE_SHARDS",
                        Integer.toString(EnrollmentKeys.DEFAULT_CATALOGUE_SHARDS)),
                "--project-status-shards", env("TRIDENT_WORKSPACE_PROJECT_STATUS_SHARDS",
                        Integer.toString(WorkspaceKeys.DEFAULT_PROJECT_STATUS_SHARDS))));
        boolean quiet = false;
        for (int i = 0; i < args.length; i++) {
            String name = args[i];
            switch (name) {
                case "-h", "--help" -> {
                    out.println(USAGE);
                    return CLEAN;
                }
                case "--quiet" -> quiet = true;
                case "--table", "--endpoint", "--region", "--segments", "--work-age", "--timeline-shards",
                        "--catalogue-shards", "--project-status-shards" -> {
                    if (i + 1 >= args.length) {
                        return usage(err, name + " needs a value");
                    }
                    options.put(name, args[++i]);
                }
                default -> {
                    return usage(err, "unknown option " + name);
                }
            }
        }
        int segments;
        IndexShards shards;
        Duration workAge;
        String table;
        URI endpoint;
        try {
            segments = Integer.parseInt(options.get("--segments"));
            shards = new IndexShards(Integer.parseInt(options.get("--timeline-shards")),
                    Integer.parseInt(options.get("--catalogue-shards")),
                    Integer.parseInt(options.get("--project-status-shards")));
            workAge = Duration.parse(options.get("--work-age"));
            table = TableDefinition.of(options.get("--table")).tableName();
            endpoint = options.containsKey("--endpoint") ? URI.create(options.get("--endpoint")) : null;
        } catch (NumberFormatException | DateTimeParseException e) {
            return usage(err, "--segments and the shard counts take a whole number, --work-age an ISO-8601 duration"
                    + " such as PT10M");
        } catch (IllegalArgumentException e) {
            return usage(err, e.getMessage());
        }
        if (segments < 1 || segments > MAX_SEGMENTS || workAge.isNegative()) {
            return usage(err, "--segments must be 1.." + MAX_SEGMENTS + ", --work-age not negative");
        }
        DynamoDbClientBuilder builder = DynamoDbClient.builder()
                .httpClientBuilder(ApacheHttpClient.builder().connectionTimeout(Duration.ofSeconds(5)))
                .region(Region.of(options.get("--region")));
        if (endpoint != null) {
            // DynamoDB Local accepts any credentials; AWS gets the default chain.
            builder.endpointOverride(endpoint)
                    .credentialsProvider(
                            StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")));
        }
        try (DynamoDbClient dynamo = builder.build()) {
            TableAudit audit = new TableAudit(dynamo, table, segments, workAge, Clock.systemUTC(), shards);
            if (!quiet) {
                err.println("scanning " + table + (endpoint == null ? "" : " at " + endpoint) + " in " + segments
                        + " segments (strongly consistent reads)");
            }
            Report report = audit.run(quiet ? message -> { } : err::println);
            report.violations().forEach(out::println);
            report.notes().forEach(note -> out.println(NOTE + note));
            out.println(report.summary(table));
            return report.violations().isEmpty() ? CLEAN : VIOLATIONS;
        } catch (SdkException e) {
            err.println("audit.sh: cannot read table " + table + ": " + e.getMessage());
            return ERROR;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            err.println("audit.sh: interrupted");
            return ERROR;
        } catch (RuntimeException e) {
            // Not a verdict on the table: never exit 1 for it.
            err.println("audit.sh: the audit failed: " + e);
            e.printStackTrace(err);
            return ERROR;
        }
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    private static int usage(PrintStream err, String problem) {
        err.println("audit.sh: " + problem);
        err.println(USAGE);
        return ERROR;
    }

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }
}
