package dev.trident.testing;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchWriteItemResponse;
import software.amazon.awssdk.services.dynamodb.model.PutRequest;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanResponse;

/**
 * The test table on a client of the test's own (never a service's): read whole by a Scan (the services never Scan,
 * and their recorder refuses one), for proofs about what the table holds, e.g. that an erased account left nothing;
 * and filled by BatchWriteItem where a test needs thousands of items faster than through the routes.
 */
public final class TestTable {

    private TestTable() {
    }

    private static DynamoDbAsyncClient client() {
        return DynamoDbAsyncClient.builder()
                .endpointOverride(URI.create(DynamoDbLocalResource.endpoint()))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .build();
    }

    /** Puts {@code items}, 25 a request, unprocessed ones sent again. */
    public static void putAll(String table, List<Map<String, AttributeValue>> items) {
        try (DynamoDbAsyncClient client = client()) {
            for (int from = 0; from < items.size(); from += 25) {
                List<WriteRequest> writes = items.subList(from, Math.min(items.size(), from + 25)).stream()
                        .map(item -> WriteRequest.builder().putRequest(PutRequest.builder().item(item).build()).build())
                        .toList();
                while (!writes.isEmpty()) {
                    List<WriteRequest> batch = writes;
                    BatchWriteItemResponse response = client.batchWriteItem(r -> r.requestItems(Map.of(table, batch)))
                            .join();
                    writes = response.hasUnprocessedItems()
                            ? response.unprocessedItems().getOrDefault(table, List.of()) : List.of();
                }
            }
        }
    }

    /** Every item of {@code table} on the test's DynamoDB Local. */
    public static List<Map<String, AttributeValue>> all(String table) {
        try (DynamoDbAsyncClient client = client()) {
            List<Map<String, AttributeValue>> items = new ArrayList<>();
            Map<String, AttributeValue> start = null;
            do {
                Map<String, AttributeValue> from = start;
                ScanResponse page = client.scan(r -> r.tableName(table).exclusiveStartKey(from)).join();
                items.addAll(page.items());
                start = page.hasLastEvaluatedKey() && !page.lastEvaluatedKey().isEmpty() ? page.lastEvaluatedKey() : null;
            } while (start != null);
            return items;
        }
    }

    /** The items in which any string (key, attribute, list or map element) contains one of {@code needles}. */
    public static List<Map<String, AttributeValue>> holding(String table, String... needles) {
        return all(table).stream().filter(item -> item.values().stream().anyMatch(v -> holds(v, needles))).toList();
    }

    private static boolean holds(AttributeValue value, String[] needles) {
        if (value.s() != null) {
            for (String needle : needles) {
                if (value.s().contains(needle)) {
                    return true;
                }
            }
        }
        if (value.hasL()) {
            return value.l().stream().anyMatch(v -> holds(v, needles));
        }
        if (value.hasM()) {
            return value.m().values().stream().anyMatch(v -> holds(v, needles));
        }
        return value.hasSs() && value.ss().stream().anyMatch(s -> holds(AttributeValue.fromS(s), needles));
    }
}
