package dev.trident.workspace;

import static dev.trident.workspace.Api.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * Runs each access pattern once and reports the operations and the capacity DynamoDB Local says they consumed
 * (logged and written to target/consumed-capacity.txt); every call must report its capacity.
 */
@QuarkusTest
class ConsumedCapacityReportTest {

    private static final Logger LOG = Logger.getLogger(ConsumedCapacityReportTest.class);

    private final List<String> report = new ArrayList<>();

    @Test
    void everyAccessPatternReportsItsOperationsAndConsumedCapacity() throws IOException {
        String ws = Api.uniqueId("cap");
        measure("POST /workspaces", () -> given().contentType(ContentType.JSON).body(Api.workspaceBody(ws, null))
                .post("/workspaces").then().statusCode(201));
        String sharded = Api.createWorkspace("cap-sharded", 8);
        for (int i = 0; i < 3; i++) {
            Api.createProject(ws, "p" + i, null);
            Api.createProject(sharded, "p" + i, null);
        }
        measure("GET /workspaces/{id}", () -> given().get("/workspaces/" + ws).then().statusCode(200));
        measure("GET /workspaces/{id}?include=projects", () -> given().queryParam("include", "projects")
                .get("/workspaces/" + ws).then().statusCode(200));
        measure("PATCH /workspaces/{id}", () -> given().contentType(ContentType.JSON).body(Map.of("seatLimit", 9))
                .patch("/workspaces/" + ws).then().statusCode(200));
        String[] id = new String[1];
        measure("POST /workspaces/{id}/projects", () -> id[0] = Api.createProject(ws, "measured", null));
        measure("GET /workspaces/{id}/projects/{pid}", () -> given().get("/workspaces/" + ws + "/projects/" + id[0])
                .then().statusCode(200));
        measure("GET /workspaces/{id}/projects (1 shard)", () -> given().get("/workspaces/" + ws + "/projects")
                .then().statusCode(200));
        measure("GET /workspaces/{id}/projects (8 shards)", () -> given().get("/workspaces/" + sharded + "/projects")
                .then().statusCode(200));
        measure("PATCH /workspaces/{id}/projects/{pid}", () -> given().contentType(ContentType.JSON)
                .body(Map.of("status", "PAUSED")).patch("/workspaces/" + ws + "/projects/" + id[0]).then().statusCode(200));
        measure("DELETE /workspaces/{id}/projects/{pid}", () -> given().delete("/workspaces/" + ws + "/projects/" + id[0])
                .then().statusCode(204));
        String joiner = Api.createUser("Capacity Member");
        measure("PUT /workspaces/{id}/members/{userId} (new admin)", () -> MemberRoutesTest.putMember(Api.owner(), ws,
                joiner, "admin").then().statusCode(201));
        measure("PUT /workspaces/{id}/members/{userId} (admin -> owner)", () -> MemberRoutesTest.putMember(Api.owner(),
                ws, joiner, "owner").then().statusCode(200));
        measure("GET /workspaces/{id}/members", () -> given().get("/workspaces/" + ws + "/members")
                .then().statusCode(200));
        measure("GET /workspaces?member={userId}", () -> Api.as(joiner).queryParam("member", joiner).get("/workspaces")
                .then().statusCode(200));
        measure("DELETE /workspaces/{id}/members/{userId} (an owner)", () -> given()
                .delete("/workspaces/" + ws + "/members/" + joiner).then().statusCode(204));
        measure("GET /projects?status=ACTIVE", () -> Api.asPlatformAdmin().queryParam("status", "ACTIVE").get("/projects")
                .then().statusCode(200));

        String text = String.join("\n", report) + "\n";
        LOG.info("consumed capacity per access pattern (DynamoDB Local):\n" + text);
        Files.writeString(Path.of("target", "consumed-capacity.txt"), text);
    }

    private void measure(String pattern, Runnable route) {
        DynamoDbCallRecorder.reset();
        route.run();
        List<DynamoDbCallRecorder.Call> calls = DynamoDbCallRecorder.calls().stream()
                .filter(c -> !c.operation().equals("DescribeTable")).toList();
        assertFalse(calls.isEmpty(), pattern);
        StringBuilder line = new StringBuilder(pattern).append(" ->");
        for (DynamoDbCallRecorder.Call call : calls) {
            Object capacity = call.consumedCapacity();
            assertEquals(true, capacity != null, pattern + ": " + call + " did not report consumed capacity");
            line.append("\n    ").append(call).append(' ').append(summary(capacity));
        }
        report.add(line.toString());
    }

    private static String summary(Object capacity) {
        if (capacity instanceof List<?> list) {
            return list.stream().map(ConsumedCapacityReportTest::summary).toList().toString();
        }
        if (capacity instanceof software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity c) {
            StringBuilder s = new StringBuilder("CU=").append(c.capacityUnits());
            if (c.readCapacityUnits() != null) {
                s.append(" RCU=").append(c.readCapacityUnits());
            }
            if (c.writeCapacityUnits() != null) {
                s.append(" WCU=").append(c.writeCapacityUnits());
            }
            if (c.hasGlobalSecondaryIndexes() && !c.globalSecondaryIndexes().isEmpty()) {
                c.globalSecondaryIndexes().forEach((name, cap) -> s.append(' ').append(name).append('=')
                        .append(cap.capacityUnits()));
            }
            if (c.table() != null) {
                s.append(" table=").append(c.table().capacityUnits());
            }
            return s.toString();
        }
        return String.valueOf(capacity);
    }
}
