package dev.trident.migrations;

import dev.trident.keys.TableDefinition;
import dev.trident.keys.TableSchema;
import dev.trident.local.DynamoDbLocal;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What every backfill test stands on: one DynamoDB Local for the class, a fresh table of the production definition
 * for each test (so no test sees another's items), and a directory for a backfill's state file. The client signs as
 * the maintenance tools' own local credentials: an in-memory DynamoDB Local keeps one database per access key and
 * region, and the audit, which builds its own client, must read the tables written here.
 */
abstract class LocalTableTest {

    static DynamoDbLocal server;
    static DynamoDbClient dynamo;

    @TempDir
    Path dir;
    String table;

    @BeforeAll
    static void startDynamoDbLocal() {
        server = DynamoDbLocal.start(0, null);
        dynamo = DynamoDbClient.builder().endpointOverride(URI.create(server.endpoint())).region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .build();
    }

    @AfterAll
    static void stopDynamoDbLocal() {
        dynamo.close();
        server.close();
    }

    @BeforeEach
    void freshTable() {
        table = "backfill-" + UUID.randomUUID();
        dynamo.createTable(TableDefinition.of(table).createTableRequest());
    }

    static AttributeValue s(String value) {
        return AttributeValue.fromS(value);
    }

    static AttributeValue n(long value) {
        return AttributeValue.fromN(Long.toString(value));
    }

    /** Every item of the table, in key order (a test may scan to prove what the table holds). */
    List<Map<String, AttributeValue>> everything() {
        List<Map<String, AttributeValue>> items = new ArrayList<>(
                dynamo.scanPaginator(r -> r.tableName(table).consistentRead(true)).items().stream().toList());
        items.sort(Comparator.comparing((Map<String, AttributeValue> i) -> i.get(TableSchema.PK).s())
                .thenComparing(i -> i.get(TableSchema.SK).s()));
        return items;
    }
}
