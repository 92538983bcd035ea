package dev.trident.enrollment;

import static dev.trident.enrollment.CourseCatalogueTest.courseIn;
import static dev.trident.enrollment.CourseCatalogueTest.listEveryPage;
import static dev.trident.enrollment.CourseCatalogueTest.newTerm;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The catalogue with {@code trident.enrollment.catalogue.shards=1}: one partition per term, one Query a page. */
@QuarkusTest
@TestProfile(CourseCatalogueOneShardTest.OneShard.class)
class CourseCatalogueOneShardTest {

    public static class OneShard implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("trident.enrollment.catalogue.shards", "1");
        }
    }

    @Test
    void oneShardListsEveryCourseOnceInOrderWithOneQueryOfLimitPlusOneAPage() {
        String term = newTerm();
        List<String> ids = IntStream.range(0, 12).mapToObj(i -> courseIn(term, "one")).sorted().toList();
        for (int limit : new int[] {1, 5, 12}) {
            assertEquals(ids, listEveryPage(term, limit, 1), "limit " + limit);
        }
        DynamoDbCallRecorder.reset();
        Api.asStaff().queryParam("term", term).queryParam("limit", 5).get("/courses").then().statusCode(200);
        List<String> queries = DynamoDbCallRecorder.calls().stream()
                .filter(c -> !c.operation().equals("DescribeTable")).map(Object::toString).toList();
        assertEquals(List.of("Query(GSI2)"), queries);
    }

    @Test
    void aFirstPageOfTwentyIsOneQueryOfTwentyOne() {
        String term = newTerm();
        IntStream.range(0, 100).forEach(i -> courseIn(term, "cost"));
        CourseCatalogueTest.PageCost cost = CourseCatalogueTest.firstPageCost(term, 20);
        assertEquals(1, cost.queries(), cost.toString());
        assertEquals(List.of(21), cost.limits(), cost.toString());
        assertEquals(21, cost.itemsRead(), cost.toString());
    }
}
