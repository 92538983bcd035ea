package dev.trident.support.work;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.TableDefinition;
import dev.trident.keys.WorkKeys;
import dev.trident.testing.DynamoDbLocalResource;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * A task that keeps failing is parked after {@code trident.work.max-attempts} claims: never claimed again, shown in
 * {@code trident_work_parked}, and read past, so the tasks behind it in key order are done.
 */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
@TestProfile(ParkedWorkTest.ThreeAttempts.class)
class ParkedWorkTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String SERVICE = "parking-probe";
    private static final String KIND = "probe";

    public static class ThreeAttempts implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            // Polls only when the test asks; two tasks a page of a shard.
            return Map.of("trident.work.enabled", "false", "trident.work.max-attempts", "3",
                    "trident.work.tasks-per-poll", "2", "trident.work.release-pause", "PT0S");
        }

        @Override
        public Set<Class<?>> getEnabledAlternatives() {
            return Set.of(ProbeHandler.class);
        }
    }

    /** Fails every task whose id starts with "failing", does the others; notes every id it is given. */
    @Alternative
    @Singleton
    public static class ProbeHandler implements WorkHandler {
        static final List<String> PERFORMED = new CopyOnWriteArrayList<>();

        @Override
        public String service() {
            return SERVICE;
        }

        @Override
        public String kind() {
            return KIND;
        }

        @Override
        public Uni<Void> perform(WorkTask task, Lease lease) {
            PERFORMED.add(task.id());
            return task.id().startsWith("failing") ? Uni.createFrom().failure(new IllegalStateException("probe"))
                    : Uni.createFrom().voidItem();
        }
    }

    @Inject
    WorkRunner runner;
    @Inject
    PendingWork work;
    @Inject
    DynamoDbAsyncClient dynamo;
    @Inject
    TableDefinition table;
    @Inject
    MeterRegistry registry;

    private Map<String, AttributeValue> stored(String id) {
        return dynamo.getItem(r -> r.tableName(table.tableName())
                .key(WorkKeys.task(SERVICE, KIND, id).toAttributes()).consistentRead(true)).join().item();
    }

    private void enqueue(String id, long attempts) {
        work.enqueueNow(new WorkTask(SERVICE, KIND, id, Instant.now().toString(), null, 0L, attempts))
                .await().atMost(WAIT);
    }

    private void poll() {
        runner.pollPartition(SERVICE).await().atMost(WAIT);
    }

    private double meter(String name, String tag, String value) {
        var found = registry.find(name).tag("kind", KIND).tag(tag, value);
        return name.endsWith("parked") ? found.gauge().value() : found.counter().count();
    }

    @Test
    void aFailingTaskIsParkedAfterTheMaximumAttemptsAndTheTasksBehindItAreDone() {
        // Three tasks that always fail; each poll claims every one that is neither parked nor leased.
        for (String id : List.of("failing-a", "failing-b", "failing-c")) {
            enqueue(id, 0);
        }
        // Three polls park them (release-pause 0: each is free again at once); three more find nothing to claim.
        for (int poll = 1; poll <= 6; poll++) {
            poll();
        }
        for (String id : List.of("failing-a", "failing-b", "failing-c")) {
            assertEquals("3", stored(id).get("attempts").n(), id + " was claimed three times");
        }
        assertEquals(3, meter("trident.work.tasks", "outcome", "parked"), "each counted once as parked");
        ProbeHandler.PERFORMED.clear();

        enqueue("ok-behind", 0);
        poll();
        poll();
        assertEquals(List.of("ok-behind"), ProbeHandler.PERFORMED, "parked tasks are never claimed again");
        assertTrue(stored("ok-behind").isEmpty(), "the task behind the parked ones is done and deleted");
        for (String id : List.of("failing-a", "failing-b", "failing-c")) {
            assertEquals("3", stored(id).get("attempts").n(), id + " stays parked, for an operator");
        }
        assertEquals(3, meter("trident.work.parked", "service", SERVICE));
        assertFalse(stored("failing-a").isEmpty());
    }
}
