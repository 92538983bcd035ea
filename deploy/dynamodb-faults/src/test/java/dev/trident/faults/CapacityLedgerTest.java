package dev.trident.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trident.keys.TableDefinition;
import dev.trident.keys.TableSchema;
import dev.trident.local.DynamoDbLocal;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ReturnConsumedCapacity;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The proxy's capacity ledger against a real DynamoDB Local, on a table of the services' shape (two GSIs projecting
 * ALL): each billing rule by a write or read whose units are known by hand. Each test writes in its own partitions,
 * with the ledger on and empty, under its own pattern name.
 */
class CapacityLedgerTest {

    private static final String TABLE = "trident-ledger";
    private static final String PATTERN = "ledger-test";
    /** A value that makes an item larger than 1 KB and smaller than 2 KB. */
    private static final String KILOBYTE_AND_A_HALF = "x".repeat(1500);

    private static DynamoDbLocal local;
    private static FaultProxy proxy;
    private static FaultControl faults;
    private static DynamoDbClient viaProxy;

    private String partition;

    @BeforeAll
    static void start() {
        local = DynamoDbLocal.start(0, null);
        proxy = FaultProxy.start(0, URI.create(local.endpoint()));
        faults = proxy.control();
        viaProxy = DynamoDbClient.builder()
                .endpointOverride(proxy.endpoint())
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("ledger", "ledger")))
                .httpClientBuilder(ApacheHttpClient.builder())
                .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry())
                        .putHeader(CapacityLedger.PATTERN_HEADER, PATTERN))
                .build();
        viaProxy.createTable(TableDefinition.of(TABLE).createTableRequest());
    }

    @AfterAll
    static void stop() {
        viaProxy.close();
        proxy.close();
        local.close();
    }

    @BeforeEach
    void ledgerOnAndEmpty(TestInfo test) {
        faults.reset().ledger(true);
        partition = test.getTestMethod().orElseThrow().getName();
    }

    // ---- writes on the table ----

    @Test
    void aSmallPutCostsOneUnitOnItsPartitionAndOneOnEachIndexThatHoldsIt() {
        viaProxy.putItem(r -> r.tableName(TABLE).item(item("a", "G1-" + partition, null, "small")));

        assertEquals(Map.of("table|" + partition, 1.0, "GSI1|G1-" + partition, 1.0), writeUnits());
    }

    @Test
    void anItemOverOneKilobyteCostsTwoUnitsOnTheTableAndOnTheIndex() {
        viaProxy.putItem(r -> r.tableName(TABLE).item(item("a", "G1-" + partition, null, KILOBYTE_AND_A_HALF)));

        assertEquals(Map.of("table|" + partition, 2.0, "GSI1|G1-" + partition, 2.0), writeUnits());
    }

    @Test
    void anUpdateCostsTheLargerOfItsImagesBeforeAndAfter() {
        viaProxy.putItem(r -> r.tableName(TABLE).item(item("a", null, null, KILOBYTE_AND_A_HALF)));
        faults.resetLedger();

        viaProxy.updateItem(r -> r.tableName(TABLE).key(key("a")).updateExpression("SET body = :b")
                .expressionAttributeValues(Map.of(":b", AttributeValue.fromS("now small"))));

        assertEquals(Map.of("table|" + partition, 2.0), writeUnits());
    }

    @Test
    void writesInATransactionCostTwiceOnTheTableAndOnceOnTheIndex() {
        viaProxy.transactWriteItems(r -> r.transactItems(
                put(item("a", "G1-" + partition, null, "one")),
                put(item("b", null, "G2-" + partition, "two"))));

        assertEquals(Map.of("table|" + partition, 4.0, "GSI1|G1-" + partition, 1.0, "GSI2|G2-" + partition, 1.0),
                writeUnits());
    }

    @Test
    void aConditionCheckInATransactionCostsTransactionalReadUnitsNotWriteUnits() {
        viaProxy.putItem(r -> r.tableName(TABLE).item(item("checked", null, null, "x")));
        faults.resetLedger();

        viaProxy.transactWriteItems(r -> r.transactItems(
                put(item("a", null, null, "one")),
                TransactWriteItem.builder().conditionCheck(c -> c.tableName(TABLE).key(key("checked"))
                        .conditionExpression("attribute_exists(PK)")).build()));

        assertEquals(Map.of("table|" + partition, 2.0), writeUnits());
        assertEquals(Map.of("table|" + partition, 2.0), readUnits());
    }

    @Test
    void aWriteRefusedByItsConditionCostsOneUnitOnTheTableAndNothingOnTheIndexes() {
        viaProxy.putItem(r -> r.tableName(TABLE).item(item("a", "G1-" + partition, null, KILOBYTE_AND_A_HALF)));
        faults.resetLedger();

        assertThrows(ConditionalCheckFailedException.class, () -> viaProxy.putItem(r -> r.tableName(TABLE)
                .item(item("a", "G1-" + partition, null, "again")).conditionExpression("attribute_not_exists(PK)")));

        assertEquals(Map.of("table|" + partition, 1.0), writeUnits());
    }

    @Test
    void aCancelledTransactionCostsTwoUnitsPerItemItWouldHaveWritten() {
        viaProxy.putItem(r -> r.tableName(TABLE).item(item("a", null, null, "there")));
        faults.resetLedger();

        assertThrows(TransactionCanceledException.class, () -> viaProxy.transactWriteItems(r -> r.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(TABLE).item(item("a", null, null, "x"))
                        .conditionExpression("attribute_not_exists(PK)")).build(),
                put(item("b", "G1-" + partition, null, "y")))));

        assertEquals(Map.of("table|" + partition, 4.0), writeUnits());
    }

    @Test
    void aBatchWriteCostsEachItemItsOwnUnits() {
        viaProxy.batchWriteItem(r -> r.requestItems(Map.of(TABLE, List.of(
                WriteRequest.builder().putRequest(p -> p.item(item("a", null, null, "small"))).build(),
                WriteRequest.builder().putRequest(p -> p.item(item("b", null, null, KILOBYTE_AND_A_HALF))).build()))));

        assertEquals(Map.of("table|" + partition, 3.0), writeUnits());
    }

    // ---- index copies ----

    @Test
    void anIndexKeyChangeIsADeleteOnTheOldPartitionAndAPutOnTheNew() {
        viaProxy.putItem(r -> r.tableName(TABLE).item(item("a", "G1-old-" + partition, null, "x")));
        faults.resetLedger();

        viaProxy.updateItem(r -> r.tableName(TABLE).key(key("a")).updateExpression("SET GSI1PK = :p")
                .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("G1-new-" + partition))));

        assertEquals(Map.of("table|" + partition, 1.0, "GSI1|G1-old-" + partition, 1.0,
                "GSI1|G1-new-" + partition, 1.0), writeUnits());
    }

    @Test
    void anItemLeavingAnIndexIsOneDeleteThereAndAnUpdateOutsideAnyIndexWritesNone() {
        viaProxy.putItem(r -> r.tableName(TABLE).item(item("a", "G1-" + partition, null, "x")));
        viaProxy.putItem(r -> r.tableName(TABLE).item(item("b", null, null, "x")));
        faults.resetLedger();

        viaProxy.updateItem(r -> r.tableName(TABLE).key(key("a")).updateExpression("REMOVE GSI1PK"));
        viaProxy.updateItem(r -> r.tableName(TABLE).key(key("b")).updateExpression("SET body = :b")
                .expressionAttributeValues(Map.of(":b", AttributeValue.fromS("changed"))));

        assertEquals(Map.of("table|" + partition, 2.0, "GSI1|G1-" + partition, 1.0), writeUnits());
    }

    @Test
    void aDeleteCostsTheDeletedItemsSizeOnTheTableAndOnItsIndex() {
        viaProxy.putItem(r -> r.tableName(TABLE).item(item("a", null, "G2-" + partition, KILOBYTE_AND_A_HALF)));
        faults.resetLedger();

        viaProxy.deleteItem(r -> r.tableName(TABLE).key(key("a")));

        assertEquals(Map.of("table|" + partition, 2.0, "GSI2|G2-" + partition, 2.0), writeUnits());
    }

    // ---- reads ----

    @Test
    void aQueryCostsItsItemsAddedUpInFourKilobyteUnitsHalvedWhenEventual() {
        for (int i = 0; i < 3; i++) {
            String id = "q" + i;
            viaProxy.putItem(r -> r.tableName(TABLE).item(item(id, "G1-" + partition, null, KILOBYTE_AND_A_HALF)));
        }
        faults.resetLedger();

        viaProxy.query(r -> r.tableName(TABLE).indexName(TableSchema.GSI1).keyConditionExpression("#p = :p")
                .expressionAttributeNames(Map.of("#p", TableSchema.GSI1PK))
                .expressionAttributeValues(Map.of(":p", AttributeValue.fromS("G1-" + partition))));
        viaProxy.query(r -> r.tableName(TABLE).keyConditionExpression("PK = :p").consistentRead(true)
                .expressionAttributeValues(Map.of(":p", AttributeValue.fromS(partition))));

        // Three items of about 1.5 KB: 4.5 KB, two read units; eventual on the index, strong on the table.
        assertEquals(Map.of("GSI1|G1-" + partition, 1.0, "table|" + partition, 2.0), readUnits());
    }

    @Test
    void aGetItemCostsOneReadUnitPerFourKilobytesHalvedWhenEventual() {
        viaProxy.putItem(r -> r.tableName(TABLE).item(item("a", null, null, "x")));
        faults.resetLedger();

        viaProxy.getItem(r -> r.tableName(TABLE).key(key("a")));
        viaProxy.getItem(r -> r.tableName(TABLE).key(key("a")).consistentRead(true));

        assertEquals(Map.of("table|" + partition, 1.5), readUnits());
    }

    // ---- attribution and what DynamoDB Local says ----

    @Test
    void unitsAreEnteredUnderThePatternTheCallerNamesAndDynamoDbLocalsOwnFiguresBeside() {
        viaProxy.putItem(r -> r.tableName(TABLE).item(item("a", "G1-" + partition, null, "x"))
                .returnConsumedCapacity(ReturnConsumedCapacity.INDEXES));

        JsonNode report = faults.ledgerReport();
        assertEquals(1, report.path("calls").path(PATTERN).path("PutItem").asLong());
        assertTrue(report.path("reported").path(PATTERN).path("table").asDouble() > 0,
                "DynamoDB Local's table units are kept: " + report.path("reported"));
        assertTrue(faults.ledgerEntries().stream().allMatch(e -> e.pattern().equals(PATTERN)));
        assertEquals(2.0, report.path("writeUnits").asDouble());
    }

    @Test
    void nothingIsCountedWhileTheLedgerIsOff() {
        faults.ledger(false);
        viaProxy.putItem(r -> r.tableName(TABLE).item(item("a", "G1-" + partition, null, "x")));

        assertEquals(Map.of(), writeUnits());
    }

    @Test
    void sizesFollowDynamoDbsRulesForNamesNumbersAndContainers() throws Exception {
        ObjectMapper json = new ObjectMapper();
        // "s" 1 + "abc" 3; "n" 1 + 12345 (5 digits: 3 + 1); "m" 1 + 3 + ("k" 1 + true 1 + 1); "l" 1 + 3 + 2 * (1 + 1)
        JsonNode item = json.readTree("{\"s\":{\"S\":\"abc\"},\"n\":{\"N\":\"12345\"},"
                + "\"m\":{\"M\":{\"k\":{\"BOOL\":true}}},\"l\":{\"L\":[{\"NULL\":true},{\"BOOL\":false}]}}");
        assertEquals(4 + 5 + 7 + 8, CapacityLedger.size(item));
        assertEquals(1.0, CapacityLedger.writeUnits(1024));
        assertEquals(2.0, CapacityLedger.writeUnits(1025));
    }

    // ---- helpers ----

    /** Write units by "index|partition" of this test's pattern. */
    private static Map<String, Double> writeUnits() {
        return byPartition(true);
    }

    private static Map<String, Double> readUnits() {
        return byPartition(false);
    }

    private static Map<String, Double> byPartition(boolean writes) {
        Map<String, Double> units = new TreeMap<>();
        for (FaultControl.LedgerEntry e : faults.ledgerEntries()) {
            double value = writes ? e.writeUnits() : e.readUnits();
            if (value > 0) {
                units.merge(e.index() + "|" + e.partition(), value, Double::sum);
            }
        }
        return units;
    }

    private Map<String, AttributeValue> key(String id) {
        return Map.of(TableSchema.PK, AttributeValue.fromS(partition), TableSchema.SK, AttributeValue.fromS(id));
    }

    /** An item of the test's partition, in GSI1 and/or GSI2 when given their partitions, with a body. */
    private Map<String, AttributeValue> item(String id, String gsi1, String gsi2, String body) {
        Map<String, AttributeValue> item = new HashMap<>(key(id));
        if (gsi1 != null) {
            item.put(TableSchema.GSI1PK, AttributeValue.fromS(gsi1));
            item.put(TableSchema.GSI1SK, AttributeValue.fromS(id));
        }
        if (gsi2 != null) {
            item.put(TableSchema.GSI2PK, AttributeValue.fromS(gsi2));
            item.put(TableSchema.GSI2SK, AttributeValue.fromS(id));
        }
        item.put("body", AttributeValue.fromS(body));
        return item;
    }

    private static TransactWriteItem put(Map<String, AttributeValue> item) {
        return TransactWriteItem.builder().put(p -> p.tableName(TABLE).item(item)).build();
    }
}
