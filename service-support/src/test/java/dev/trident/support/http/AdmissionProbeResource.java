package dev.trident.support.http;

import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test-only route whose answers wait until the test opens the gate: a request that reaches it holds its place as a
 * request waiting on DynamoDB does. It counts the requests that reached it, so a test sees which ones were admitted.
 */
@Path("/admission-probe")
@PermitAll
public class AdmissionProbeResource {

    static final AtomicInteger ARRIVED = new AtomicInteger();
    private static volatile CompletableFuture<String> gate = CompletableFuture.completedFuture("served");

    @GET
    public Uni<String> held() {
        ARRIVED.incrementAndGet();
        CompletableFuture<String> current = gate;
        // A copy: a client that leaves cancels its own wait, not the gate of the others.
        return Uni.createFrom().completionStage(current::copy);
    }

    /** Requests that arrive from now on wait for {@link #open()}. */
    static void close() {
        gate = new CompletableFuture<>();
    }

    /** Answers every request waiting at the gate, and every later one at once. */
    static void open() {
        gate.complete("served");
    }
}
