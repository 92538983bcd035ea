package dev.trident.social;

import static dev.trident.social.Api.anyone;
import static dev.trident.social.Api.assertProblem;
import static dev.trident.social.Api.body;
import static dev.trident.social.Api.comment;
import static dev.trident.social.Api.createPost;
import static dev.trident.social.Api.createUser;
import static dev.trident.social.Api.postJson;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
class StatsAndLimitsTest {

    @Inject
    AdjustableClock clock;

    @AfterEach
    void systemTime() {
        clock.useSystemTime();
    }

    @Test
    void statsAreCountedPerMonthAtWriteTimeAndReadWithOneGetItem() {
        String userId = createUser();
        clock.pin(Instant.parse("2029-05-31T23:59:59Z"));
        String mayPost = createPost(userId, "may");
        comment(userId, mayPost, userId, "self comment in May");
        clock.pin(Instant.parse("2029-06-01T00:00:00Z"));
        createPost(userId, "june");
        createPost(userId, "june again");
        clock.useSystemTime();

        DynamoDbCallRecorder.reset();
        anyone().queryParam("month", "2029-05").get("/users/" + userId + "/stats").then().statusCode(200)
                .body("userId", equalTo(userId)).body("month", equalTo("2029-05"))
                .body("posts", equalTo(1)).body("comments", equalTo(1));
        assertEquals(List.of("GetItem"), DynamoDbCallRecorder.operations());
        anyone().queryParam("month", "2029-06").get("/users/" + userId + "/stats").then()
                .body("posts", equalTo(2)).body("comments", equalTo(0));
        // A month without activity answers zeros.
        anyone().queryParam("month", "2029-07").get("/users/" + userId + "/stats").then().statusCode(200)
                .body("posts", equalTo(0)).body("comments", equalTo(0));
    }

    @Test
    void badMonthsAndIdsAre400() {
        String userId = createUser();
        assertProblem(anyone().queryParam("month", "2029-13").get("/users/" + userId + "/stats"), 400, "month");
        assertProblem(anyone().queryParam("month", "May").get("/users/" + userId + "/stats"), 400, "month");
        assertProblem(anyone().get("/users/bad%23id/stats"), 400, "userId");
    }

    @Test
    void aBodyFarAboveTheItemLimitIs413() {
        String userId = createUser();
        String huge = "x".repeat(2 * 1024 * 1024);
        var response = postJson(userId, "/users/" + userId + "/posts", body("body", huge));
        // Refused from its Content-Length before a byte of it is read, as problem+json like every other error.
        assertEquals(413, response.statusCode());
        assertEquals(Api.PROBLEM_JSON, response.contentType());
        assertEquals(413, response.jsonPath().getInt("status"));
        anyone().get("/users/" + userId + "/posts").then().body("items", org.hamcrest.Matchers.hasSize(0));
    }
}
