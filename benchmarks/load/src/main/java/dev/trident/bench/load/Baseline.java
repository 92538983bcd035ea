package dev.trident.bench.load;

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.ShardMerge;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.Expression;
import dev.trident.keys.expr.UpdateExpressionBuilder;
import dev.trident.keys.expr.UpdateExpressionBuilder.UpdateExpression;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.GetItemResponse;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The baseline: for one route, the same DynamoDB requests the service makes, sent directly with the async SDK
 * client at a fixed number in flight (closed loop: each of N slots sends its next request when the previous one
 * completed). Latency is recorded per request in an HdrHistogram from the moment the request was issued to the
 * moment its last DynamoDB response arrived.
 *
 * <p>A fresh JVM runs each route, so it warms up as the services do: in passes of {@code --warmup} seconds, at least
 * two, until its JIT compiler threads took at most {@code --jit-settled-percent} (default 3) of its CPU during a pass,
 * at most {@code --warmup-passes} (default 8). Its measurement then reports, like the services', the compiler
 * threads' CPU per request.
 *
 * <p>Usage: {@code Baseline --endpoint URL --table NAME --scale S --route R --concurrency 16 --warmup SECONDS
 * --duration SECONDS --ddb-pid PID --clk-tck 100 --out FILE [--http-client netty|crt]}. Appends one tab-separated
 * result line to FILE.
 */
public final class Baseline {
    private static final int LIMIT = Dataset.PAGE + 1; // the services read limit + 1 to know whether more exist
    private static final int MAX_CONNECTIONS = 256;

    private final DynamoDbAsyncClient dynamo;
    private final String table;
    private final Dataset d;
    private final AtomicLong enrolCounter = new AtomicLong();
    private volatile String enrolPhase = "bw";

    private Baseline(DynamoDbAsyncClient dynamo, String table, Dataset d) {
        this.dynamo = dynamo;
        this.table = table;
        this.d = d;
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv);
        Dataset d = Dataset.of(args.require("scale"));
        String route = args.require("route");
        int concurrency = args.getInt("concurrency", 16);
        int warmup = args.getInt("warmup", 5);
        int warmupPasses = args.getInt("warmup-passes", 8);
        int jitSettledPercent = args.getInt("jit-settled-percent", 3);
        int duration = args.getInt("duration", 10);
        String ddbPid = args.require("ddb-pid");
        int clk = args.getInt("clk-tck", 100);

        String httpClient = args.get("http-client", "netty");
        // At most MAX_CONNECTIONS connections, whatever the concurrency: more slots wait for one in the SDK, as in a
        // service. DynamoDB Local stops answering for minutes once it is sent 512 requests at once (its request
        // threads all busy, every later request timed out), which left the rest of a sweep measuring a wedged table.
        try (DynamoDbAsyncClient dynamo = Dynamo.client(args.require("endpoint"),
                Math.min(MAX_CONNECTIONS, Math.max(50, concurrency * 4)), httpClient)) {
            Baseline b = new Baseline(dynamo, args.get("table", "trident"), d);
            Supplier<CompletableFuture<?>> op = b.operation(route);
            String self = Long.toString(ProcessHandle.current().pid());
            for (int pass = 1; pass <= warmupPasses; pass++) {
                double passCpu0 = ProcStat.cpuMillis(self, clk);
                double passJit0 = ProcStat.jitMillis(self, clk);
                b.run(op, concurrency, warmup, new ConcurrentHistogram(60_000_000L, 3), new AtomicLong());
                double passCpu = ProcStat.cpuMillis(self, clk) - passCpu0;
                double jitShare = passCpu > 0 ? 100 * (ProcStat.jitMillis(self, clk) - passJit0) / passCpu : 0;
                System.err.printf(Locale.ROOT, "baseline %s warm-up pass %d: JIT %.0f%% of its CPU%n", route, pass,
                        jitShare);
                if (pass >= 2 && (passCpu < 1000 || jitShare <= jitSettledPercent)) {
                    break;
                }
            }
            b.enrolPhase = "bm";
            b.enrolCounter.set(0);

            Histogram h = new ConcurrentHistogram(60_000_000L, 3);
            AtomicLong errors = new AtomicLong();
            double cpu0 = ProcStat.cpuMillis(self, clk);
            double jit0 = ProcStat.jitMillis(self, clk);
            double ddb0 = ProcStat.cpuMillis(ddbPid, clk);
            long t0 = System.nanoTime();
            long requests = b.run(op, concurrency, duration, h, errors);
            double seconds = (System.nanoTime() - t0) / 1e9;
            double cpu = ProcStat.cpuMillis(self, clk) - cpu0;
            double jit = ProcStat.jitMillis(self, clk) - jit0;
            double ddb = ProcStat.cpuMillis(ddbPid, clk) - ddb0;

            String line = String.join("\t", route, "baseline", Long.toString(requests), Long.toString(errors.get()),
                    fmt(seconds), fmt(requests / seconds), fmt(h.getValueAtPercentile(50) / 1000.0),
                    fmt(h.getValueAtPercentile(99) / 1000.0), fmt(cpu / requests), fmt(ddb / requests),
                    fmt(jit / requests));
            System.out.println(line);
            Files.writeString(Path.of(args.require("out")), line + "\n", StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
            if (errors.get() > 0) {
                System.err.println("baseline " + route + ": " + errors.get() + " failed requests");
            }
        }
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** Runs {@code concurrency} closed-loop slots for {@code seconds}; returns the completed requests. */
    private long run(Supplier<CompletableFuture<?>> op, int concurrency, int seconds, Histogram h, AtomicLong errors)
            throws InterruptedException {
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        AtomicLong done = new AtomicLong();
        CountDownLatch finished = new CountDownLatch(concurrency);
        for (int i = 0; i < concurrency; i++) {
            slot(op, end, h, errors, done, finished);
        }
        finished.await();
        return done.get();
    }

    private void slot(Supplier<CompletableFuture<?>> op, long end, Histogram h, AtomicLong errors, AtomicLong done,
            CountDownLatch finished) {
        long start = System.nanoTime();
        if (start >= end) {
            finished.countDown();
            return;
        }
        CompletableFuture<?> f;
        try {
            f = op.get();
        } catch (RuntimeException e) {
            f = CompletableFuture.failedFuture(e);
        }
        f.whenComplete((r, e) -> {
            h.recordValue(Math.max(1, (System.nanoTime() - start) / 1000));
            done.incrementAndGet();
            if (e != null) {
                errors.incrementAndGet();
            }
            slot(op, end, h, errors, done, finished);
        });
    }

    // ---- the routes' DynamoDB requests, built as the repositories build them -------------------------------------

    Supplier<CompletableFuture<?>> operation(String route) {
        return switch (route) {
            case "student-courses" -> () -> dynamo.query(studentCourses(Dataset.userId(rnd(d.students()))));
            case "course-roster" -> () -> dynamo.query(roster(Dataset.courseId(rnd(d.courses()))));
            case "course-catalogue" -> () -> {
                // One Query per catalogue shard, in parallel, as the service sends them for a page.
                int shards = EnrollmentKeys.DEFAULT_CATALOGUE_SHARDS;
                CompletableFuture<?>[] all = new CompletableFuture<?>[shards];
                for (int s = 0; s < shards; s++) {
                    all[s] = dynamo.query(termCatalogue(Dataset.TERM, s, shards));
                }
                return CompletableFuture.allOf(all);
            };
            case "user-posts" -> () -> dynamo.query(beginsWith(SocialKeys.userPartition(Dataset.userId(rnd(d.users()))),
                    SocialKeys.postsPrefix()));
            case "user-get" -> () -> dynamo.getItem(r -> r.tableName(table)
                    .key(SocialKeys.userProfile(Dataset.userId(rnd(d.users()))).toAttributes())
                    .consistentRead(true)
                    .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
            // What benchmarks/reference-app sends: the same GetItem, eventually consistent, no capacity asked for.
            case "reference-get" -> () -> dynamo.getItem(r -> r.tableName(table)
                    .key(SocialKeys.userProfile(Dataset.userId(rnd(d.users()))).toAttributes()));
            case "workspace-projects" -> () -> {
                String wsId = Dataset.workspaceId(rnd(d.unshardedWorkspaces()));
                return readerRole(wsId).thenCompose(member -> dynamo.query(projects(wsId, 0, 1)));
            };
            case "workspace-projects-by-status" -> () -> {
                String wsId = Dataset.workspaceId(rnd(d.unshardedWorkspaces()));
                return readerRole(wsId).thenCompose(member -> dynamo.query(projectsByStatus(wsId, ProjectStatus.ACTIVE)));
            };
            case "workspace-projects-sharded" -> {
                int shards = d.shardedShards();
                int shardLimit = firstShardRead(shards);
                yield () -> readerRole(Dataset.SHARDED_WORKSPACE).thenCompose(member -> {
                    CompletableFuture<?>[] all = new CompletableFuture<?>[shards];
                    for (int s = 0; s < shards; s++) {
                        all[s] = dynamo.query(beginsWith(WorkspaceKeys.projectPartition(Dataset.SHARDED_WORKSPACE, s,
                                shards), WorkspaceKeys.projectsPrefix(), shardLimit));
                    }
                    return CompletableFuture.allOf(all);
                });
            }
            case "enrol" -> this::enrol;
            default -> throw new IllegalArgumentException("unknown route " + route);
        };
    }

    private static int rnd(int bound) {
        return ThreadLocalRandom.current().nextInt(bound);
    }

    private QueryRequest studentCourses(String studentId) {
        return beginsWith(EnrollmentKeys.studentPartition(studentId), EnrollmentKeys.enrollmentsPrefix());
    }

    private QueryRequest beginsWith(String partition, String prefix) {
        return beginsWith(partition, prefix, LIMIT);
    }

    private QueryRequest beginsWith(String partition, String prefix, int limit) {
        return QueryRequest.builder().tableName(table)
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                .expressionAttributeNames(Map.of("#pk", TableSchema.PK, "#sk", TableSchema.SK))
                .expressionAttributeValues(Map.of(":pk", fromS(partition), ":prefix", fromS(prefix)))
                .scanIndexForward(false)
                .limit(limit)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build();
    }

    /**
     * The Limit of each shard's first read of a page, as workspace-service plans it (its share of the page plus a
     * margin, not the whole page); with the seeded ids spread evenly, a page needs no second read.
     */
    private static int firstShardRead(int shards) {
        Map<String, Map<String, String>> open = new LinkedHashMap<>();
        for (int s = 0; s < shards; s++) {
            open.put(Integer.toString(s), Map.of());
        }
        return ShardMerge.<String>page(open, String::compareTo, item -> Map.of(), Dataset.PAGE).nextReads().get(0)
                .limit();
    }

    /** The first read of one shard of a term's catalogue for a page, by course id. */
    private QueryRequest termCatalogue(String term, int shard, int shards) {
        return QueryRequest.builder().tableName(table).indexName(TableSchema.GSI2)
                .keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", TableSchema.GSI2PK))
                .expressionAttributeValues(Map.of(":pk", fromS(EnrollmentKeys.termPartition(term, shard, shards))))
                .limit(firstShardRead(shards))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build();
    }

    private QueryRequest roster(String courseId) {
        return QueryRequest.builder().tableName(table).indexName(TableSchema.GSI1)
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                .expressionAttributeNames(Map.of("#pk", TableSchema.GSI1PK, "#sk", TableSchema.GSI1SK))
                .expressionAttributeValues(Map.of(":pk", fromS(EnrollmentKeys.coursePartition(courseId)),
                        ":prefix", fromS(EnrollmentKeys.rosterPrefix())))
                .limit(LIMIT)
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES)
                .build();
    }

    /** Only members read a workspace: the service reads the caller's member edge (its role) before the projects. */
    private CompletableFuture<GetItemResponse> readerRole(String wsId) {
        return dynamo.getItem(r -> r.tableName(table)
                .key(WorkspaceKeys.member(wsId, Dataset.READER).toAttributes())
                .projectionExpression("#role")
                .expressionAttributeNames(Map.of("#role", "role"))
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    }

    /** One status of an unsharded workspace's projects: its one GSI1 partition, newest first. */
    private QueryRequest projectsByStatus(String wsId, ProjectStatus status) {
        return QueryRequest.builder().tableName(table).indexName(TableSchema.GSI1)
                .keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", TableSchema.GSI1PK))
                .expressionAttributeValues(Map.of(":pk",
                        fromS(WorkspaceKeys.workspaceStatusPartition(wsId, status, 0, 1))))
                .scanIndexForward(false)
                .limit(LIMIT)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL)
                .build();
    }

    private QueryRequest projects(String wsId, int shard, int shards) {
        return beginsWith(WorkspaceKeys.projectPartition(wsId, shard, shards), WorkspaceKeys.projectsPrefix());
    }

    /**
     * Enrol as the service does it: GetItem student and GetItem course in parallel, then one TransactWriteItems
     * (put edge if absent, count up the course under its capacity condition, check the student exists).
     */
    private CompletableFuture<?> enrol() {
        long k = enrolCounter.getAndIncrement();
        int courses = d.enrolCourses();
        int student = (int) ((k / courses) % d.students());
        String studentId = Dataset.userId(student);
        String courseId = Dataset.enrolCourseId(enrolPhase, (int) (k % courses));
        CompletableFuture<GetItemResponse> s = dynamo.getItem(r -> r.tableName(table)
                .key(EnrollmentKeys.student(studentId).toAttributes())
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        CompletableFuture<GetItemResponse> c = dynamo.getItem(r -> r.tableName(table)
                .key(EnrollmentKeys.course(courseId).toAttributes())
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
        return s.thenCombine(c, (sr, cr) -> {
            if (!sr.hasItem() || !cr.hasItem()) {
                throw new IllegalStateException("seeded student or course missing");
            }
            return sr.item().get("name").s();
        }).thenCompose(name -> transactEnrol(studentId, name, courseId));
    }

    private CompletableFuture<?> transactEnrol(String studentId, String studentName, String courseId) {
        String now = Instant.now().toString();
        Map<String, AttributeValue> edge = Seed.edge(studentId, studentName, courseId, now);
        Expression edgeAbsent = Conditions.render(Conditions.ITEM_NOT_EXISTS);
        UpdateExpression countUp = new UpdateExpressionBuilder()
                .add("enrolledCount", 1)
                .add(TableSchema.VERSION, 1)
                .set(TableSchema.UPDATED_AT, fromS(now))
                .condition(Conditions.ITEM_EXISTS.and(Conditions.or(Conditions.attributeNotExists("capacity"),
                        Conditions.lessThanAttribute("enrolledCount", "capacity"))))
                .build();
        Expression studentExists = Conditions.render(Conditions.ITEM_EXISTS);
        List<TransactWriteItem> actions = new ArrayList<>(3);
        actions.add(TransactWriteItem.builder().put(Put.builder().tableName(table).item(edge)
                .conditionExpression(edgeAbsent.expression())
                .expressionAttributeNames(edgeAbsent.namesOrNull())
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build());
        actions.add(TransactWriteItem.builder().update(Update.builder().tableName(table)
                .key(EnrollmentKeys.course(courseId).toAttributes())
                .updateExpression(countUp.updateExpression())
                .conditionExpression(countUp.conditionExpression())
                .expressionAttributeNames(countUp.names())
                .expressionAttributeValues(countUp.valuesOrNull())
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build());
        actions.add(TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table)
                .key(EnrollmentKeys.student(studentId).toAttributes())
                .conditionExpression(studentExists.expression())
                .expressionAttributeNames(studentExists.namesOrNull())
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build());
        return dynamo.transactWriteItems(r -> r.transactItems(actions)
                .returnConsumedCapacity(ReturnConsumedCapacity.TOTAL));
    }
}
