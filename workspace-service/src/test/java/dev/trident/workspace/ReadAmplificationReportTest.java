package dev.trident.workspace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.trident.keys.ProjectStatus;
import dev.trident.keys.TableDefinition;
import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import org.jboss.logging.Logger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * Reports, page by page, what the sharded reads cost DynamoDB: Queries, the Limits they asked for, the items they
 * read (ScannedCount) against the items the page returned, and the capacity units. Logged and written to
 * target/read-amplification.txt; the bounds are asserted in ShardedListEquivalenceTest.
 */
@QuarkusTest
class ReadAmplificationReportTest {

    private static final Logger LOG = Logger.getLogger(ReadAmplificationReportTest.class);
    private static final int SHARDS = 16;
    private static final int PROJECTS = 300;
    private static final int MANY_PROJECTS = 2_000;
    private static final int LIMIT = 100;

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    private final List<String> report = new ArrayList<>();

    @Test
    void everyShardedReadReportsItsQueriesItemsReadAndCapacityPerPage() throws IOException {
        ProjectLoader loader = new ProjectLoader(dynamo, table.tableName());
        String ws = Api.createWorkspace("amp", SHARDS);
        loader.load(ws, SHARDS, ProjectLoader.ids(2026, PROJECTS), ProjectStatus.PAUSED);
        String big = Api.createWorkspace("amp-big", SHARDS);
        loader.load(big, SHARDS, ProjectLoader.ids(2026, MANY_PROJECTS), ProjectStatus.PAUSED);

        report.add(String.format(Locale.ROOT, "%-58s %4s %7s %9s %10s %10s %8s %6s", "read", "page", "Queries",
                "sum Limit", "items read", "returned", "read/ret", "CU"));
        pages("GET /workspaces/{id}/projects?limit=100 (16 shards, 300)", () -> Api.given(),
                "/workspaces/" + ws + "/projects");
        pages("GET /workspaces/{id}/projects?limit=100 (16 shards, 2000)", () -> Api.given(),
                "/workspaces/" + big + "/projects");
        pages("GET /projects?status=PAUSED&limit=100 (4 status shards)",
                () -> Api.asPlatformAdmin().queryParam("status", "PAUSED"), "/projects");

        String text = String.join("\n", report) + "\n";
        LOG.info("read amplification per page (DynamoDB Local):\n" + text);
        Files.writeString(Path.of("target", "read-amplification.txt"), text);
    }

    /** Pages through a list (at most 3 pages), one report line per page. */
    private void pages(String name, Supplier<RequestSpecification> request, String path) {
        String cursor = null;
        int page = 0;
        do {
            DynamoDbCallRecorder.reset();
            RequestSpecification spec = request.get().queryParam("limit", LIMIT);
            if (cursor != null) {
                spec.queryParam("cursor", cursor);
            }
            Response response = spec.get(path).then().statusCode(200).extract().response();
            cursor = response.path("nextCursor");
            int returned = response.path("items.size()");
            List<DynamoDbCallRecorder.Call> queries = DynamoDbCallRecorder.calls().stream()
                    .filter(c -> c.operation().equals("Query")).toList();
            int limits = 0;
            int read = 0;
            double units = 0;
            for (DynamoDbCallRecorder.Call query : queries) {
                assertNotNull(query.itemsRead(), name + ": " + query + " reported no ScannedCount");
                limits += query.queryLimit() == null ? 0 : query.queryLimit();
                read += query.itemsRead();
                units += ((ConsumedCapacity) query.consumedCapacity()).capacityUnits();
            }
            assertEquals(LIMIT, returned, name + ": every reported page is full");
            report.add(String.format(Locale.ROOT, "%-58s %4d %7d %9d %10d %10d %8.2f %6.1f", name, ++page,
                    queries.size(), limits, read, returned, (double) read / returned, units));
        } while (cursor != null && page < 3);
    }
}
