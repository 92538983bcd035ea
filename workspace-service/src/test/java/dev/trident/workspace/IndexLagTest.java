package dev.trident.workspace;

import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.testing.FaultyDynamoDbResource;
import dev.trident.workspace.faults.LaggingIndexProfile;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.restassured.http.ContentType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * On an index that lags its table by 4 s, as DynamoDB's may (long enough that the erasure's first pass meets the lag
 * on a loaded machine too): an account erased right after it joined a workspace keeps no membership, and no
 * membership attaches to an account whose erasure is under way.
 */
@QuarkusTest
@TestProfile(LaggingIndexProfile.class)
class IndexLagTest {

    private static final Duration LAG = Duration.ofMillis(4000);

    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;

    @AfterEach
    void noFaults() {
        FaultyDynamoDbResource.faults().reset();
    }

    @Test
    void anAccountErasedRightAfterItJoinedAWorkspaceKeepsNoMembership() {
        String ws = Api.createWorkspace("lagging", null);
        String mia = Api.createUser("Mia Member");
        FaultyDynamoDbResource.faults().indexLag(LAG);

        MemberRoutesTest.putMember(Api.owner(), ws, mia, "member").then().statusCode(201);
        Api.as(mia).baseUri(Api.socialServiceUrl()).when().delete("/users/" + mia).then().statusCode(202);

        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        String part;
        do {
            sleep(250);
            part = Api.as(mia).baseUri(Api.socialServiceUrl()).when().get("/users/" + mia + "/erasure").then()
                    .statusCode(200).extract().path("parts.workspace.status");
        } while (!"DONE".equals(part) && System.nanoTime() < deadline);
        assertEquals("DONE", part, "workspace's part of the erasure ended");

        assertTrue(dynamo.getItem(r -> r.tableName(table.tableName()).consistentRead(true)
                .key(WorkspaceKeys.member(ws, mia).toAttributes())).join().item().isEmpty(),
                "the membership written just before the erasure is gone");
        Api.given().when().get("/workspaces/" + ws + "/members").then().statusCode(200)
                .body("items.userId", not(hasItem(mia)));
        assertEquals("1", dynamo.getItem(r -> r.tableName(table.tableName()).consistentRead(true)
                .key(WorkspaceKeys.workspace(ws).toAttributes())).join().item().get("memberCount").n(),
                "the seat went with it");
        assertTrue(FaultyDynamoDbResource.faults().counter("laggedQueries") > 0, "the index did lag");
    }

    /**
     * social-service said the account exists, and its erasure began before the membership was written: the
     * membership's own transaction refuses it, as it refuses a workspace the account would own and a project it
     * would create.
     */
    @Test
    void noMembershipWorkspaceOrProjectAttachesToAnAccountWhoseErasureIsUnderWay() {
        String ws = Api.createWorkspace("erasing", null);
        String bob = Api.createUser("Bob Leaving");
        String bobs = Api.uniqueId("bobs");
        Api.as(bob).contentType(ContentType.JSON).body(Api.workspaceBody(bobs, null, bob))
                .when().post("/workspaces").then().statusCode(201);
        Map<String, AttributeValue> record = Map.of("PK", AttributeValue.fromS("ERASURE#" + bob),
                "SK", AttributeValue.fromS("ERASURE"), "userId", AttributeValue.fromS(bob),
                "status", AttributeValue.fromS("PENDING"));
        dynamo.putItem(r -> r.tableName(table.tableName()).item(record)).join();
        try {
            MemberRoutesTest.putMember(Api.owner(), ws, bob, "member").then().statusCode(422)
                    .contentType(Api.PROBLEM_JSON);
            Api.as(bob).contentType(ContentType.JSON).body(Api.workspaceBody(Api.uniqueId("own"), null, bob))
                    .when().post("/workspaces").then().statusCode(409).contentType(Api.PROBLEM_JSON);
            Api.as(bob).contentType(ContentType.JSON).body(Map.of("title", "after the erasure began"))
                    .when().post("/workspaces/" + bobs + "/projects").then().statusCode(422)
                    .contentType(Api.PROBLEM_JSON);
            assertTrue(dynamo.getItem(r -> r.tableName(table.tableName()).consistentRead(true)
                    .key(WorkspaceKeys.member(ws, bob).toAttributes())).join().item().isEmpty());
        } finally {
            dynamo.deleteItem(r -> r.tableName(table.tableName()).key(Map.of("PK", record.get("PK"),
                    "SK", record.get("SK")))).join();
        }
        MemberRoutesTest.putMember(Api.owner(), ws, bob, "member").then().statusCode(201);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
