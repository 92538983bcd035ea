package dev.trident.support.http;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.ItemKey;
import dev.trident.support.dynamo.DynamoTable;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * Test-only route that makes three GetItems one after another, the first two allowed to fail (as a route tolerates an
 * optional read), and notes each call's outcome under the request's {@value #PROBE_HEADER}.
 */
@Path("/deadline-probe")
@PermitAll
public class DeadlineProbeResource {

    static final String PROBE_HEADER = "X-Probe";
    private static final AccessPattern PATTERN = AccessPattern.readsAnyPartitionOf("deadline-probe", null);
    private static final Map<String, List<String>> OUTCOMES = new ConcurrentHashMap<>();

    private final DynamoTable table;

    DeadlineProbeResource(DynamoTable table) {
        this.table = table;
    }

    @GET
    public Uni<String> threeReads(@HeaderParam(PROBE_HEADER) String probe) {
        return threeReads(table, OUTCOMES.computeIfAbsent(probe, ignored -> new CopyOnWriteArrayList<>()))
                .map(ignored -> "read three times");
    }

    /** The outcomes of the calls made for {@code probe}: {@code <millis> <answered|exception: message>}. */
    static List<String> outcomes(String probe) {
        return OUTCOMES.getOrDefault(probe, List.of());
    }

    /** Three GetItems one after another, the first two failures tolerated; each outcome added to {@code outcomes}. */
    static Uni<Object> threeReads(DynamoTable table, List<String> outcomes) {
        return read(table, outcomes).onFailure().recoverWithNull()
                .chain(() -> read(table, outcomes).onFailure().recoverWithNull())
                .chain(() -> read(table, outcomes));
    }

    private static Uni<Object> read(DynamoTable table, List<String> outcomes) {
        return Uni.createFrom().deferred(() -> {
            long started = System.nanoTime();
            return table.get(PATTERN, new ItemKey("PROBE#deadline", "PROBE"))
                    .onItemOrFailure().invoke((item, failure) -> outcomes.add(
                            TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started) + " "
                                    + (failure == null ? "answered"
                                            : failure.getClass().getSimpleName() + ": " + failure.getMessage())))
                    .map(item -> (Object) item);
        });
    }
}
