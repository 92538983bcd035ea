package dev.trident.social;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trident.testing.DynamoDbCallRecorder;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.jboss.logging.Logger;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.ConsumedCapacity;

/**
 * What an Idempotency-Key costs a create: the calls it adds (one strongly consistent GetItem before the transaction,
 * one more Put in it) and, measured against DynamoDB Local, the median latency and the capacity units of sequential
 * post creates with and without a key (docs/performance.md quotes them).
 */
@QuarkusTest
class IdempotencyCostTest {

    private static final Logger LOG = Logger.getLogger(IdempotencyCostTest.class);
    private static final int CREATES = Integer.getInteger("idempotency.cost.creates", 500);

    record Cost(double p50Millis, double writeUnits, double readUnits) {
    }

    @Test
    void aKeyAddsOneConsistentGetItemAndOnePutToTheCreatesTransaction() {
        String userId = Api.createUser();
        measure(userId, false, 20);
        measure(userId, true, 20);
        Cost plain = measure(userId, false, CREATES);
        Cost keyed = measure(userId, true, CREATES);
        LOG.infof("POST /users/{userId}/posts, %d sequential creates each, DynamoDB Local:%n"
                + "  without key: p50 %.2f ms, %.1f WCU + %.1f RCU per create%n"
                + "  with key:    p50 %.2f ms, %.1f WCU + %.1f RCU per create", CREATES,
                plain.p50Millis(), plain.writeUnits(), plain.readUnits(),
                keyed.p50Millis(), keyed.writeUnits(), keyed.readUnits());
    }

    private Cost measure(String userId, boolean withKey, int creates) {
        List<Long> nanos = new ArrayList<>();
        double write = 0;
        double read = 0;
        for (int i = 0; i < creates; i++) {
            DynamoDbCallRecorder.reset();
            var request = Api.as(userId).contentType("application/json").body("{\"body\":\"cost " + i + "\"}");
            if (withKey) {
                request.header("Idempotency-Key", UUID.randomUUID().toString());
            }
            long start = System.nanoTime();
            Response response = request.post("/users/" + userId + "/posts");
            nanos.add(System.nanoTime() - start);
            assertEquals(201, response.statusCode(), response.asString());
            assertEquals(withKey ? List.of("GetItem", "TransactWriteItems") : List.of("TransactWriteItems"),
                    DynamoDbCallRecorder.operations());
            for (DynamoDbCallRecorder.Call call : DynamoDbCallRecorder.calls()) {
                for (ConsumedCapacity capacity : capacities(call.consumedCapacity())) {
                    boolean reads = call.operation().equals("GetItem");
                    double units = capacity.capacityUnits() == null ? 0 : capacity.capacityUnits();
                    if (reads) {
                        read += units;
                    } else {
                        write += units;
                    }
                }
            }
        }
        nanos.sort(Long::compare);
        return new Cost(nanos.get(nanos.size() / 2) / 1e6, write / creates, read / creates);
    }

    private static List<ConsumedCapacity> capacities(Object reported) {
        if (reported instanceof ConsumedCapacity one) {
            return List.of(one);
        }
        if (reported instanceof Collection<?> many) {
            return many.stream().filter(ConsumedCapacity.class::isInstance).map(ConsumedCapacity.class::cast).toList();
        }
        return List.of();
    }
}
