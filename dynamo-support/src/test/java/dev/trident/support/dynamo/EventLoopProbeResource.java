package dev.trident.support.dynamo;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.ItemKey;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import java.util.UUID;

/**
 * Test-only route that makes one GetItem through the shared table layer and names the thread that served the HTTP
 * request and the thread DynamoDB's answer arrived on: {@code <request> <answer>}.
 */
@Path("/event-loop-probe")
public class EventLoopProbeResource {

    private static final AccessPattern PATTERN = AccessPattern.readsAnyPartitionOf("event-loop-probe", null);

    private final DynamoTable table;

    EventLoopProbeResource(DynamoTable table) {
        this.table = table;
    }

    @GET
    public Uni<String> threads() {
        String request = Thread.currentThread().getName();
        String partitionKey = AnsweringThreads.PROBE_PREFIX + UUID.randomUUID();
        return table.get(PATTERN, new ItemKey(partitionKey, "PROBE"))
                .map(item -> request + " " + AnsweringThreads.of(partitionKey));
    }
}
