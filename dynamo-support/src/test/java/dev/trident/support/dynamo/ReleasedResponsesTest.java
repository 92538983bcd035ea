package dev.trident.support.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.testing.DynamoDbLocalResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.ListTablesResponse;

/**
 * A completed DynamoDB call leaves nothing of its response behind in the client: the pooled connections that served
 * the calls, now idle, do not keep the last response each received (the Netty client's own behaviour, which
 * ReleasingHttpClient undoes), so a collection frees every response its caller has dropped.
 */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class ReleasedResponsesTest {

    private static final int CONCURRENT_CALLS = 8;

    @Inject
    DynamoDbAsyncClient dynamoDb;

    @Test
    void idleConnectionsKeepNoResponseOfTheCallsTheyServed() throws InterruptedException {
        List<WeakReference<ListTablesResponse>> responses = answeredConcurrently();

        assertEquals(0, Collected.stillReachable(responses), "responses still reachable after their calls completed");
    }

    /** Calls sent together, so that several connections serve them; only weak references to the answers remain. */
    private List<WeakReference<ListTablesResponse>> answeredConcurrently() {
        List<CompletableFuture<ListTablesResponse>> calls = new ArrayList<>();
        for (int call = 0; call < CONCURRENT_CALLS; call++) {
            calls.add(dynamoDb.listTables());
        }
        List<WeakReference<ListTablesResponse>> responses = new ArrayList<>();
        for (CompletableFuture<ListTablesResponse> call : calls) {
            responses.add(new WeakReference<>(call.join()));
        }
        return responses;
    }
}
