package dev.trident.bench.load;

import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.Months;
import dev.trident.keys.ProjectId;
import dev.trident.keys.ProjectStatus;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkspaceKeys;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * Seeds the data set: a few entities through the services' HTTP APIs (users first, so the cross-service checks
 * pass; proves the path), then the bulk written directly with BatchWriteItem, item for item what the services'
 * repositories write (same key builders, same attribute names).
 *
 * <p>Usage: {@code Seed --endpoint URL --table NAME --scale small|full|10x --social URL --enrollment URL
 * --workspace URL --token BEARER --out DIR}. The token is the HTTP path's caller: its {@code sub} becomes the
 * social user (and student, and workspace owner) it creates, and it needs the {@code registrar} role to create a
 * course. Writes {@code DIR/dataset.env} and {@code DIR/http-check.txt}.
 */
public final class Seed {
    private static final int BATCH = 25;
    private static final Pattern USER_ID = Pattern.compile("\"userId\"\\s*:\\s*\"([^\"]+)\"");

    private final DynamoDbAsyncClient dynamo;
    private final String table;
    private final Semaphore inFlight = new Semaphore(8);
    private final AtomicLong written = new AtomicLong();
    private final List<CompletableFuture<Void>> pending = new ArrayList<>();
    private List<WriteRequest> buffer = new ArrayList<>(BATCH);

    private Seed(DynamoDbAsyncClient dynamo, String table) {
        this.dynamo = dynamo;
        this.table = table;
    }

    public static void main(String[] argv) throws Exception {
        Args args = new Args(argv);
        Dataset d = Dataset.of(args.require("scale"));
        Path out = Path.of(args.require("out"));
        Files.createDirectories(out);

        List<String> check = httpPath(args.require("social"), args.require("enrollment"), args.require("workspace"),
                "Bearer " + args.require("token"));
        Files.write(out.resolve("http-check.txt"), check);
        check.forEach(line -> System.out.println("  http " + line));

        long start = System.nanoTime();
        try (DynamoDbAsyncClient dynamo = Dynamo.client(args.require("endpoint"), 16)) {
            Seed seed = new Seed(dynamo, args.get("table", "trident"));
            seed.social(d);
            seed.enrollment(d);
            seed.workspaces(d);
            seed.flush();
            CompletableFuture.allOf(seed.pending.toArray(CompletableFuture[]::new)).join();
            double s = (System.nanoTime() - start) / 1e9;
            System.out.printf("  seeded %,d items (scale %s) in %.1f s, %,.0f items/s%n", seed.written.get(), d.scale(),
                    s, seed.written.get() / s);
            Files.writeString(out.resolve("dataset.env"), d.toEnv() + "SEEDED_ITEMS=" + seed.written.get()
                    + "\nSEED_SECONDS=" + String.format("%.1f", s) + "\n");
        }
    }

    // ---- through the services, in dependency order --------------------------------------------------------------

    private static List<String> httpPath(String social, String enrollment, String workspace, String authorization)
            throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        List<String> lines = new ArrayList<>();
        String suffix = Long.toString(System.currentTimeMillis(), 36);
        HttpResponse<String> user = send(http, authorization, lines, "POST", social + "/users",
                "{\"handle\":\"bench-http-" + suffix + "\",\"displayName\":\"Bench HTTP\"}");
        Matcher m = USER_ID.matcher(user.body());
        if (user.statusCode() != 201 || !m.find()) {
            lines.add("FAILED: POST /users did not return a userId; skipping the rest");
            return lines;
        }
        String id = m.group(1);
        send(http, authorization, lines, "POST", social + "/users/" + id + "/posts",
                "{\"body\":\"hello from the benchmark\"}");
        send(http, authorization, lines, "PUT", enrollment + "/students/" + id, "{\"year\":2,\"major\":\"CS\"}");
        send(http, authorization, lines, "PUT", enrollment + "/courses/crs-http-" + suffix,
                "{\"title\":\"HTTP path\",\"credits\":6,\"term\":\"2026-fall\",\"capacity\":20}");
        send(http, authorization, lines, "PUT", enrollment + "/students/" + id + "/courses/crs-http-" + suffix, null);
        send(http, authorization, lines, "POST", workspace + "/workspaces", "{\"id\":\"ws-http-" + suffix
                + "\",\"displayName\":\"HTTP path\",\"region\":\"eu-west-1\",\"seatLimit\":10,\"ownerId\":\"" + id + "\"}");
        send(http, authorization, lines, "POST", workspace + "/workspaces/ws-http-" + suffix + "/projects",
                "{\"title\":\"Launch\",\"status\":\"ACTIVE\",\"createdBy\":\"" + id + "\"}");
        return lines;
    }

    private static HttpResponse<String> send(HttpClient http, String authorization, List<String> lines, String method,
            String url, String json) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(10))
                .header("Authorization", authorization);
        if (json == null) {
            b.method(method, HttpRequest.BodyPublishers.noBody());
        } else {
            b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(json));
        }
        HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        String path = URI.create(url).getPath();
        boolean ok = r.statusCode() / 100 == 2;
        lines.add((ok ? "ok     " : "FAILED ") + method + " " + path + " -> " + r.statusCode()
                + (ok ? "" : " " + r.body().replace('\n', ' ')));
        return r;
    }

    // ---- bulk, with the repositories' item shapes -----------------------------------------------------------------

    private void social(Dataset d) {
        Instant newest = Instant.now().minus(1, ChronoUnit.HOURS).truncatedTo(ChronoUnit.MILLIS);
        long totalPosts = (long) d.users() * d.postsPerUser();
        long spacingMs = Math.max(1, Duration.ofDays(180).toMillis() / totalPosts);
        // month -> [posts, comments] per user, counted as the services count at write time
        List<Map<String, long[]>> stats = new ArrayList<>(d.users());
        for (int u = 0; u < d.users(); u++) {
            stats.add(new TreeMap<>());
            String userId = Dataset.userId(u);
            String created = newest.minus(200, ChronoUnit.DAYS).toString();
            String handle = userId; // already canonical (lower case)
            Map<String, AttributeValue> profile = new HashMap<>(SocialKeys.userProfile(userId).toAttributes());
            profile.putAll(SocialKeys.userByHandle(SocialKeys.canonicalHandle(handle)).toAttributes());
            profile.put(TableSchema.TYPE, EntityType.USER_PROFILE.typeAttribute());
            profile.put("userId", fromS(userId));
            profile.put("handle", fromS(handle));
            profile.put("displayName", fromS(Dataset.displayName(u)));
            audit(profile, 1, created);
            put(profile);
            Map<String, AttributeValue> claim = new HashMap<>(SocialKeys.handleClaim(handle).toAttributes());
            claim.put(TableSchema.TYPE, EntityType.HANDLE_CLAIM.typeAttribute());
            claim.put("handle", fromS(handle));
            claim.put("userId", fromS(userId));
            claim.put(TableSchema.CREATED_AT, fromS(created));
            claim.put(TableSchema.UPDATED_AT, fromS(created));
            put(claim);
        }
        long postIndex = 0;
        for (int u = 0; u < d.users(); u++) {
            String userId = Dataset.userId(u);
            for (int j = 0; j < d.postsPerUser(); j++, postIndex++) {
                Instant at = newest.minusMillis(postIndex * spacingMs);
                String month = Months.of(at);
                String postId = SocialKeys.newId(at);
                int comments = postIndex < d.commentedPosts() ? d.commentsPerPost() : 0;
                Map<String, AttributeValue> post = new HashMap<>(SocialKeys.post(userId, postId).toAttributes());
                post.putAll(SocialKeys.postTimeline(month, postId, SocialKeys.DEFAULT_TIMELINE_SHARDS).toAttributes());
                post.put(TableSchema.TYPE, EntityType.POST.typeAttribute());
                post.put("userId", fromS(userId));
                post.put("postId", fromS(postId));
                post.put("title", fromS("Post " + j + " of " + userId));
                post.put("body", fromS("Body of post " + j + " by " + userId + ", a few words long like a real one."));
                post.put("commentCount", fromN(Integer.toString(comments)));
                audit(post, 1, at.toString());
                put(post);
                stats.get(u).computeIfAbsent(month, k -> new long[2])[0]++;
                for (int c = 0; c < comments; c++) {
                    Instant cat = at.plusSeconds(60L * (c + 1));
                    int author = (u + c + 1) % d.users();
                    String authorId = Dataset.userId(author);
                    String commentId = SocialKeys.newId(cat);
                    Map<String, AttributeValue> comment = new HashMap<>(
                            SocialKeys.comment(postId, commentId).toAttributes());
                    comment.put(TableSchema.TYPE, EntityType.COMMENT.typeAttribute());
                    comment.put("postId", fromS(postId));
                    comment.put("postAuthorId", fromS(userId));
                    comment.put("commentId", fromS(commentId));
                    comment.put("authorId", fromS(authorId));
                    comment.put("body", fromS("Comment " + c));
                    audit(comment, 1, cat.toString());
                    put(comment);
                    stats.get(author).computeIfAbsent(Months.of(cat), k -> new long[2])[1]++;
                }
            }
        }
        for (int u = 0; u < d.users(); u++) {
            String userId = Dataset.userId(u);
            for (Map.Entry<String, long[]> e : stats.get(u).entrySet()) {
                Map<String, AttributeValue> item = new HashMap<>(
                        SocialKeys.monthlyStats(userId, e.getKey()).toAttributes());
                item.put(TableSchema.TYPE, EntityType.MONTHLY_STATS.typeAttribute());
                item.put("userId", fromS(userId));
                item.put("month", fromS(e.getKey()));
                if (e.getValue()[0] > 0) {
                    item.put("posts", fromN(Long.toString(e.getValue()[0])));
                }
                if (e.getValue()[1] > 0) {
                    item.put("comments", fromN(Long.toString(e.getValue()[1])));
                }
                String now = newest.toString();
                item.put(TableSchema.CREATED_AT, fromS(now));
                item.put(TableSchema.UPDATED_AT, fromS(now));
                put(item);
            }
        }
    }

    private void enrollment(Dataset d) {
        String now = Instant.now().toString();
        int[] enrolled = new int[d.courses()];
        for (int s = 0; s < d.students(); s++) {
            for (int k = 0; k < d.enrollmentsPerStudent(); k++) {
                enrolled[d.courseOf(s, k)]++;
            }
        }
        for (int c = 0; c < d.courses(); c++) {
            put(course(Dataset.courseId(c), enrolled[c], now));
        }
        for (String phase : Dataset.ENROL_PHASES) {
            for (int c = 0; c < d.enrolCourses(); c++) {
                put(course(Dataset.enrolCourseId(phase, c), 0, now));
            }
        }
        for (int s = 0; s < d.students(); s++) {
            String studentId = Dataset.userId(s);
            String name = Dataset.displayName(s);
            Map<String, AttributeValue> student = new HashMap<>(EnrollmentKeys.student(studentId).toAttributes());
            student.put(TableSchema.TYPE, EntityType.STUDENT.typeAttribute());
            student.put("studentId", fromS(studentId));
            student.put("year", fromN(Integer.toString(1 + s % 4)));
            student.put("major", fromS("CS"));
            student.put("name", fromS(name));
            audit(student, 1, now);
            put(student);
            for (int k = 0; k < d.enrollmentsPerStudent(); k++) {
                int c = d.courseOf(s, k);
                String courseId = Dataset.courseId(c);
                put(edge(studentId, name, courseId, now));
            }
        }
    }

    static Map<String, AttributeValue> course(String courseId, int enrolledCount, String now) {
        Map<String, AttributeValue> item = new HashMap<>(EnrollmentKeys.course(courseId).toAttributes());
        item.putAll(EnrollmentKeys.courseIndex(courseId).toAttributes());
        item.putAll(EnrollmentKeys.courseTermIndex(Dataset.TERM, courseId,
                EnrollmentKeys.DEFAULT_CATALOGUE_SHARDS).toAttributes());
        item.put(TableSchema.TYPE, EntityType.COURSE.typeAttribute());
        item.put("courseId", fromS(courseId));
        item.put("title", fromS("Course " + courseId));
        item.put("credits", fromN("6"));
        item.put("term", fromS(Dataset.TERM));
        item.put("enrolledCount", fromN(Integer.toString(enrolledCount)));
        audit(item, 1, now);
        return item;
    }

    /** The enrollment edge as EnrollmentItems.newEnrollmentItem writes it. */
    static Map<String, AttributeValue> edge(String studentId, String studentName, String courseId, String now) {
        Map<String, AttributeValue> item = new HashMap<>(EnrollmentKeys.enrollment(studentId, courseId).toAttributes());
        item.putAll(EnrollmentKeys.enrollmentIndex(courseId, studentId).toAttributes());
        item.putAll(EntityType.ENROLLMENT.keys().in(TableSchema.GSI2).build(studentId, Dataset.TERM, courseId)
                .toAttributes());
        item.put(TableSchema.TYPE, EntityType.ENROLLMENT.typeAttribute());
        item.put("studentId", fromS(studentId));
        item.put("courseId", fromS(courseId));
        item.put("enrolledOn", fromS(now));
        item.put("studentName", fromS(studentName));
        item.put("courseTitle", fromS("Course " + courseId));
        item.put("courseTerm", fromS(Dataset.TERM));
        item.put("courseCredits", fromN("6"));
        audit(item, 1, now);
        return item;
    }

    private void workspaces(Dataset d) {
        Instant base = Instant.now().minus(30, ChronoUnit.DAYS).truncatedTo(ChronoUnit.MILLIS);
        for (int w = 0; w < d.unshardedWorkspaces(); w++) {
            workspace(Dataset.workspaceId(w), 1, d.projectsPerWorkspace(), w % d.users(), base);
        }
        workspace(Dataset.SHARDED_WORKSPACE, d.shardedShards(), d.shardedProjects(), 0, base);
        workspace(Dataset.WIDE_WORKSPACE, Dataset.WIDE_SHARDS, d.wideProjects(), 0, base);
    }

    private void workspace(String wsId, int shards, int projects, int owner, Instant base) {
        String ownerId = Dataset.userId(owner);
        String created = base.toString();
        Map<String, AttributeValue> meta = new HashMap<>(WorkspaceKeys.workspace(wsId).toAttributes());
        meta.put(TableSchema.TYPE, EntityType.WORKSPACE.typeAttribute());
        meta.put("wsId", fromS(wsId));
        meta.put("displayName", fromS("Workspace " + wsId));
        meta.put("region", fromS("eu-west-1"));
        meta.put("seatLimit", fromN("50"));
        meta.put("ownerId", fromS(ownerId));
        meta.put("shards", fromN(Integer.toString(shards)));
        meta.put("ownerCount", fromN("1"));
        meta.put("memberCount", fromN("2")); // the owner and the reader below
        audit(meta, 1, created);
        put(meta);

        put(member(wsId, ownerId, "owner", created));
        put(member(wsId, Dataset.READER, "member", created));

        Map<String, AttributeValue> seq = new HashMap<>(
                WorkspaceKeys.projectSequence(wsId, Dataset.PROJECT_YEAR).toAttributes());
        seq.put("seq", fromN(Integer.toString(projects)));
        seq.put(TableSchema.TYPE, EntityType.PROJECT_SEQUENCE.typeAttribute());
        seq.put(TableSchema.CREATED_AT, fromS(created));
        seq.put(TableSchema.UPDATED_AT, fromS(created));
        put(seq);

        ProjectStatus[] statuses = ProjectStatus.values();
        for (int p = 1; p <= projects; p++) {
            ProjectId id = new ProjectId(Dataset.PROJECT_YEAR, p);
            Instant at = base.plusSeconds(p);
            ProjectStatus status = statuses[p % statuses.length];
            Map<String, AttributeValue> item = new HashMap<>(WorkspaceKeys.project(wsId, shards, id).toAttributes());
            item.putAll(WorkspaceKeys.projectStatusIndex(status, WorkspaceKeys.DEFAULT_PROJECT_STATUS_SHARDS, at,
                    wsId, id).toAttributes());
            item.putAll(WorkspaceKeys.projectWorkspaceStatusIndex(wsId, shards, status, id).toAttributes());
            item.put(TableSchema.TYPE, EntityType.PROJECT.typeAttribute());
            item.put("wsId", fromS(wsId));
            item.put("projectId", fromS(id.toString()));
            item.put("title", fromS("Project " + id));
            item.put("status", fromS(status.name()));
            item.put("createdBy", fromS(ownerId));
            item.put("createdByName", fromS(Dataset.displayName(owner)));
            audit(item, 1, at.toString());
            put(item);
        }
    }

    /** The member edge as WorkspaceRepository.memberItem writes it. */
    private static Map<String, AttributeValue> member(String wsId, String userId, String role, String created) {
        Map<String, AttributeValue> edge = new HashMap<>(WorkspaceKeys.member(wsId, userId).toAttributes());
        edge.putAll(WorkspaceKeys.memberIndex(userId, wsId).toAttributes());
        edge.put(TableSchema.TYPE, EntityType.MEMBER.typeAttribute());
        edge.put("wsId", fromS(wsId));
        edge.put("userId", fromS(userId));
        edge.put("role", fromS(role));
        audit(edge, 1, created);
        return edge;
    }

    private static void audit(Map<String, AttributeValue> item, long version, String at) {
        item.put(TableSchema.VERSION, fromN(Long.toString(version)));
        item.put(TableSchema.CREATED_AT, fromS(at));
        item.put(TableSchema.UPDATED_AT, fromS(at));
    }

    // ---- BatchWriteItem, 25 at a time, a bounded number in flight, unprocessed items retried ----------------------

    private void put(Map<String, AttributeValue> item) {
        buffer.add(WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build());
        if (buffer.size() == BATCH) {
            flush();
        }
    }

    private void flush() {
        if (buffer.isEmpty()) {
            return;
        }
        List<WriteRequest> batch = buffer;
        buffer = new ArrayList<>(BATCH);
        inFlight.acquireUninterruptibly();
        pending.add(write(batch, 0).whenComplete((r, e) -> inFlight.release()));
        if (pending.size() > 256) {
            pending.removeIf(CompletableFuture::isDone);
        }
    }

    private CompletableFuture<Void> write(List<WriteRequest> batch, int attempt) {
        return dynamo.batchWriteItem(r -> r.requestItems(Map.of(table, batch)))
                .thenCompose((BatchWriteItemResponse response) -> {
                    List<WriteRequest> left = response.unprocessedItems().getOrDefault(table, List.of());
                    written.addAndGet(batch.size() - left.size());
                    if (left.isEmpty()) {
                        return CompletableFuture.completedFuture(null);
                    }
                    if (attempt > 20) {
                        throw new IllegalStateException(left.size() + " items left unprocessed");
                    }
                    return CompletableFuture.runAsync(() -> { },
                                    CompletableFuture.delayedExecutor(10L << Math.min(attempt, 6),
                                            java.util.concurrent.TimeUnit.MILLISECONDS))
                            .thenCompose(x -> write(left, attempt + 1));
                });
    }
}
