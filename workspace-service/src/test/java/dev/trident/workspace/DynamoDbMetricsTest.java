package dev.trident.workspace;

import static dev.trident.workspace.Api.createProject;
import static dev.trident.workspace.Api.createWorkspace;
import static dev.trident.workspace.Api.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbMetricsScrape;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

/** /q/metrics counts DynamoDB requests per access pattern, operation and outcome, with their consumed capacity. */
@QuarkusTest
class DynamoDbMetricsTest {

    @Test
    void requestsAndConsumedCapacityAreCountedPerAccessPatternAndOutcome() {
        String wsId = createWorkspace("metrics", 4);
        createProject(wsId, "Counted", "ACTIVE");
        DynamoDbMetricsScrape before = DynamoDbMetricsScrape.now();

        createProject(wsId, "Counted too", "PAUSED");
        given().get("/workspaces/" + wsId + "/projects").then().statusCode(200);

        DynamoDbMetricsScrape after = DynamoDbMetricsScrape.now();
        assertEquals(1, after.requestsSince(before, "project-sequence", "UpdateItem", "success"));
        assertEquals(1, after.requestsSince(before, "project-create", "TransactWriteItems", "success"));
        // Every route reads the caller's membership with META: two project requests, two reads.
        assertEquals(2, after.requestsSince(before, "workspace-access", "BatchGetItem", "success"));
        // Four shards: one Query each.
        assertEquals(4, after.requestsSince(before, "workspace-projects", "Query", "success"));
        assertTrue(after.consumedCapacitySince(before, "project-create", "TransactWriteItems") > 0);
        assertTrue(after.consumedCapacitySince(before, "workspace-access", "BatchGetItem") > 0);
        assertTrue(after.consumedCapacitySince(before, "workspace-projects", "Query") > 0);
        // The items the Queries read (ScannedCount): the workspace's two projects, nothing else.
        assertEquals(2, after.itemsReadSince(before, "workspace-projects", "Query"));
    }
}
