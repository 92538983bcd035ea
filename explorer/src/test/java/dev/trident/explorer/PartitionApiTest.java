package dev.trident.explorer;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.EntityType;
import dev.trident.keys.IndexKey;
import dev.trident.keys.ItemCollection;
import dev.trident.keys.Shards;
import dev.trident.keys.SocialKeys;
import dev.trident.support.dynamo.DynamoTable;
import dev.trident.support.dynamo.ItemSize;
import dev.trident.testing.DynamoDbCallRecorder;
import dev.trident.testing.DynamoDbLocalResource;
import dev.trident.testing.Tokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Any partition of the table or of its indexes, opened by its key; item sizes and read costs. */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class PartitionApiTest {

    @Inject
    DynamoDbAsyncClient dynamo;

    @Inject
    DynamoTable table;

    @AfterAll
    static void noScanRan() {
        assertEquals(0, DynamoDbCallRecorder.scanCount());
    }

    @Test
    void aTermsCatalogueOpensByItsGsi2KeyWithThePatternThatReadsItItsCostAndEachItemsSize() throws Exception {
        TableSeed seed = new TableSeed(dynamo, table.name());
        String term = TableSeed.uniqueId("term");
        // Two courses on one catalogue shard (of the default eight), and one on another.
        int shards = EnrollmentKeys.DEFAULT_CATALOGUE_SHARDS;
        List<String> ids = IntStream.range(0, 40).mapToObj(i -> "c" + i + "-" + term).toList();
        int shard = EnrollmentKeys.catalogueShard(ids.get(0), shards);
        List<String> courses = ids.stream().filter(c -> EnrollmentKeys.catalogueShard(c, shards) == shard).limit(2)
                .sorted().toList();
        String elsewhere = ids.stream().filter(c -> EnrollmentKeys.catalogueShard(c, shards) != shard).findFirst()
                .orElseThrow();
        courses.forEach(c -> seed.courseInTerm(c, "Course " + c, term));
        seed.courseInTerm(elsewhere, "Course " + elsewhere, term);

        DynamoDbCallRecorder.reset();
        JsonPath page = ExplorerApiTest.asAdmin().queryParam("index", "GSI2")
                .queryParam("pk", EnrollmentKeys.termPartition(term, shard, shards))
                .get("/api/partition").then().statusCode(200).extract().jsonPath();
        assertEquals(EnrollmentKeys.COURSES_BY_TERM_COLLECTION.name(), page.getString("collection.collection"));
        assertEquals("GSI2", page.getString("collection.index"));
        assertTrue(page.getList("collection.readBy.accessPattern").contains("course-catalogue"), page.prettify());
        assertEquals(List.of("Course", "Course"), page.getList("items.entityType"));
        assertEquals(courses, page.getList("items.parts.courseId"));
        // The course id is a key part: shown once, not again among the attributes.
        assertFalse(page.getMap("items[0].attributes").containsKey("courseId"), page.prettify());
        // Every key names the partition it opens.
        assertTrue(page.getList("items[0].partitions.attribute").containsAll(List.of("PK", "GSI1PK", "GSI2PK")));
        // The read: one Query of GSI2, its consumed capacity reported.
        assertEquals("Query", page.getString("read.operation"));
        assertEquals(2, page.getInt("read.items"));
        assertNotNull(page.get("read.capacityUnits"), page.prettify());
        assertTrue(page.getDouble("read.capacityUnits") > 0);
        assertTrue(DynamoDbCallRecorder.operations().contains("Query(GSI2)"), DynamoDbCallRecorder.operations().toString());

        Map<String, AttributeValue> stored = dynamo.getItem(r -> r.tableName(table.name())
                .key(EnrollmentKeys.course(courses.get(0)).toAttributes())).get(10, TimeUnit.SECONDS).item();
        assertEquals(ItemSize.of(stored), page.getInt("items[0].sizeBytes"));
    }

    @Test
    void aTimelineMonthsShardOpensByItsGsi2KeyAndItsMonthLinksEveryShard() {
        TableSeed seed = new TableSeed(dynamo, table.name());
        String month = "2039-07";
        String postId = TableSeed.uniqueId("post");
        IndexKey timeline = SocialKeys.postTimeline(month, postId, SocialKeys.DEFAULT_TIMELINE_SHARDS);
        seed.put(EntityType.POST, SocialKeys.post("ada", postId), List.of(timeline),
                Map.of("postId", AttributeValue.fromS(postId),
                        "createdAt", AttributeValue.fromS(month + "-02T10:00:00Z")));
        seed.put(EntityType.TIMELINE_MONTH, SocialKeys.timelineMonth(month), List.of(),
                Map.of("month", AttributeValue.fromS(month)));

        JsonPath page = ExplorerApiTest.asAdmin().queryParam("index", "GSI2").queryParam("pk", timeline.pk())
                .get("/api/partition").then().statusCode(200).extract().jsonPath();
        assertEquals(SocialKeys.TIMELINE_COLLECTION.name(), page.getString("collection.collection"));
        assertTrue(page.getList("collection.readBy.accessPattern").contains("timeline"), page.prettify());
        assertEquals(List.of(postId), page.getList("items.parts.postId"));
        assertEquals(String.valueOf(SocialKeys.timelineShard(postId, SocialKeys.DEFAULT_TIMELINE_SHARDS)),
                page.getString("items[0].indexKeys[0].parts.shard"));

        JsonPath months = ExplorerApiTest.asAdmin().queryParam("pk", SocialKeys.TIMELINE_MONTHS_PARTITION)
                .get("/api/partition").then().statusCode(200).extract().jsonPath();
        List<String> linked = months.getList("items.find { it.parts.month == '" + month + "' }.partitions.partition");
        for (int shard = 0; shard < SocialKeys.DEFAULT_TIMELINE_SHARDS; shard++) {
            assertTrue(linked.contains(SocialKeys.timelinePartition(month, shard, Shards.MAX_SHARDS)), linked::toString);
        }
    }

    @Test
    void aGradeIsWithheldOnAPartitionOpenedByKeyUnlessTheCallerIsRegistrar() {
        TableSeed seed = new TableSeed(dynamo, table.name());
        String student = TableSeed.uniqueId("graded");
        String course = TableSeed.uniqueId("gcrs");
        seed.student(student, "Grace");
        seed.course(course, "Graded");
        seed.enrolGraded(student, course, "F");

        for (String[] partition : List.of(new String[] {"table", "STU#" + student},
                new String[] {"GSI1", "CRS#" + course})) {
            JsonPath admin = ExplorerApiTest.asAdmin().queryParam("index", partition[0])
                    .queryParam("pk", partition[1]).get("/api/partition").then().statusCode(200).extract().jsonPath();
            Map<String, Object> edge = admin.getMap("items.find { it.entityType == 'Enrollment' }.attributes");
            assertTrue(!edge.containsKey("grade") && !edge.containsKey("version") && !edge.containsKey("updatedAt"),
                    Arrays.toString(partition) + ": " + edge);
            JsonPath registrar = given().header("Authorization",
                            Tokens.user("reg-3").roles("admin", "registrar").bearer())
                    .queryParam("index", partition[0]).queryParam("pk", partition[1]).get("/api/partition")
                    .then().statusCode(200).extract().jsonPath();
            assertEquals("F", registrar.getString("items.find { it.entityType == 'Enrollment' }.attributes.grade"));
        }
    }

    @Test
    void aKeyNoAccessPatternReadsIs404ABadIndexIs400AndOnlyAnAdminOpensAPartition() {
        ExplorerApiTest.asAdmin().queryParam("index", "GSI2").queryParam("pk", "NOPE#1").get("/api/partition")
                .then().statusCode(404).contentType("application/problem+json")
                .body("detail", containsString("TERM#<term>#<catalogueShard>"));
        // Any write shard a service may run with opens (up to 15); the unsharded catalogue key is no partition read.
        ExplorerApiTest.asAdmin().queryParam("index", "GSI2").queryParam("pk", "PROJSTATUS#PAUSED#15")
                .get("/api/partition").then().statusCode(200)
                .body("collection.collection", org.hamcrest.Matchers.equalTo("PROJECTS_BY_STATUS"));
        ExplorerApiTest.asAdmin().queryParam("index", "GSI2").queryParam("pk", "TERM#2026-fall#15")
                .get("/api/partition").then().statusCode(200)
                .body("collection.collection", org.hamcrest.Matchers.equalTo("COURSES_BY_TERM"));
        ExplorerApiTest.asAdmin().queryParam("index", "GSI2").queryParam("pk", "TERM#2026-fall")
                .get("/api/partition").then().statusCode(404);
        ExplorerApiTest.asAdmin().queryParam("index", "GSI9").queryParam("pk", "TERM#x").get("/api/partition")
                .then().statusCode(400).contentType("application/problem+json");
        ExplorerApiTest.asAdmin().queryParam("index", "table").get("/api/partition")
                .then().statusCode(400).contentType("application/problem+json");
        given().queryParam("pk", "WORK#social").get("/api/partition").then().statusCode(401);
        given().header("Authorization", Tokens.user("reg-1").roles("registrar").bearer())
                .queryParam("pk", "WORK#social").get("/api/partition").then().statusCode(403);
        // An empty partition the grammar reads is an empty page, not an error.
        ExplorerApiTest.asAdmin().queryParam("pk", "WORK#social#3").get("/api/partition").then().statusCode(200)
                .body("collection.collection", org.hamcrest.Matchers.equalTo("PENDING_WORK"));
    }

    @Test
    void everyKindOfPartitionHasAWayInAndTheOnesWithoutAnIdOpenAsTheyAre() {
        JsonPath entries = ExplorerApiTest.asAdmin().get("/api/partitions").then().statusCode(200).extract().jsonPath();
        Set<String> collections = new HashSet<>(entries.getList("items.collection"));
        for (ItemCollection collection : ItemCollection.values()) {
            assertTrue(collections.contains(collection.name()), collection + " has no way in");
        }
        List<String> open = entries.getList("items.findAll { it.partition != null }.partition");
        assertTrue(open.containsAll(List.of("TIMELINE#MONTHS", "PROJSTATUS#ACTIVE#0", "PROJSTATUS#ARCHIVED#3",
                "WORK#social#0", "WORK#enrollment#15", "WORK#workspace#7", "WORK#social")), open.toString());
        assertTrue(entries.getList("items.template").containsAll(List.of("TERM#<term>#<catalogueShard>",
                "PROJSTATUS#<status>#<statusShard>", "TIMELINE#<month>[#<shard>]",
                "ERASURE#<userId>", "WS#<wsId>#<shard>")), entries.prettify());
        // Every listed partition opens.
        for (Map<String, Object> entry : entries.<Map<String, Object>>getList("items.findAll { it.partition != null }")) {
            ExplorerApiTest.asAdmin().queryParam("index", entry.get("index") == null ? "table" : entry.get("index"))
                    .queryParam("pk", entry.get("partition")).get("/api/partition").then().statusCode(200);
        }
    }
}
