package dev.trident.support.dynamo;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.testing.DynamoDbLocalResource;
import io.netty.util.concurrent.EventExecutor;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.vertx.core.Vertx;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;

/**
 * Each Vert.x event loop has a DynamoDB client of its own, and a request's DynamoDB call travels on a connection of the
 * loop that serves the request: no thread hop between the HTTP request and the DynamoDB call, nor back.
 */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class EventLoopClientsTest {

    private static final int REQUESTS = 24;

    @Inject
    Vertx vertx;

    @Inject
    EventLoopClients clients;

    @Test
    void eachEventLoopAlwaysGetsItsOwnClient() throws Exception {
        List<DynamoDbAsyncClient> perLoop = new ArrayList<>();
        for (EventExecutor loop : vertx.nettyEventLoopGroup()) {
            DynamoDbAsyncClient first = loop.submit(clients::current).get(5, TimeUnit.SECONDS);
            assertSame(first, loop.submit(clients::current).get(5, TimeUnit.SECONDS), "a loop's client changed");
            perLoop.add(first);
        }
        assertEquals(perLoop.size(), clients.size(), "one client per loop");
        assertEquals(perLoop.size(), new HashSet<>(perLoop).size(), "two loops share a client");
        assertTrue(perLoop.contains(clients.current()), "off the loops, a call takes one of the loops' clients");
    }

    @Test
    void aRequestsDynamoDbCallIsAnsweredOnTheLoopThatServesTheRequest() {
        Set<String> loopsSeen = new HashSet<>();
        for (int i = 0; i < REQUESTS; i++) {
            // A new connection each time (Connection: close), which Vert.x gives to its loops in turn.
            String[] threads = given().header("Connection", "close").when().get("/event-loop-probe")
                    .then().statusCode(200).extract().asString().split(" ");
            loopsSeen.add(threads[0]);
            assertEquals(threads[0], threads[1], "the loop that served request " + i + " and the one its answer came on");
        }
        assertTrue(loopsSeen.size() > 1, "requests served on one loop only: " + loopsSeen);
        assertTrue(loopsSeen.stream().allMatch(thread -> thread.startsWith("vert.x-eventloop-thread-")),
                "requests served off the event loops: " + loopsSeen);
    }
}
