package dev.trident.social;

import static dev.trident.social.Api.anyone;
import static dev.trident.social.Api.as;
import static dev.trident.social.Api.comment;
import static dev.trident.social.Api.createPost;
import static dev.trident.social.Api.createUser;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.TableSchema;
import dev.trident.keys.WorkKeys;
import dev.trident.support.work.WorkRunner;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A post's deletion is a pending-work task ({@code WORK#social#<n>/TASK#delete-post#<userId>}) written with the post's
 * delete: a request that stops right after that transaction (its process gone, its lease on the task left standing)
 * is finished by the pending-work poll once the lease has run out, with no retry by the owner. The poller is off in
 * this profile; the test runs the poll itself ({@link WorkRunner#pollPartition}) and moves the service's clock past
 * the lease instead of waiting for it.
 */
@QuarkusTest
class PostDeletionTaskTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    DynamoDbAsyncClient dynamo;

    @Inject
    TableDefinition table;

    @Inject
    WorkRunner runner;

    @Inject
    AdjustableClock clock;

    @Test
    void aDeleteStoppedRightAfterItsTransactionIsFinishedByThePollWithoutARetry() {
        String owner = createUser();
        String commenter = createUser();
        String postId = createPost(owner, "to be deleted");
        for (int i = 0; i < 3; i++) {
            comment(owner, postId, commenter, "c" + i);
        }
        comment(owner, postId, owner, "the owner's own");
        String path = "/users/" + owner + "/posts/" + postId;
        Map<String, AttributeValue> taskKey = WorkKeys.task("social", "delete-post", owner).toAttributes();

        StopAfterTransaction.arm();
        try {
            // The transaction lands; every call after it fails, the task's release included: 202, the rest left.
            as(owner).header("If-Match", "\"1\"").delete(path).then().statusCode(202)
                    .body("id", org.hamcrest.Matchers.equalTo(postId))
                    .body("status", org.hamcrest.Matchers.equalTo("DELETING"));
        } finally {
            StopAfterTransaction.disarm();
        }
        assertNull(item(SocialKeys.post(owner, postId).toAttributes()), "the post went with the transaction");
        assertNotNull(item(SocialKeys.postDeletion(owner, postId).toAttributes()));
        assertEquals(4, partition(SocialKeys.commentPartition(postId)).size());
        Map<String, AttributeValue> task = item(taskKey);
        assertNotNull(task, "the task was written in the same transaction");
        anyone().get(path).then().statusCode(404);

        // While the stopped request's lease stands, the poll leaves the task alone.
        runner.pollPartition("social").await().atMost(WAIT);
        assertEquals(4, partition(SocialKeys.commentPartition(postId)).size());
        assertEquals(task, item(taskKey));

        // Once it has run out, the poll takes the task over and finishes it; the owner never asked again.
        clock.pin(Instant.now().plus(Duration.ofSeconds(25)));
        try {
            runner.pollPartition("social").await().atMost(WAIT);
        } finally {
            clock.useSystemTime();
        }
        assertEquals(List.of(), partition(SocialKeys.commentPartition(postId)));
        assertNull(item(SocialKeys.postDeletion(owner, postId).toAttributes()));
        assertNull(item(taskKey));
        assertEquals(List.of(SocialKeys.PROFILE), partition(SocialKeys.userPartition(owner)).stream()
                .map(i -> i.get(TableSchema.SK).s()).filter(sk -> !sk.startsWith(SocialKeys.STATS_PREFIX)).toList());
        // A DELETE now is a 404: nothing of the deletion is left.
        as(owner).delete(path).then().statusCode(404);
    }

    @Test
    void aDeleteThatFinishesInTheRequestIs204AndLeavesNoTask() {
        String owner = createUser();
        String postId = createPost(owner, "quick");
        comment(owner, postId, owner, "one");
        as(owner).delete("/users/" + owner + "/posts/" + postId).then().statusCode(204);
        assertEquals(List.of(), partition(SocialKeys.commentPartition(postId)));
        assertNull(item(SocialKeys.postDeletion(owner, postId).toAttributes()));
        assertNull(item(WorkKeys.task("social", "delete-post", owner).toAttributes()));
    }

    private Map<String, AttributeValue> item(Map<String, AttributeValue> key) {
        var response = dynamo.getItem(r -> r.tableName(table.tableName()).key(key).consistentRead(true)).join();
        return response.hasItem() && !response.item().isEmpty() ? response.item() : null;
    }

    private List<Map<String, AttributeValue>> partition(String partition) {
        return dynamo.query(r -> r.tableName(table.tableName()).consistentRead(true)
                .keyConditionExpression(TableSchema.PK + " = :pk")
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition)))).join().items();
    }
}
