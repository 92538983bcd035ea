package dev.trident.faults;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A client of a {@link FaultProxy}'s control API. It speaks HTTP rather than touching the proxy's objects, because a
 * Quarkus test loads classes in several class loaders and every copy must steer the one proxy of the JVM. Each
 * setter replaces that one setting and leaves the others (the per-operation counts are set per operation).
 */
public final class FaultControl {

    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** One partition of the table ("table") or of an index, as one access pattern used it: units DynamoDB bills. */
    public record LedgerEntry(String pattern, String index, String partition, double writeUnits, double readUnits,
            long itemWrites) {
    }

    private final URI faults;
    private final URI reset;
    private final URI ledger;
    private final URI ledgerReset;
    private final HttpClient client;

    private FaultControl(URI endpoint) {
        this.faults = endpoint.resolve("/faults");
        this.reset = endpoint.resolve("/faults/reset");
        this.ledger = endpoint.resolve("/ledger");
        this.ledgerReset = endpoint.resolve("/ledger/reset");
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(TIMEOUT).build();
    }

    /** The control API of the proxy at {@code endpoint} (its {@link FaultProxy#endpoint()}). */
    public static FaultControl of(URI endpoint) {
        return new FaultControl(endpoint);
    }

    /** Global secondary indexes show each item as it was {@code lag} ago (zero: as it is). */
    public FaultControl indexLag(Duration lag) {
        return update(Map.of("indexLagMillis", lag.toMillis()));
    }

    /** The next {@code times} calls of {@code operation} are throttled and not forwarded (0: none). */
    public FaultControl throttleNext(String operation, int times) {
        return update(Map.of("throttleNext", Map.of(operation, times)));
    }

    /** This share (0 to 1) of calls is throttled, drawn from the seeded random; see {@link #throttleOperations}. */
    public FaultControl throttleRate(double rate) {
        return update(Map.of("throttleRate", rate));
    }

    /** Only these operations are throttled at the rate (none given: every operation). */
    public FaultControl throttleOperations(String... operations) {
        return update(Map.of("throttleOperations", List.of(operations)));
    }

    /** Starts the throttling draws again from this seed, so a run can be repeated. */
    public FaultControl seed(long seed) {
        return update(Map.of("seed", seed));
    }

    /** What DescribeTable says the table's status is, e.g. "UPDATING"; null: what the target says. */
    public FaultControl tableStatus(String status) {
        return update(Collections.singletonMap("tableStatus", status));
    }

    /** The next {@code times} TransactWriteItems commit and are then answered TransactionInProgressException. */
    public FaultControl transactionInProgressNext(int times) {
        return update(Map.of("transactionInProgressNext", times));
    }

    /** The next {@code times} calls of {@code operation} are forwarded (a write commits) and their answer is lost. */
    public FaultControl loseAnswerNext(String operation, int times) {
        return update(Map.of("loseAnswerNext", Map.of(operation, times)));
    }

    /** How an answer is lost: "reset" (the connection closes with no answer, the default) or "500". */
    public FaultControl lostAnswerMode(String mode) {
        return update(Map.of("lostAnswerMode", mode));
    }

    /**
     * Whether the proxy counts the capacity units of every call in its ledger, per access pattern (the services'
     * pattern header), table or index, and partition. Costs two reads per write while on.
     */
    public FaultControl ledger(boolean on) {
        return update(Map.of("ledger", on));
    }

    /** Empties the ledger (it stays on or off). */
    public FaultControl resetLedger() {
        call(HttpRequest.newBuilder(ledgerReset).POST(HttpRequest.BodyPublishers.noBody()));
        return this;
    }

    /**
     * The ledger as the control API gives it: {@code entries}, the totals {@code writeUnits} and {@code readUnits},
     * {@code calls} by pattern and operation, and {@code reported}, DynamoDB Local's own ConsumedCapacity by pattern
     * and target.
     */
    public JsonNode ledgerReport() {
        return call(HttpRequest.newBuilder(ledger).GET());
    }

    /** The ledger's entries: units by pattern, table or index, and partition key value. */
    public List<LedgerEntry> ledgerEntries() {
        List<LedgerEntry> entries = new ArrayList<>();
        for (JsonNode e : ledgerReport().path("entries")) {
            entries.add(new LedgerEntry(e.path("pattern").asText(), e.path("index").asText(),
                    e.path("partition").asText(), e.path("writeUnits").asDouble(), e.path("readUnits").asDouble(),
                    e.path("itemWrites").asLong()));
        }
        return entries;
    }

    /** Replaces the given settings, by their JSON names (indexLagMillis, throttleNext, ...). */
    public FaultControl update(Map<String, ?> settings) {
        try {
            call(HttpRequest.newBuilder(faults).PUT(HttpRequest.BodyPublishers.ofByteArray(
                    MAPPER.writeValueAsBytes(settings))).header("Content-Type", "application/json"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    /** No faults, counters at zero, recorded writes forgotten, the ledger off and empty. */
    public FaultControl reset() {
        call(HttpRequest.newBuilder(reset).POST(HttpRequest.BodyPublishers.noBody()));
        return this;
    }

    /** The current settings by their JSON names (indexLagMillis, throttleNext, ...), without the counters. */
    public Map<String, Object> settings() {
        Map<String, Object> settings = new TreeMap<>(MAPPER.convertValue(call(HttpRequest.newBuilder(faults).GET()),
                new TypeReference<Map<String, Object>>() { }));
        settings.remove("counters");
        return settings;
    }

    /** The counts of what the proxy did: calls, throttled, throttled.OPERATION, laggedQueries, lostAnswers, ... */
    public Map<String, Long> counters() {
        JsonNode counters = call(HttpRequest.newBuilder(faults).GET()).path("counters");
        Map<String, Long> counts = new TreeMap<>();
        counters.properties().forEach(c -> counts.put(c.getKey(), c.getValue().asLong()));
        return counts;
    }

    /** One counter, 0 when nothing was counted yet. */
    public long counter(String name) {
        return counters().getOrDefault(name, 0L);
    }

    private JsonNode call(HttpRequest.Builder request) {
        try {
            HttpResponse<byte[]> response = client.send(request.timeout(TIMEOUT).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            JsonNode body = MAPPER.readTree(response.body());
            if (response.statusCode() != 200) {
                throw new IllegalArgumentException("fault proxy refused: " + body.path("message").asText());
            }
            return body;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot reach the fault proxy at " + faults, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while calling the fault proxy", e);
        }
    }
}
