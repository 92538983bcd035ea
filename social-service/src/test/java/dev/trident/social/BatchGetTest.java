package dev.trident.social;

import static dev.trident.social.Api.assertProblem;
import static dev.trident.social.Api.body;
import static dev.trident.social.Api.createUser;
import static dev.trident.social.Api.postJson;
import static dev.trident.social.Api.uniqueId;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The test profile sends at most 40 keys per BatchGetItem, so 100 ids take three requests. */
@QuarkusTest
class BatchGetTest {

    /** 70 profiles shared by the tests of this class (created once, through the API, when the app is up). */
    private static final List<String> EXISTING = new ArrayList<>();

    @BeforeEach
    void createUsersOnce() {
        synchronized (EXISTING) {
            while (EXISTING.size() < 70) {
                EXISTING.add(createUser());
            }
        }
    }

    @AfterEach
    void disarm() {
        UnprocessedKeysInjector.disarm();
    }

    @Test
    void hundredIdsSpanSeveralRequestsAndReportMissingIdsInRequestOrder() {
        List<String> ids = new ArrayList<>(EXISTING);
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            missing.add(uniqueId("missing"));
        }
        ids.addAll(missing);
        DynamoDbCallRecorder.reset();
        Response response = postJson(Api.READER, "/users/batch-get", body("ids", ids));
        response.then().statusCode(200);
        assertEquals(List.of("BatchGetItem", "BatchGetItem", "BatchGetItem"), DynamoDbCallRecorder.operations());
        assertEquals(EXISTING, response.path("items.userId"));
        assertEquals(missing, response.path("missing"));
    }

    @Test
    void duplicatesCollapse() {
        String id = EXISTING.get(0);
        String ghost = uniqueId("ghost");
        postJson(Api.READER, "/users/batch-get", body("ids", List.of(id, ghost, id, ghost, id))).then().statusCode(200)
                .body("items.userId", equalTo(List.of(id))).body("missing", equalTo(List.of(ghost)));
    }

    @Test
    void unprocessedKeysAreRetriedUntilEveryProfileIsRead() {
        UnprocessedKeysInjector.arm(3);
        DynamoDbCallRecorder.reset();
        Response response = postJson(Api.READER, "/users/batch-get", body("ids", EXISTING));
        response.then().statusCode(200);
        assertEquals(EXISTING, response.path("items.userId"));
        assertEquals(List.of(), response.path("missing"));
        long requests = DynamoDbCallRecorder.operations().stream().filter("BatchGetItem"::equals).count();
        assertTrue(requests >= 2 + 3, "two chunks plus one retry per injected partial answer, got " + requests);
    }

    @Test
    void keysThatStayUnprocessedPastTheBudgetAre503WithRetryAfter() {
        UnprocessedKeysInjector.armForever();
        postJson(Api.READER, "/users/batch-get", body("ids", EXISTING.subList(0, 10))).then().statusCode(503)
                .contentType("application/problem+json").header("Retry-After", "1");
    }

    @Test
    void badRequests() {
        List<String> tooMany = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            tooMany.add("id" + i);
        }
        assertProblem(postJson(Api.READER, "/users/batch-get", body("ids", tooMany)), 400, "ids");
        assertProblem(postJson(Api.READER, "/users/batch-get", body("ids", List.of())), 400, "ids");
        assertProblem(postJson(Api.READER, "/users/batch-get", body()), 400, "ids");
        assertProblem(postJson(Api.READER, "/users/batch-get", body("ids", List.of("ok", "not ok"))), 400, "ids[1]");
        assertProblem(postJson(Api.READER, "/users/batch-get", body("ids", "not-a-list")), 400, "ids");
    }
}
