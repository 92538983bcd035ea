package dev.trident.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.TableDefinition;
import dev.trident.keys.TableSchema;
import dev.trident.local.DynamoDbLocal;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.awscore.retry.AwsRetryStrategy;
import software.amazon.awssdk.core.exception.SdkClientException;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryResponse;
import software.amazon.awssdk.services.dynamodb.model.Select;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;
import software.amazon.awssdk.services.dynamodb.model.ThrottlingException;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException;

/**
 * The proxy in front of a real DynamoDB Local, on a table of the services' shape, driven by the SDK's sync client
 * with no retries (so each fault reaches the test as the service's first attempt meets it). Each test writes in its
 * own partition and starts with no faults.
 */
class FaultProxyTest {

    private static final String TABLE = "trident-faults";
    private static final Duration LAG = Duration.ofMillis(1500);
    private static final String COLOR = "color";

    private static DynamoDbLocal local;
    private static FaultProxy proxy;
    private static FaultControl faults;
    private static DynamoDbClient viaProxy;
    private static DynamoDbClient direct;

    private String partition;

    @BeforeAll
    static void start() {
        local = DynamoDbLocal.start(0, null);
        proxy = FaultProxy.start(0, URI.create(local.endpoint()));
        faults = proxy.control();
        viaProxy = client(proxy.endpoint());
        direct = client(URI.create(local.endpoint()));
        direct.createTable(TableDefinition.of(TABLE).createTableRequest());
    }

    @AfterAll
    static void stop() {
        viaProxy.close();
        direct.close();
        proxy.close();
        local.close();
    }

    @BeforeEach
    void noFaults(TestInfo test) {
        faults.reset();
        partition = test.getTestMethod().orElseThrow().getName();
    }

    private static DynamoDbClient client(URI endpoint) {
        return DynamoDbClient.builder()
                .endpointOverride(endpoint)
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("faults", "faults")))
                .httpClientBuilder(ApacheHttpClient.builder())
                .overrideConfiguration(c -> c.retryStrategy(AwsRetryStrategy.doNotRetry()))
                .build();
    }

    // ---- pass-through ----

    @Test
    void withoutFaultsEveryCallPassesThroughUnchanged() {
        Map<String, AttributeValue> item = item("plain", "P", "s1", COLOR, "red");
        viaProxy.putItem(r -> r.tableName(TABLE).item(item));
        assertEquals(item, viaProxy.getItem(r -> r.tableName(TABLE).key(key("plain")).consistentRead(true)).item());

        QueryRequest query = onIndex("P").build();
        QueryResponse proxied = viaProxy.query(query);
        QueryResponse real = direct.query(query);
        assertEquals(real.items(), proxied.items());
        assertEquals(List.of(item), proxied.items());

        viaProxy.transactWriteItems(r -> r.transactItems(put(item("t1", "P", "s2")), put(item("t2", "P", "s3"))));
        assertTrue(direct.getItem(r -> r.tableName(TABLE).key(key("t1"))).hasItem());
        assertTrue(direct.getItem(r -> r.tableName(TABLE).key(key("t2"))).hasItem());
        assertEquals(TableStatus.ACTIVE, viaProxy.describeTable(r -> r.tableName(TABLE)).table().tableStatus());

        assertEquals(Map.of("calls", 5L), faults.counters(), "no fault injected, only calls counted");
    }

    // ---- index lag ----

    @Test
    void aNewItemIsAbsentFromAnIndexForTheLagThenPresent() {
        faults.indexLag(LAG);
        viaProxy.putItem(r -> r.tableName(TABLE).item(item("new", "P", "s1", COLOR, "red")));
        long written = System.nanoTime();

        assertEquals(List.of(), ids(indexItems("P")), "not in the index yet");
        assertTrue(viaProxy.getItem(r -> r.tableName(TABLE).key(key("new")).consistentRead(true)).hasItem(),
                "the table itself has it at once");

        awaitIndex("P", List.of("new"));
        long shownAfter = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - written);
        assertTrue(shownAfter >= LAG.toMillis() - 200, "shown after " + shownAfter + " ms, before the lag");
        assertTrue(faults.counter("laggedQueries") >= 1);
    }

    @Test
    void anUpdatedItemShowsItsOldIndexCopyForTheLagThenTheNew() {
        put(direct, item("recoloured", "P", "s1", COLOR, "red"));
        put(direct, item("moved", "P", "s2", COLOR, "red"));
        faults.indexLag(LAG);

        update("recoloured", "SET #sk = :sk, #c = :c", TableSchema.GSI1SK, "s3", "blue");
        update("moved", "SET #pk = :pk, #c = :c", TableSchema.GSI1PK, indexPartition("Q"), "green");

        List<Map<String, AttributeValue>> lagged = indexItems("P");
        assertEquals(List.of("recoloured", "moved"), ids(lagged), "both still where they were");
        assertEquals(List.of("s1", "s2"), strings(lagged, TableSchema.GSI1SK), "the old index keys");
        assertEquals(List.of("red", "red"), strings(lagged, COLOR), "the old attributes");
        assertEquals(List.of(), ids(indexItems("Q")), "not in its new index partition yet");
        assertEquals(List.of(), ids(indexItems("P", q -> sortEquals(q, "s3"))), "not under its new index key yet");
        assertEquals(List.of("recoloured"), ids(indexItems("P", q -> sortEquals(q, "s1"))));

        awaitIndex("P", List.of("recoloured"));
        assertEquals(List.of("blue"), strings(indexItems("P"), COLOR));
        assertEquals(List.of("s3"), strings(indexItems("P"), TableSchema.GSI1SK));
        assertEquals(List.of("green"), strings(indexItems("Q"), COLOR));
    }

    @Test
    void aDeletedItemLingersInAnIndexForTheLagThenDisappears() {
        put(direct, item("gone", "P", "s1", COLOR, "red"));
        faults.indexLag(LAG);

        viaProxy.deleteItem(r -> r.tableName(TABLE).key(key("gone")));
        assertFalse(viaProxy.getItem(r -> r.tableName(TABLE).key(key("gone")).consistentRead(true)).hasItem());
        assertEquals(List.of("gone"), ids(indexItems("P")), "lingers in the index");

        awaitIndex("P", List.of());
    }

    @Test
    void limitAndLastEvaluatedKeyPageThroughEveryItemWithLagOn() {
        for (String n : List.of("1", "2", "3", "5", "6", "7")) {
            put(direct, item("a" + n, "P", "s" + n));
        }
        faults.indexLag(LAG);
        viaProxy.putItem(r -> r.tableName(TABLE).item(item("a4", "P", "s4")));
        viaProxy.deleteItem(r -> r.tableName(TABLE).key(key("a5")));
        update("a2", "SET #sk = :sk, #c = :c", TableSchema.GSI1SK, "s8", "blue");

        List<String> before = List.of("a1", "a2", "a3", "a5", "a6", "a7");
        assertEquals(List.of("a1", "a3", "a4", "a6", "a7", "a2"), ids(direct.query(onIndex("P").build()).items()),
                "DynamoDB Local itself shows every write at once");
        assertEquals(before, pagedIds("P", 2, true), "pages of 2, forward, as the index was");
        List<String> backward = new ArrayList<>(before);
        Collections.reverse(backward);
        assertEquals(backward, pagedIds("P", 2, false), "pages of 2, backward, as the index was");
        assertEquals(before, pagedIds("P", 1, true), "pages of 1");

        List<String> after = List.of("a1", "a3", "a4", "a6", "a7", "a2");
        awaitIndex("P", after);
        assertEquals(after, pagedIds("P", 2, true), "pages of 2 once the index caught up");
    }

    @Test
    void aLaggedIndexQueryAppliesItsFilterProjectionAndCountToTheOldCopies() {
        put(direct, item("f1", "P", "s1", COLOR, "red"));
        put(direct, item("f2", "P", "s2", COLOR, "red"));
        faults.indexLag(LAG);
        update("f1", "SET #c = :c", null, null, "blue");

        assertEquals(List.of("f1", "f2"), ids(indexItems("P", q -> colorFilter(q, "#c = :colour", "red"))));
        assertEquals(List.of(), ids(indexItems("P", q -> colorFilter(q, "#c = :colour", "blue"))));
        assertEquals(List.of(Map.of(COLOR, AttributeValue.fromS("red")), Map.of(COLOR, AttributeValue.fromS("red"))),
                indexItems("P", q -> q.projectionExpression("#c").expressionAttributeNames(
                        Map.of("#pk", TableSchema.GSI1PK, "#c", COLOR))));
        QueryResponse counted = viaProxy.query(onIndex("P").select(Select.COUNT).filterExpression("#c = :colour")
                .expressionAttributeNames(Map.of("#pk", TableSchema.GSI1PK, "#c", COLOR))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(indexPartition("P")),
                        ":colour", AttributeValue.fromS("red"))).build());
        assertEquals(2, counted.count());
        assertFalse(counted.hasItems());

        // size() is beyond the proxy: that query is answered as DynamoDB Local answers it, and counted.
        List<Map<String, AttributeValue>> unlagged = indexItems("P", q -> q.filterExpression("size(#c) > :n")
                .expressionAttributeNames(Map.of("#pk", TableSchema.GSI1PK, "#c", COLOR))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(indexPartition("P")),
                        ":n", AttributeValue.fromN("3"))));
        assertEquals(List.of("blue"), strings(unlagged, COLOR));
        assertEquals(1, faults.counter("lagUnsupportedQueries"));
    }

    // ---- throttling ----

    @Test
    void throttleNextThrottlesExactlyThatManyCallsAndWritesNothing() {
        faults.throttleNext("PutItem", 2);

        for (String id : List.of("first", "second")) {
            ThrottlingException e = assertThrows(ThrottlingException.class,
                    () -> viaProxy.putItem(r -> r.tableName(TABLE).item(item(id, "P", "s1"))));
            assertEquals("ThrottlingException", e.awsErrorDetails().errorCode());
            assertTrue(e.isThrottlingException(), "the SDK's retry policy sees a throttle");
        }
        viaProxy.putItem(r -> r.tableName(TABLE).item(item("third", "P", "s3")));

        assertFalse(direct.getItem(r -> r.tableName(TABLE).key(key("first"))).hasItem());
        assertFalse(direct.getItem(r -> r.tableName(TABLE).key(key("second"))).hasItem());
        assertTrue(direct.getItem(r -> r.tableName(TABLE).key(key("third"))).hasItem());
        assertEquals(2, faults.counter("throttled"));
        assertEquals(2, faults.counter("throttled.PutItem"));
    }

    @Test
    void aThrottledTransactionIsCancelledWithAThrottlingErrorReason() {
        put(direct, item("checked", "P", "s1"));
        put(direct, item("deleted", "P", "s2"));
        faults.throttleNext("TransactWriteItems", 1);
        List<TransactWriteItem> actions = List.of(
                TransactWriteItem.builder().conditionCheck(c -> c.tableName(TABLE).key(key("checked"))
                        .conditionExpression("attribute_exists(PK)")).build(),
                put(item("written", "P", "s3")),
                TransactWriteItem.builder().delete(d -> d.tableName(TABLE).key(key("deleted"))).build());

        TransactionCanceledException e = assertThrows(TransactionCanceledException.class,
                () -> viaProxy.transactWriteItems(r -> r.transactItems(actions)));
        assertEquals(List.of("None", "ThrottlingError", "None"),
                e.cancellationReasons().stream().map(CancellationReason::code).toList());
        assertTrue(e.getMessage().contains("[None, ThrottlingError, None]"), e.getMessage());
        assertFalse(direct.getItem(r -> r.tableName(TABLE).key(key("written"))).hasItem());
        assertTrue(direct.getItem(r -> r.tableName(TABLE).key(key("deleted"))).hasItem());

        viaProxy.transactWriteItems(r -> r.transactItems(actions));
        assertTrue(direct.getItem(r -> r.tableName(TABLE).key(key("written"))).hasItem());
        assertEquals(1, faults.counter("throttled.TransactWriteItems"));
    }

    @Test
    void throttleRateThrottlesASeededShareOfTheChosenOperations() {
        put(direct, item("read", "P", "s1"));
        faults.seed(7).throttleOperations("GetItem").throttleRate(0.5);
        List<Boolean> first = throttledGets(20);
        viaProxy.putItem(r -> r.tableName(TABLE).item(item("written", "P", "s2")));

        faults.reset().seed(7).throttleOperations("GetItem").throttleRate(0.5);
        List<Boolean> second = throttledGets(20);

        assertEquals(first, second, "the same seed throttles the same calls");
        long throttled = first.stream().filter(t -> t).count();
        assertTrue(throttled >= 3 && throttled <= 17, throttled + " of 20 throttled at 0.5");
        assertEquals(throttled, faults.counter("throttled.GetItem"));
        assertEquals(0, faults.counter("throttled.PutItem"));
    }

    private List<Boolean> throttledGets(int calls) {
        List<Boolean> throttled = new ArrayList<>();
        for (int i = 0; i < calls; i++) {
            try {
                viaProxy.getItem(r -> r.tableName(TABLE).key(key("read")));
                throttled.add(false);
            } catch (ThrottlingException e) {
                throttled.add(true);
            }
        }
        return throttled;
    }

    // ---- table status, transaction in progress, lost answers ----

    @Test
    void tableStatusUpdatingIsWhatDescribeTableSaysWhileWritesWork() {
        faults.tableStatus("UPDATING");

        TableDescription described = viaProxy.describeTable(r -> r.tableName(TABLE)).table();
        assertEquals(TableStatus.UPDATING, described.tableStatus());
        assertTrue(described.globalSecondaryIndexes().stream().allMatch(i -> i.indexStatus() == IndexStatus.ACTIVE));
        viaProxy.putItem(r -> r.tableName(TABLE).item(item("during", "P", "s1")));
        assertTrue(viaProxy.getItem(r -> r.tableName(TABLE).key(key("during"))).hasItem());
        assertEquals(TableStatus.ACTIVE, direct.describeTable(r -> r.tableName(TABLE)).table().tableStatus());

        faults.tableStatus(null);
        assertEquals(TableStatus.ACTIVE, viaProxy.describeTable(r -> r.tableName(TABLE)).table().tableStatus());
        assertEquals(1, faults.counter("describeRewritten"));
    }

    @Test
    void transactionInProgressNextAnswersTheErrorAfterTheTransactionCommitted() {
        faults.transactionInProgressNext(1);

        assertThrows(TransactionInProgressException.class,
                () -> viaProxy.transactWriteItems(r -> r.transactItems(put(item("committed", "P", "s1")))));
        assertTrue(direct.getItem(r -> r.tableName(TABLE).key(key("committed"))).hasItem(), "the transaction is done");

        viaProxy.transactWriteItems(r -> r.transactItems(put(item("next", "P", "s2"))));
        assertEquals(1, faults.counter("transactionInProgress"));
    }

    @Test
    void aLostAnswerFailsTheClientWhileTheWriteCommits() {
        faults.loseAnswerNext("PutItem", 1);
        assertThrows(SdkClientException.class,
                () -> viaProxy.putItem(r -> r.tableName(TABLE).item(item("unanswered", "P", "s1"))));
        assertTrue(direct.getItem(r -> r.tableName(TABLE).key(key("unanswered"))).hasItem(), "the put is done");

        faults.lostAnswerMode("500").loseAnswerNext("UpdateItem", 1);
        DynamoDbException e = assertThrows(DynamoDbException.class,
                () -> update("unanswered", "SET #c = :c", null, null, "blue"));
        assertEquals(500, e.statusCode());
        assertEquals("blue", direct.getItem(r -> r.tableName(TABLE).key(key("unanswered"))).item().get(COLOR).s(),
                "the update is done");

        viaProxy.putItem(r -> r.tableName(TABLE).item(item("answered", "P", "s2")));
        assertEquals(2, faults.counter("lostAnswers"));
    }

    // ---- control API and command line ----

    @Test
    void theControlApiCountsEachFault() {
        put(direct, item("counted", "P", "s1"));
        faults.indexLag(LAG).throttleNext("GetItem", 1).tableStatus("UPDATING").transactionInProgressNext(1)
                .loseAnswerNext("DeleteItem", 1);

        assertThrows(ThrottlingException.class, () -> viaProxy.getItem(r -> r.tableName(TABLE).key(key("counted"))));
        viaProxy.describeTable(r -> r.tableName(TABLE));
        assertThrows(TransactionInProgressException.class,
                () -> viaProxy.transactWriteItems(r -> r.transactItems(put(item("new", "P", "s2")))));
        indexItems("P");
        assertThrows(SdkClientException.class, () -> viaProxy.deleteItem(r -> r.tableName(TABLE).key(key("new"))));

        Map<String, Long> counters = faults.counters();
        Map<String, Long> expected = new LinkedHashMap<>();
        expected.put("calls", 5L);
        expected.put("throttled", 1L);
        expected.put("throttled.GetItem", 1L);
        expected.put("describeRewritten", 1L);
        expected.put("transactionInProgress", 1L);
        expected.put("laggedQueries", 1L);
        expected.put("lostAnswers", 1L);
        assertEquals(new HashMap<>(expected), new HashMap<>(counters));
        assertEquals(Map.of(), faults.settings().get("throttleNext"), "each next-N fault is used up");

        faults.reset();
        assertEquals(Map.of(), faults.counters());
        assertEquals(0, ((Number) faults.settings().get("indexLagMillis")).intValue());
        assertNull(faults.settings().get("tableStatus"));
    }

    @Test
    void theControlApiRefusesWhatItDoesNotKnow() {
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
                () -> faults.update(Map.of("indexLagMilis", 10)));
        assertTrue(unknown.getMessage().contains("indexLagMilis"), unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> faults.throttleRate(1.5));
        assertThrows(IllegalArgumentException.class, () -> faults.lostAnswerMode("drop"));
        assertThrows(IllegalArgumentException.class, () -> faults.update(Map.of("indexLagMillis", 5,
                "throttleRate", -1)));
        assertEquals(0, ((Number) faults.settings().get("indexLagMillis")).intValue(),
                "a refused update changes nothing");
    }

    @Test
    void theCommandLinePrintsWhereItListensAndServesFromThere() throws Exception {
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), FaultProxy.class.getName(),
                "--port", "0", "--target", local.endpoint(), "--index-lag-ms", "250", "--seed", "3")
                .redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line = out.readLine();
            String prefix = "fault proxy listening on ";
            assertTrue(line != null && line.startsWith(prefix), "first line: " + line);
            URI endpoint = URI.create(line.substring(prefix.length()));
            assertEquals("127.0.0.1", endpoint.getHost());
            assertNotEquals(-1, endpoint.getPort());

            FaultControl control = FaultControl.of(endpoint);
            assertEquals(250, ((Number) control.settings().get("indexLagMillis")).intValue());
            assertEquals(3, ((Number) control.settings().get("seed")).intValue());
            try (DynamoDbClient viaCli = client(endpoint)) {
                assertEquals(TableStatus.ACTIVE, viaCli.describeTable(r -> r.tableName(TABLE)).table().tableStatus());
            }
            assertEquals(1, control.counter("calls"));
        } finally {
            process.destroy();
            process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    // ---- helpers ----

    private String indexPartition(String name) {
        return partition + "#" + name;
    }

    private Map<String, AttributeValue> key(String id) {
        return Map.of(TableSchema.PK, AttributeValue.fromS(partition), TableSchema.SK, AttributeValue.fromS(id));
    }

    /** An item of the test's partition with GSI1 keys, and attributes given as name, value pairs. */
    private Map<String, AttributeValue> item(String id, String indexPartition, String indexSort, String... attributes) {
        Map<String, AttributeValue> item = new HashMap<>(key(id));
        item.put(TableSchema.GSI1PK, AttributeValue.fromS(indexPartition(indexPartition)));
        item.put(TableSchema.GSI1SK, AttributeValue.fromS(indexSort));
        for (int i = 0; i < attributes.length; i += 2) {
            item.put(attributes[i], AttributeValue.fromS(attributes[i + 1]));
        }
        return item;
    }

    private static TransactWriteItem put(Map<String, AttributeValue> item) {
        return TransactWriteItem.builder().put(p -> p.tableName(TABLE).item(item)).build();
    }

    private static void put(DynamoDbClient client, Map<String, AttributeValue> item) {
        client.putItem(r -> r.tableName(TABLE).item(item));
    }

    /** UpdateItem through the proxy: {@code #c} is the color; {@code #pk}/{@code #sk} the given index key, if any. */
    private void update(String id, String expression, String indexKey, String indexValue, String color) {
        Map<String, String> names = new HashMap<>(Map.of("#c", COLOR));
        Map<String, AttributeValue> values = new HashMap<>(Map.of(":c", AttributeValue.fromS(color)));
        if (indexKey != null) {
            String placeholder = indexKey.equals(TableSchema.GSI1PK) ? "pk" : "sk";
            names.put("#" + placeholder, indexKey);
            values.put(":" + placeholder, AttributeValue.fromS(indexValue));
        }
        viaProxy.updateItem(r -> r.tableName(TABLE).key(key(id)).updateExpression(expression)
                .expressionAttributeNames(names).expressionAttributeValues(values));
    }

    /** A Query of one GSI1 partition, as dynamo-support's KeyQuery spells it. */
    private QueryRequest.Builder onIndex(String indexPartition) {
        return QueryRequest.builder().tableName(TABLE).indexName(TableSchema.GSI1)
                .keyConditionExpression("#pk = :pk")
                .expressionAttributeNames(Map.of("#pk", TableSchema.GSI1PK))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(indexPartition(indexPartition))));
    }

    private void sortEquals(QueryRequest.Builder query, String sortKey) {
        query.keyConditionExpression("#pk = :pk AND #sk = :sk")
                .expressionAttributeNames(Map.of("#pk", TableSchema.GSI1PK, "#sk", TableSchema.GSI1SK))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(indexPartition("P")),
                        ":sk", AttributeValue.fromS(sortKey)));
    }

    private void colorFilter(QueryRequest.Builder query, String filter, String color) {
        query.filterExpression(filter)
                .expressionAttributeNames(Map.of("#pk", TableSchema.GSI1PK, "#c", COLOR))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(indexPartition("P")),
                        ":colour", AttributeValue.fromS(color)));
    }

    private List<Map<String, AttributeValue>> indexItems(String indexPartition) {
        return indexItems(indexPartition, q -> { });
    }

    private List<Map<String, AttributeValue>> indexItems(String indexPartition, Consumer<QueryRequest.Builder> more) {
        QueryRequest.Builder query = onIndex(indexPartition);
        more.accept(query);
        return viaProxy.query(query.build()).items();
    }

    /** Every item of an index partition, a page of {@code limit} at a time, following LastEvaluatedKey. */
    private List<String> pagedIds(String indexPartition, int limit, boolean forward) {
        List<String> ids = new ArrayList<>();
        Map<String, AttributeValue> start = null;
        for (int pages = 0; pages < 20; pages++) {
            QueryResponse page = viaProxy.query(onIndex(indexPartition).limit(limit).scanIndexForward(forward)
                    .exclusiveStartKey(start).build());
            assertTrue(page.count() <= limit, "a page holds at most Limit items");
            ids.addAll(ids(page.items()));
            if (!page.hasLastEvaluatedKey() || page.lastEvaluatedKey().isEmpty()) {
                return ids;
            }
            start = page.lastEvaluatedKey();
        }
        throw new AssertionError("no last page after 20: " + ids);
    }

    /** Waits until an index partition lists exactly {@code ids}, at most the lag and some. */
    private void awaitIndex(String indexPartition, List<String> expected) {
        long deadline = System.nanoTime() + LAG.plusSeconds(5).toNanos();
        List<String> seen;
        while (!(seen = ids(indexItems(indexPartition))).equals(expected)) {
            assertTrue(System.nanoTime() < deadline, "index shows " + seen + ", never " + expected);
            sleep(50);
        }
    }

    private static List<String> ids(List<Map<String, AttributeValue>> items) {
        return strings(items, TableSchema.SK);
    }

    private static List<String> strings(List<Map<String, AttributeValue>> items, String attribute) {
        return items.stream().map(i -> i.get(attribute).s()).toList();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
