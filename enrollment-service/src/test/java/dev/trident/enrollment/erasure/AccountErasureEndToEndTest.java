package dev.trident.enrollment.erasure;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.enrollment.dependencies.RealDependencies;
import dev.trident.testing.PendingWorkProfile;
import dev.trident.testing.ServiceProcess;
import dev.trident.testing.TestTable;
import dev.trident.testing.Tokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Erasure end to end, on one DynamoDB Local with the three services: social-service and workspace-service as real
 * processes from their jars (polling twice a second), enrollment-service under test (its poller on). The request goes
 * to social-service only; every other part travels through the table. After it, a scan of the table finds nothing of
 * the account but its erasure record, counters are right, the handle is free, ownership passed as specified; and so
 * with workspace-service down during the request, and with two replicas of social and workspace.
 */
@QuarkusTest
@TestProfile(PendingWorkProfile.class)
@QuarkusTestResource(RealDependencies.class)
class AccountErasureEndToEndTest {

    private static final String TABLE = "trident";
    private static final Pattern SAMPLE = Pattern.compile(
            "^(trident_[a-z_]+_total)\\{([^}]*)\\} ([0-9.eE+-]+)", Pattern.MULTILINE);

    private static ServiceProcess social;
    private static ServiceProcess workspace;

    @BeforeAll
    static void startPeers() {
        social = ServiceProcess.start("social-service", PendingWorkProfile.environment());
        workspace = startWorkspace();
    }

    @AfterAll
    static void stopPeers() {
        if (workspace != null) {
            workspace.close();
        }
        if (social != null) {
            social.close();
        }
    }

    private static ServiceProcess startWorkspace() {
        Map<String, String> env = new HashMap<>(PendingWorkProfile.environment());
        env.put(RealDependencies.SOCIAL_URL, social.url());
        return ServiceProcess.start("workspace-service", env);
    }

    /** What the test sets up around the account to erase, to check after. */
    record Account(String userId, String displayName, String handle, String friend, String friendsPost,
            String admin, String member, String shared, String sharedProject, String alone, String course1,
            String course2) {
    }

    @Test
    void erasureRemovesEverythingOfTheAccountInEveryServiceAndPassesOwnership() {
        Account a = account();
        erase(a);
        JsonPath done = awaitDone(a.userId(), Duration.ofSeconds(30));
        assertEquals("DONE", done.getString("status"), done.prettify());
        assertErased(a);
    }

    @Test
    void aServiceDownDuringTheRequestDoesItsPartWithin30SecondsOfComingBack() {
        Account a = account();
        workspace.close();
        try {
            erase(a);
            JsonPath progress = awaitParts(a.userId(), List.of("social", "enrollment"), Duration.ofSeconds(20));
            assertEquals("PENDING", progress.getString("parts.workspace.status"), progress.prettify());
            assertEquals("PENDING", progress.getString("status"));
        } finally {
            workspace = startWorkspace();
        }
        long backAt = System.nanoTime();
        awaitDone(a.userId(), Duration.ofSeconds(30));
        long tookMillis = (System.nanoTime() - backAt) / 1_000_000;
        System.out.printf("workspace part done %d ms after workspace-service was ready again%n", tookMillis);
        assertTrue(tookMillis < 30_000, tookMillis + " ms");
        assertErased(a);
    }

    @Test
    void withTwoReplicasOfEachPeerEveryPartIsDoneOnce() {
        // The account is made before the second replicas start: their start-up on a small machine would otherwise
        // share the CPU with its dozens of writes, each bound by the request's deadline. The erasure is what both
        // replicas of each peer must share.
        Account a = account();
        try (ServiceProcess social2 = ServiceProcess.start("social-service", PendingWorkProfile.environment());
                ServiceProcess workspace2 = startWorkspace()) {
            List<ServiceProcess> replicas = List.of(social, social2, workspace, workspace2);
            Map<String, Double> before = partsDone(replicas);
            erase(a);
            JsonPath done = awaitDone(a.userId(), Duration.ofSeconds(30));
            assertErased(a);
            Map<String, Double> after = partsDone(replicas);
            for (String part : List.of("social", "workspace")) {
                assertEquals(1.0, after.getOrDefault(part, 0.0) - before.getOrDefault(part, 0.0),
                        part + " done once over both replicas: " + before + " -> " + after);
            }
            // Counted once: a part run twice would count again what it found.
            assertEquals(2 + 1 + 1 + 2, done.getLong("parts.social.itemsErased"), done.prettify());
            assertEquals(3, done.getLong("parts.enrollment.itemsErased"), done.prettify());
        }
    }

    @Test
    void nobodyElseMayEraseAnAccountOrSeeItsErasure() {
        String victim = newUser("Not To Be Erased");
        String other = newUser("Someone Else");
        socialAs(other).delete("/users/" + victim).then().statusCode(404);
        socialAs(other, "registrar").delete("/users/" + victim).then().statusCode(404);
        socialAs(victim).get("/users/" + victim).then().statusCode(200);
        socialAs(victim).delete("/users/" + victim).then().statusCode(202);
        socialAs(other).get("/users/" + victim + "/erasure").then().statusCode(404);
        socialAs(other, "registrar", "instructor").get("/users/" + victim + "/erasure").then().statusCode(404);
        awaitDone(victim, Duration.ofSeconds(30)); // no work left behind for the other tests' counts
        awaitNoTasks(victim, Duration.ofSeconds(5));
    }

    // ------------------------------------------------------------------ the account

    private Account account() {
        String tag = UUID.randomUUID().toString().substring(0, 8);
        String displayName = "Erased Person " + tag;
        String handle = "erased" + tag;
        String userId = "erased-" + tag;
        socialAs(userId).contentType(ContentType.JSON)
                .body(Map.of("handle", handle, "displayName", displayName)).post("/users").then().statusCode(201);
        String friend = newUser("Friend " + tag);
        String admin = newUser("Admin " + tag);
        String member = newUser("Member " + tag);

        String ownPost = post(userId, "mine");
        post(userId, "mine too");
        String friendsPost = post(friend, "theirs");
        comment(userId, ownPost, friend);
        comment(friend, friendsPost, userId);
        comment(friend, friendsPost, userId);
        comment(friend, friendsPost, friend);

        // Enrollments: course1 has another student too; course2 only the account.
        String other = newUser("Other Student " + tag);
        for (String student : List.of(userId, other)) {
            staff().contentType(ContentType.JSON).body(Map.of("year", 2, "major", "History"))
                    .put("/students/{id}", student).then().statusCode(201);
        }
        String course1 = "c1-" + tag;
        String course2 = "c2-" + tag;
        for (String course : List.of(course1, course2)) {
            staff().contentType(ContentType.JSON)
                    .body(Map.of("title", "Course " + course, "credits", 5, "term", "2026-fall"))
                    .put("/courses/{id}", course).then().statusCode(201);
        }
        staff().put("/students/{s}/courses/{c}", userId, course1).then().statusCode(201);
        staff().put("/students/{s}/courses/{c}", other, course1).then().statusCode(201);
        staff().put("/students/{s}/courses/{c}", userId, course2).then().statusCode(201);

        // A workspace it owns and shares: the member joined before the admin; the admin must become owner.
        String shared = "shared-" + tag;
        workspaceAs(userId).contentType(ContentType.JSON).body(Map.of("workspaceId", shared, "displayName", "Shared " + tag,
                "region", "eu-west-1", "seatLimit", 5, "ownerId", userId)).post("/workspaces").then().statusCode(201);
        addMember(userId, shared, member, "member");
        addMember(userId, shared, admin, "admin");
        String sharedProject = workspaceAs(userId).contentType(ContentType.JSON)
                .body(Map.of("title", "Kept", "status", "ACTIVE", "createdBy", userId))
                .post("/workspaces/" + shared + "/projects").then().statusCode(201).extract().path("projectId");
        // And one it alone belongs to, on two shards, with projects on both.
        String alone = "alone-" + tag;
        workspaceAs(userId, "admin").contentType(ContentType.JSON).body(Map.of("workspaceId", alone,
                "displayName", "Alone " + tag,
                "region", "eu-west-1", "seatLimit", 5, "ownerId", userId, "shards", 2)).post("/workspaces")
                .then().statusCode(201);
        for (int i = 0; i < 4; i++) {
            workspaceAs(userId).contentType(ContentType.JSON)
                    .body(Map.of("title", "Gone " + i, "status", "ACTIVE", "createdBy", userId))
                    .post("/workspaces/" + alone + "/projects").then().statusCode(201);
        }
        assertTrue(TestTable.holding(TABLE, displayName).size() >= 4, "the name is copied into other services");
        return new Account(userId, displayName, handle, friend, friendsPost, admin, member, shared, sharedProject,
                alone, course1, course2);
    }

    private static void erase(Account a) {
        socialAs(a.userId()).delete("/users/" + a.userId()).then().statusCode(202)
                .header("Location", org.hamcrest.Matchers.endsWith("/users/" + a.userId() + "/erasure"));
    }

    private void assertErased(Account a) {
        // A part is marked done on the record just before its task is deleted.
        awaitNoTasks(a.userId(), Duration.ofSeconds(5));
        Set<String> left = new TreeSet<>();
        for (Map<String, AttributeValue> item : TestTable.holding(TABLE, a.userId(), a.displayName())) {
            left.add(item.get("PK").s() + " " + item.get("SK").s());
        }
        assertEquals(Set.of("ERASURE#" + a.userId() + " ERASURE"), left);
        assertTrue(TestTable.all(TABLE).stream().noneMatch(item -> item.get("PK").s().startsWith("WS#" + a.alone())),
                "the workspace it alone belonged to is gone, every shard");

        socialAs(a.friend()).get("/users/" + a.friend() + "/posts/" + a.friendsPost()).then().statusCode(200)
                .body("commentCount", equalTo(1));
        staff().get("/courses/{id}", a.course1()).then().statusCode(200).body("enrolledCount", equalTo(1));
        staff().get("/courses/{id}", a.course2()).then().statusCode(200).body("enrolledCount", equalTo(0));
        staff().get("/students/{id}", a.userId()).then().statusCode(404);

        JsonPath members = workspaceAs(a.admin()).get("/workspaces/" + a.shared() + "/members").then().statusCode(200)
                .extract().jsonPath();
        Map<String, String> roles = new HashMap<>();
        List<Map<String, Object>> items = members.getList("items");
        items.forEach(m -> roles.put((String) m.get("userId"), (String) m.get("role")));
        assertEquals(Map.of(a.admin(), "owner", a.member(), "member"), roles);
        Response project = workspaceAs(a.admin()).get("/workspaces/" + a.shared() + "/projects/" + a.sharedProject());
        project.then().statusCode(200).body("title", equalTo("Kept"));
        assertNull(project.path("createdBy"));
        assertNull(project.path("createdByName"));

        // The handle is free again.
        String newcomer = "newcomer-" + UUID.randomUUID().toString().substring(0, 8);
        socialAs(newcomer).contentType(ContentType.JSON)
                .body(Map.of("handle", a.handle().toUpperCase(), "displayName", "Newcomer")).post("/users")
                .then().statusCode(201);
    }

    // ------------------------------------------------------------------ helpers

    /**
     * Until the record itself is done: the last part marks itself done and then finishes the record in a second write
     * (ErasureRecords.partDone), so a read in between sees every part done and the record still pending.
     */
    private static JsonPath awaitDone(String userId, Duration within) {
        return awaitProgress(userId, "the record", seen -> "DONE".equals(seen.getString("status")), within);
    }

    private static JsonPath awaitParts(String userId, List<String> parts, Duration within) {
        return awaitProgress(userId, parts.toString(),
                seen -> parts.stream().allMatch(p -> "DONE".equals(seen.getString("parts." + p + ".status"))), within);
    }

    private static JsonPath awaitProgress(String userId, String what, Predicate<JsonPath> done, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        JsonPath progress;
        do {
            progress = socialAs(userId).get("/users/" + userId + "/erasure").then().statusCode(200).extract().jsonPath();
            if (done.test(progress)) {
                return progress;
            }
            sleep(100);
        } while (System.nanoTime() < deadline);
        throw new AssertionError(what + " not done within " + within + ": " + progress.prettify());
    }

    private static void awaitNoTasks(String userId, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        while (!TestTable.holding(TABLE, "TASK#erase-user#" + userId).isEmpty() && System.nanoTime() < deadline) {
            sleep(100);
        }
    }

    /** {@code trident_erasure_parts_done_total} by part, summed over the replicas. */
    private static Map<String, Double> partsDone(List<ServiceProcess> replicas) {
        Map<String, Double> done = new HashMap<>();
        for (ServiceProcess replica : replicas) {
            String metrics = given().baseUri(replica.url()).get("/q/metrics").then().statusCode(200).extract().asString();
            Matcher m = SAMPLE.matcher(metrics);
            while (m.find()) {
                if (m.group(1).equals("trident_erasure_parts_done_total")) {
                    Matcher part = Pattern.compile("part=\"([a-z]+)\"").matcher(m.group(2));
                    if (part.find()) {
                        done.merge(part.group(1), Double.parseDouble(m.group(3)), Double::sum);
                    }
                }
            }
        }
        return done;
    }

    private static String newUser(String displayName) {
        String id = "u-" + UUID.randomUUID().toString().substring(0, 12);
        socialAs(id).contentType(ContentType.JSON)
                .body(Map.of("handle", "h" + UUID.randomUUID().toString().replace("-", "").substring(0, 16),
                        "displayName", displayName)).post("/users").then().statusCode(201);
        return id;
    }

    private static String post(String userId, String body) {
        return socialAs(userId).contentType(ContentType.JSON).body(Map.of("body", body))
                .post("/users/" + userId + "/posts").then().statusCode(201).extract().path("postId");
    }

    private static void comment(String owner, String postId, String author) {
        socialAs(author).contentType(ContentType.JSON).body(Map.of("body", "a comment"))
                .post("/users/" + owner + "/posts/" + postId + "/comments").then().statusCode(201);
    }

    private static void addMember(String manager, String wsId, String userId, String role) {
        workspaceAs(manager).contentType(ContentType.JSON).body(Map.of("role", role))
                .put("/workspaces/" + wsId + "/members/" + userId).then().statusCode(org.hamcrest.Matchers.oneOf(200, 201));
        sleep(5); // distinct createdAt: the member joined before the admin
    }

    private static RequestSpecification socialAs(String userId, String... roles) {
        return given().baseUri(social.url()).header("Authorization", Tokens.user(userId).roles(roles).bearer());
    }

    /** More than one shard needs the platform role admin. */
    private static RequestSpecification workspaceAs(String userId, String... roles) {
        return given().baseUri(workspace.url()).header("Authorization", Tokens.user(userId).roles(roles).bearer());
    }

    /** enrollment-service (under test): the registrar, who may do everything there. */
    private static RequestSpecification staff() {
        return given().header("Authorization", Tokens.user("registrar-erasure").roles("registrar", "instructor").bearer());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
