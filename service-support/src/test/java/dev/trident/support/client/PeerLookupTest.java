package dev.trident.support.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trident.support.problem.ProblemException;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a lookup turns a peer's answer into the entity, a 422, or the mapped failure (no Quarkus, no DynamoDB). */
class PeerLookupTest {

    private static final Duration WAIT = Duration.ofSeconds(5);

    /** A lookup whose peer answers {@code answer}, a 4xx as the client's mapper makes it (RejectedByDependency). */
    private static PeerLookup<String> lookup(Uni<String> answer) {
        return new PeerLookup<>("workspace-service", (id, authorization) -> answer);
    }

    private static ProblemException refusal(Throwable peerFailure) {
        PeerLookup<String> lookup = lookup(Uni.createFrom().failure(peerFailure));
        return assertThrows(ProblemException.class,
                () -> lookup.require("workspaceId", "ws-1", "Bearer t").await().atMost(WAIT));
    }

    @Test
    void theEntityTheCallerMaySeeAskedForWithTheCallersHeader() {
        List<String> asked = new ArrayList<>();
        PeerLookup<String> lookup = new PeerLookup<>("workspace-service", (id, authorization) -> {
            asked.add(id + " " + authorization);
            return Uni.createFrom().item("workspace " + id);
        });
        assertEquals("workspace ws-1", lookup.require("workspaceId", "ws-1", "Bearer t").await().atMost(WAIT));
        assertEquals(List.of("ws-1 Bearer t"), asked);
    }

    @Test
    void aPeer404IsA422NamingTheFieldAndTheId() {
        ProblemException problem = refusal(new RejectedByDependency(404));
        assertEquals(422, problem.status());
        assertEquals("workspaceId", problem.toProblem().errors().get(0).field());
        assertEquals("workspaceId refers to ws-1, which does not exist", problem.getMessage());
    }

    @Test
    void aPeer401403And405AreNever503() {
        assertEquals(401, refusal(new RejectedByDependency(401)).status());
        assertEquals(403, refusal(new RejectedByDependency(403)).status());
        assertEquals(502, refusal(new RejectedByDependency(405)).status());
    }

    @Test
    void aFailingPeerIsA503NamingIt() {
        ProblemException problem = refusal(new WebApplicationException(500));
        assertEquals(503, problem.status());
        assertEquals("workspace-service is unavailable; retry later", problem.getMessage());
    }

    @Test
    void theClientMapperTurnsEvery4xxIntoARejectionAndLeaves5xxToTheDefault() {
        RejectedByDependencyMapper mapper = new RejectedByDependencyMapper();
        for (int status : new int[] { 400, 401, 403, 404, 405, 429, 499 }) {
            assertEquals(true, mapper.handles(status, null), "HTTP " + status);
            assertEquals(status, mapper.toThrowable(Response.status(status).build()).status());
        }
        for (int status : new int[] { 200, 302, 500, 503 }) {
            assertEquals(false, mapper.handles(status, null), "HTTP " + status);
        }
    }
}
