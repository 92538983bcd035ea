package dev.trident.explorer;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.ProjectId;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.testing.DynamoDbCallRecorder;
import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.testing.Tokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class ExplorerApiTest {

    @Inject
    DynamoDbAsyncClient dynamo;

    @Inject
    DynamoTable table;

    TableSeed seed;

    @BeforeEach
    void seed() {
        seed = new TableSeed(dynamo, table.name());
    }

    @AfterAll
    static void noScanRan() {
        assertEquals(0, DynamoDbCallRecorder.scanCount());
    }

    static RequestSpecification asAdmin() {
        return given().header("Authorization", Tokens.user("operator-1").roles("admin").bearer());
    }

    @Test
    void aStudentsPartitionDecodesTheProfileAndEveryEnrollmentWithLinksToTheCourses() {
        String student = TableSeed.uniqueId("stu");
        String algebra = TableSeed.uniqueId("alg");
        String botany = TableSeed.uniqueId("bot");
        seed.student(student, "Ada");
        seed.course(algebra, "Algebra");
        seed.course(botany, "Botany");
        seed.enrol(student, algebra);
        seed.enrol(student, botany);

        DynamoDbCallRecorder.reset();
        JsonPath overview = asAdmin().get("/api/entities/student/" + student)
                .then().statusCode(200).extract().jsonPath();
        assertEquals(List.of("table"), overview.getList("collections.view"));
        assertEquals("STU#" + student, overview.getString("collections[0].partition"));
        assertEquals("STUDENT", overview.getString("collections[0].collection"));
        assertTrue(overview.getList("collections[0].readBy.accessPattern").contains("student-courses"),
                overview.prettify());

        JsonPath page = asAdmin().get("/api/entities/student/" + student + "/collections/table")
                .then().statusCode(200).body("nextCursor", nullValue()).extract().jsonPath();
        // Key order: ENROLL#CRS#... sorts before PROFILE.
        assertEquals(List.of("Enrollment", "Enrollment", "Student"), page.getList("items.entityType"));
        assertEquals(Map.of("studentId", student), page.getMap("items[2].parts"));
        Set<String> courses = new HashSet<>(page.getList("items.parts.courseId"));
        courses.remove(null);
        assertEquals(Set.of(algebra, botany), courses);
        assertEquals(List.of(Map.of("part", "studentId", "entity", "student", "id", student),
                        Map.of("part", "courseId", "entity", "course", "id", page.getString("items[0].parts.courseId"))),
                page.getList("items[0].links"));
        assertEquals("GSI1", page.getString("items[0].indexKeys[0].index"));
        assertEquals("Ada", page.getString("items[2].attributes.name"));
        // Every read was a Query or a GetItem.
        assertTrue(DynamoDbCallRecorder.operations().stream().allMatch(op -> op.equals("Query")
                || op.equals("GetItem") || op.equals("Query(GSI1)")), DynamoDbCallRecorder.operations().toString());
    }

    @Test
    void anAdminWhoIsNotRegistrarSeesNoGradeNorWhatMovesWithItOnEveryView() {
        String student = TableSeed.uniqueId("graded");
        String course = TableSeed.uniqueId("gcrs");
        seed.student(student, "Grace");
        seed.course(course, "Graded");
        seed.enrolGraded(student, course, "F");

        for (String path : List.of("/api/entities/student/" + student + "/collections/table",
                "/api/entities/course/" + course + "/collections/gsi1")) {
            JsonPath admin = asAdmin().get(path).then().statusCode(200).extract().jsonPath();
            Map<String, Object> edge = admin.getMap("items.find { it.entityType == 'Enrollment' }.attributes");
            assertEquals("2026-05-01", edge.get("enrolledOn"), path);
            assertTrue(!edge.containsKey("grade") && !edge.containsKey("version") && !edge.containsKey("updatedAt"),
                    path + ": " + edge);

            JsonPath registrar = given().header("Authorization", Tokens.user("reg-2").roles("admin", "registrar")
                    .bearer()).get(path).then().statusCode(200).extract().jsonPath();
            assertEquals("F", registrar.getString("items.find { it.entityType == 'Enrollment' }.attributes.grade"),
                    path);
        }
    }

    @Test
    void aCourseShowsItsMetadataAndTheInvertedRosterOnGsi1() {
        String course = TableSeed.uniqueId("crs");
        String ann = TableSeed.uniqueId("ann");
        String bob = TableSeed.uniqueId("bob");
        seed.course(course, "Chemistry");
        seed.student(ann, "Ann");
        seed.student(bob, "Bob");
        seed.enrol(ann, course);
        seed.enrol(bob, course);

        JsonPath overview = asAdmin().get("/api/entities/course/" + course).then().statusCode(200).extract().jsonPath();
        assertEquals(List.of("table", "gsi1"), overview.getList("collections.view"));
        assertEquals("GSI1", overview.getString("collections[1].index"));
        assertEquals("CRS#" + course, overview.getString("collections[1].partition"));
        assertTrue(overview.getList("collections[1].readBy.accessPattern").contains("course-roster"));
        // Each read comes with what its declaration fixes: the roster keeps to the student edges, in key order.
        Map<String, Object> rosterRead = overview.getMap(
                "collections[1].readBy.find { it.accessPattern == 'course-roster' }");
        assertEquals(EnrollmentKeys.rosterPrefix(), rosterRead.get("sortKeyPrefix"));
        assertEquals(false, rosterRead.get("newestFirst"));
        assertEquals(List.of("GET /courses/{courseId}/students"), rosterRead.get("routes"));

        asAdmin().get("/api/entities/course/" + course + "/collections/table").then().statusCode(200)
                .body("items.entityType", equalTo(List.of("Course")))
                .body("items[0].attributes.title", equalTo("Chemistry"));
        JsonPath roster = asAdmin().get("/api/entities/course/" + course + "/collections/gsi1")
                .then().statusCode(200).extract().jsonPath();
        // GSI1SK order: METADATA, then STU#<ann>, STU#<bob>.
        assertEquals(List.of("Course", "Enrollment", "Enrollment"), roster.getList("items.entityType"));
        assertEquals(List.of(ann, bob), List.of(roster.getString("items[1].indexKeys[0].parts.studentId"),
                roster.getString("items[2].indexKeys[0].parts.studentId")));
        assertEquals(course, roster.getString("items[1].indexKeys[0].parts.courseId"));
        assertTrue(roster.getList("items[1].links.entity").contains("student"));
    }

    @Test
    void aShardedWorkspaceShowsEveryShardAndEachProjectOnTheShardItsIdHashesTo() {
        String ws = TableSeed.uniqueId("ws");
        int shards = 4;
        seed.workspace(ws, shards);
        seed.member(ws, "owner-1");
        List<ProjectId> projects = new ArrayList<>();
        for (int seq = 1; seq <= 12; seq++) {
            ProjectId id = new ProjectId(2026, seq);
            projects.add(id);
            seed.project(ws, shards, id);
        }

        JsonPath overview = asAdmin().get("/api/entities/workspace/" + ws).then().statusCode(200).extract().jsonPath();
        assertEquals(shards, overview.getInt("shards"));
        assertEquals(List.of("table", "shard-0", "shard-1", "shard-2", "shard-3"), overview.getList("collections.view"));
        assertEquals("WS#" + ws + "#2", overview.getString("collections[3].partition"));
        assertTrue(overview.getList("collections[1].readBy.accessPattern").contains("workspace-projects"));

        asAdmin().get("/api/entities/workspace/" + ws + "/collections/table").then().statusCode(200)
                // MEMBER#... sorts before META.
                .body("items.entityType", equalTo(List.of("WorkspaceMember", "Workspace")))
                .body("items[0].parts.userId", equalTo("owner-1"));
        Set<String> seen = new HashSet<>();
        for (int n = 0; n < shards; n++) {
            JsonPath shard = asAdmin().get("/api/entities/workspace/" + ws + "/collections/shard-" + n)
                    .then().statusCode(200).extract().jsonPath();
            for (Map<String, Object> item : shard.<Map<String, Object>>getList("items")) {
                assertEquals("Project", item.get("entityType"));
                @SuppressWarnings("unchecked")
                Map<String, String> parts = (Map<String, String>) item.get("parts");
                assertEquals(Integer.toString(n), parts.get("shard"));
                assertEquals(n, WorkspaceKeys.projectShard(ProjectId.parse(parts.get("projectId")), shards));
                assertTrue(seen.add(parts.get("projectId")), "listed twice: " + parts);
            }
        }
        assertEquals(projects.stream().map(ProjectId::toString).collect(java.util.stream.Collectors.toSet()), seen);
        asAdmin().get("/api/entities/workspace/" + ws + "/collections/shard-4").then().statusCode(404)
                .contentType("application/problem+json");
    }

    @Test
    void aUserShowsItsPartitionAndTheWorkspacesItBelongsToOnGsi1() {
        String user = TableSeed.uniqueId("usr");
        String ws = TableSeed.uniqueId("ws");
        seed.user(user, "Handle-" + user);
        seed.workspace(ws, 1);
        seed.member(ws, user);

        asAdmin().get("/api/entities/user/" + user).then().statusCode(200)
                .body("collections.view", equalTo(List.of("table", "gsi1")))
                .body("collections[1].partition", equalTo("USER#" + user));
        asAdmin().get("/api/entities/user/" + user + "/collections/gsi1").then().statusCode(200)
                .body("items.entityType", equalTo(List.of("WorkspaceMember")))
                .body("items[0].indexKeys[0].parts.wsId", equalTo(ws))
                .body("items[0].links.entity", hasItem("workspace"));
        // The handle opens in any case: claims are stored lower-cased.
        asAdmin().get("/api/entities/handle/HANDLE-" + user.toUpperCase() + "/collections/gsi1").then().statusCode(200)
                .body("items[0].entityType", equalTo("UserProfile"))
                .body("items[0].parts.userId", equalTo(user));
    }

    @Test
    void aPartitionIsReadPageByPageWithCursorsBoundToItsView() {
        String student = TableSeed.uniqueId("stu");
        seed.student(student, "Pat");
        for (int i = 0; i < 5; i++) {
            seed.enrol(student, "c" + i + "-" + student);
        }
        List<String> sortKeys = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            RequestSpecification request = asAdmin().queryParam("limit", 2);
            if (cursor != null) {
                request.queryParam("cursor", cursor);
            }
            JsonPath page = request.get("/api/entities/student/" + student + "/collections/table")
                    .then().statusCode(200).extract().jsonPath();
            List<String> keys = page.getList("items.sk");
            assertTrue(!keys.isEmpty(), "a page with a cursor is never empty");
            sortKeys.addAll(keys);
            cursor = page.getString("nextCursor");
            pages++;
        } while (cursor != null);
        assertEquals(3, pages);
        assertEquals(6, sortKeys.size());
        assertEquals(sortKeys.stream().sorted().toList(), sortKeys);
        assertEquals(6, new HashSet<>(sortKeys).size());

        String firstCursor = asAdmin().queryParam("limit", 1).get("/api/entities/student/" + student + "/collections/table")
                .then().statusCode(200).extract().jsonPath().getString("nextCursor");
        String other = TableSeed.uniqueId("stu");
        seed.student(other, "Other");
        asAdmin().queryParam("cursor", firstCursor).get("/api/entities/student/" + other + "/collections/table")
                .then().statusCode(400).contentType("application/problem+json");
        asAdmin().queryParam("limit", 0).get("/api/entities/student/" + student + "/collections/table")
                .then().statusCode(400).contentType("application/problem+json");
    }

    @Test
    void onlyAnAdminReadsTheTable() {
        String student = TableSeed.uniqueId("stu");
        seed.student(student, "Sam");
        given().get("/api/entities/student/" + student).then().statusCode(401)
                .contentType("application/problem+json");
        given().header("Authorization", "Bearer " + Tokens.garbage()).get("/api/entities/student/" + student)
                .then().statusCode(401).contentType("application/problem+json");
        given().header("Authorization", Tokens.user(student).bearer()).get("/api/entities/student/" + student)
                .then().statusCode(403).contentType("application/problem+json");
        given().header("Authorization", Tokens.user("reg-1").roles("registrar").bearer())
                .get("/api/entities/student/" + student + "/collections/table")
                .then().statusCode(403).contentType("application/problem+json");
        asAdmin().get("/api/entities/student/" + student).then().statusCode(200);
        // The page itself is static and open: it holds no data.
        given().get("/").then().statusCode(200).contentType(containsString("text/html"))
                .body(containsString("Trident explorer"));
        given().get("/js/explorer.js").then().statusCode(200).contentType(containsString("javascript"));
    }

    @Test
    void aBadIdIs400AndAnUnknownOneOrEntityIs404() {
        asAdmin().get("/api/entities/student/bad%20id").then().statusCode(400)
                .contentType("application/problem+json")
                .body("errors[0].field", equalTo("id"));
        asAdmin().get("/api/entities/student/-leading-dash/collections/table").then().statusCode(400)
                .contentType("application/problem+json");
        asAdmin().get("/api/entities/student/" + TableSeed.uniqueId("nobody")).then().statusCode(404)
                .contentType("application/problem+json")
                .body("detail", containsString("nothing is stored"));
        asAdmin().get("/api/entities/planet/p1").then().statusCode(404).contentType("application/problem+json");
        asAdmin().get("/api/entities/student/s1/collections/gsi1").then().statusCode(404)
                .contentType("application/problem+json");
        asAdmin().get("/api/entities").then().statusCode(200)
                .body("items.entity", hasItem("student"))
                .body("items.find { it.entity == 'course' }.invertedCollection", equalTo("COURSE_ROSTER"));
    }
}
