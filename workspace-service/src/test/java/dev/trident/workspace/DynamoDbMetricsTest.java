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
        assertEquals(1, after.requests("project-sequence", "UpdateItem", "success")
                - before.requests("project-sequence", "UpdateItem", "success"));
        assertEquals(1, after.requests("project-create", "PutItem", "success")
                - before.requests("project-create", "PutItem", "success"));
        // Four shards: one Query each.
        assertEquals(4, after.requests("workspace-projects", "Query", "success")
                - before.requests("workspace-projects", "Query", "success"));
        assertTrue(after.consumedCapacity("project-create", "PutItem") > before.consumedCapacity("project-create", "PutItem"));
        assertTrue(after.consumedCapacity("workspace-projects", "Query")
                > before.consumedCapacity("workspace-projects", "Query"));
    }
}
