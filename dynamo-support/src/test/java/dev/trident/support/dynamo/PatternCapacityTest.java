package dev.trident.support.dynamo;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.faults.FaultControl;
import dev.trident.testing.FaultyDynamoDbResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Every call names its access pattern to what stands between the service and DynamoDB (the fault proxy's ledger
 * counts the units per pattern and partition by it), and asks for ConsumedCapacity INDEXES, so the metrics split the
 * units between the table and each index.
 */
@QuarkusTest
@QuarkusTestResource(FaultyDynamoDbResource.class)
class PatternCapacityTest {

    @AfterEach
    void noLedger() {
        FaultyDynamoDbResource.faults().reset();
    }

    @Test
    void theProxysLedgerSeesTheCallsPatternOnTheTableAndTheIndexPartitionItWrote() {
        FaultControl faults = FaultyDynamoDbResource.faults().reset().ledger(true);
        String id = UUID.randomUUID().toString();

        given().post("/capacity-probe/" + id).then().statusCode(200);

        Map<String, Double> units = new TreeMap<>();
        for (FaultControl.LedgerEntry e : faults.ledgerEntries()) {
            if (e.pattern().equals(CapacityProbeResource.PATTERN.name())) {
                units.merge(e.index() + " " + e.partition(), e.writeUnits(), Double::sum);
            }
        }
        assertEquals(Map.of("table PROBE#capacity-" + id, 1.0, "GSI1 PROBE#capacity-index-" + id, 1.0), units);
    }

    @Test
    void theMetricsSplitConsumedCapacityBetweenTheTableAndTheIndex() {
        given().post("/capacity-probe/" + UUID.randomUUID()).then().statusCode(200);

        String metrics = given().get("/q/metrics").then().statusCode(200).extract().asString();
        assertTrue(targetUnits(metrics, "table") > 0, "units spent on the table are counted apart");
        assertTrue(targetUnits(metrics, "GSI1") > 0, "units spent on GSI1 are counted apart");
    }

    private static double targetUnits(String metrics, String target) {
        Matcher m = Pattern.compile("trident_dynamodb_consumed_capacity_target_units_total\\{([^}]*)\\} (\\S+)")
                .matcher(metrics);
        double sum = 0;
        while (m.find()) {
            if (m.group(1).contains("pattern=\"capacity-probe-put\"") && m.group(1).contains("target=\"" + target + "\"")) {
                sum += Double.parseDouble(m.group(2));
            }
        }
        return sum;
    }
}
