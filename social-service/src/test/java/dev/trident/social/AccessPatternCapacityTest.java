package dev.trident.social;

import static dev.trident.social.Api.anyone;
import static dev.trident.social.Api.body;
import static dev.trident.social.Api.patchJson;
import static dev.trident.social.Api.postJson;
import static dev.trident.social.Api.uniqueId;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.trident.keys.SocialKeys;
import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;
import org.junit.jupiter.api.Test;

/**
 * Every access pattern once, in the order a client would use them: proves the DynamoDB operations each one
 * sends (no Scan anywhere) and logs the capacity DynamoDB Local reported for each call.
 */
@QuarkusTest
class AccessPatternCapacityTest {

    private static final Logger LOG = Logger.getLogger(AccessPatternCapacityTest.class);

    private final Map<String, String> report = new LinkedHashMap<>();

    @Test
    void everyPatternSendsExactlyItsOperationsAndReportsConsumedCapacity() {
        int scansBefore = DynamoDbCallRecorder.scanCount();
        String handle = uniqueId("Cap");
        String userId = Api.newUserId();
        pattern("create user", List.of("TransactWriteItems"),
                () -> postJson(userId, "/users", body("handle", handle, "displayName", "Cap")), 201);
        pattern("get user", List.of("GetItem"), () -> anyone().get("/users/" + userId), 200);
        pattern("find by handle", List.of("Query(GSI1)"), () -> anyone().get("/users/by-handle/" + handle), 200);
        pattern("update user", List.of("UpdateItem"),
                () -> patchJson(userId, "/users/" + userId, "\"1\"", body("bio", "hi")), 200);
        String postId = pattern("create post", List.of("TransactWriteItems"),
                () -> postJson(userId, "/users/" + userId + "/posts", body("body", "post")), 201).path("postId");
        String posts = "/users/" + userId + "/posts/" + postId;
        pattern("profile + newest posts", List.of("Query"),
                () -> anyone().queryParam("include", "posts").get("/users/" + userId), 200);
        pattern("list posts", List.of("Query"), () -> anyone().get("/users/" + userId + "/posts"), 200);
        pattern("get post", List.of("GetItem"), () -> anyone().get(posts), 200);
        pattern("update post", List.of("UpdateItem"), () -> patchJson(userId, posts, "\"1\"", body("title", "T")), 200);
        pattern("comment", List.of("TransactWriteItems"),
                () -> postJson(userId, posts + "/comments", body("body", "c")), 201);
        pattern("list comments", List.of("Query"), () -> anyone().get(posts + "/comments"), 200);
        // Two posts this month, so a page of one proves "there is more" without walking back to older months.
        Api.createPost(userId, "second post");
        pattern("timeline (current month has posts)",
                Collections.nCopies(SocialKeys.DEFAULT_TIMELINE_SHARDS, "Query(GSI2)"),
                () -> anyone().queryParam("limit", 1).get("/timeline"), 200);
        pattern("batch get", List.of("BatchGetItem"),
                () -> postJson(Api.READER, "/users/batch-get", body("ids", List.of(userId, "nobody-" + handle))), 200);
        pattern("monthly stats", List.of("GetItem"), () -> anyone().get("/users/" + userId + "/stats"), 200);
        pattern("delete post (1 comment)", List.of("TransactWriteItems", "Query", "Query", "BatchWriteItem",
                "UpdateItem", "DeleteItem", "Query", "DeleteItem"),
                () -> Api.as(userId).header("If-Match", "\"2\"").delete(posts), 204);
        assertEquals(scansBefore, DynamoDbCallRecorder.scanCount(), "no Scan");

        String table = report.entrySet().stream().map(e -> String.format("%-36s %s", e.getKey(), e.getValue()))
                .collect(Collectors.joining("\n"));
        LOG.info("Consumed capacity per access pattern (DynamoDB Local):\n" + table);
    }

    private Response pattern(String name, List<String> operations, Supplier<Response> call, int status) {
        DynamoDbCallRecorder.reset();
        Response response = call.get();
        assertEquals(status, response.statusCode(), name + ": " + response.asString());
        assertEquals(operations, DynamoDbCallRecorder.operations(), name);
        String capacity = DynamoDbCallRecorder.calls().stream()
                .filter(c -> !c.operation().equals("DescribeTable"))
                .map(c -> {
                    assertNotNull(c.consumedCapacity(), name + ": " + c + " did not ask for ConsumedCapacity");
                    return c + " " + c.consumedCapacity();
                })
                .collect(Collectors.joining("; "));
        report.put(name, capacity);
        return response;
    }
}
