package dev.trident.keys;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndex;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TimeToLiveSpecification;
import software.amazon.awssdk.services.dynamodb.model.UpdateTimeToLiveRequest;

/**
 * The one definition of the shared table. Local bootstrap creates it from here, readiness checks a live
 * table against it, and the infrastructure template is tested against its accessors.
 */
public final class TableDefinition {
    private static final List<IndexDefinition> INDEXES = List.of(
            new IndexDefinition(TableSchema.GSI1, TableSchema.GSI1PK, TableSchema.GSI1SK, ProjectionType.ALL),
            new IndexDefinition(TableSchema.GSI2, TableSchema.GSI2PK, TableSchema.GSI2SK, ProjectionType.ALL));

    private final String tableName;

    private TableDefinition(String tableName) {
        if (tableName == null || !tableName.matches("[A-Za-z0-9_.-]{3,255}")) {
            throw new IllegalArgumentException("invalid DynamoDB table name: " + tableName);
        }
        this.tableName = tableName;
    }

    public static TableDefinition of(String tableName) {
        return new TableDefinition(tableName);
    }

    public String tableName() {
        return tableName;
    }

    public String partitionKey() {
        return TableSchema.PK;
    }

    public String sortKey() {
        return TableSchema.SK;
    }

    public List<IndexDefinition> indexes() {
        return INDEXES;
    }

    public BillingMode billingMode() {
        return BillingMode.PAY_PER_REQUEST;
    }

    public String ttlAttribute() {
        return TableSchema.EXPIRES_AT;
    }

    /** All key attributes of table and indexes; every one is a string (S). */
    public List<String> keyAttributes() {
        Set<String> names = new LinkedHashSet<>(List.of(partitionKey(), sortKey()));
        for (IndexDefinition i : INDEXES) {
            names.add(i.partitionKey());
            names.add(i.sortKey());
        }
        return List.copyOf(names);
    }

    public List<AttributeDefinition> attributeDefinitions() {
        return keyAttributes().stream()
                .map(n -> AttributeDefinition.builder().attributeName(n).attributeType(ScalarAttributeType.S).build())
                .toList();
    }

    public CreateTableRequest createTableRequest() {
        return CreateTableRequest.builder()
                .tableName(tableName)
                .attributeDefinitions(attributeDefinitions())
                .keySchema(keySchema(partitionKey(), sortKey()))
                .globalSecondaryIndexes(INDEXES.stream()
                        .map(i -> GlobalSecondaryIndex.builder()
                                .indexName(i.name())
                                .keySchema(keySchema(i.partitionKey(), i.sortKey()))
                                .projection(Projection.builder().projectionType(i.projection()).build())
                                .build())
                        .toList())
                .billingMode(billingMode())
                .build();
    }

    public UpdateTimeToLiveRequest timeToLiveRequest() {
        return UpdateTimeToLiveRequest.builder()
                .tableName(tableName)
                .timeToLiveSpecification(TimeToLiveSpecification.builder()
                        .attributeName(ttlAttribute()).enabled(true).build())
                .build();
    }

    /**
     * Table and index states in which DynamoDB serves reads and writes: an UpdateTable (a new index elsewhere,
     * Streams, billing or capacity) leaves the table UPDATING for minutes to hours while every call keeps working.
     */
    private static final List<String> SERVING = List.of("ACTIVE", "UPDATING");

    /**
     * Human-readable differences between a live table and this definition, or reasons it cannot serve (CREATING,
     * DELETING, ARCHIVED...); empty when it matches and serves.
     */
    public List<String> mismatches(TableDescription d) {
        List<String> problems = new ArrayList<>();
        if (d == null) {
            return List.of("table " + tableName + " is not described");
        }
        if (!SERVING.contains(d.tableStatusAsString())) {
            problems.add("table " + tableName + " is " + d.tableStatusAsString() + ", not ACTIVE or UPDATING");
        }
        checkKeys(problems, "table " + tableName, d.keySchema(), partitionKey(), sortKey());
        for (String name : keyAttributes()) {
            AttributeDefinition def = d.attributeDefinitions().stream()
                    .filter(a -> name.equals(a.attributeName())).findFirst().orElse(null);
            if (def == null) {
                problems.add("attribute definition " + name + " is missing");
            } else if (def.attributeType() != ScalarAttributeType.S) {
                problems.add("attribute " + name + " is " + def.attributeTypeAsString() + ", expected S");
            }
        }
        for (IndexDefinition i : INDEXES) {
            GlobalSecondaryIndexDescription g = d.globalSecondaryIndexes().stream()
                    .filter(x -> i.name().equals(x.indexName())).findFirst().orElse(null);
            if (g == null) {
                problems.add("index " + i.name() + " is missing");
                continue;
            }
            checkKeys(problems, "index " + i.name(), g.keySchema(), i.partitionKey(), i.sortKey());
            ProjectionType p = g.projection() == null ? null : g.projection().projectionType();
            if (p != i.projection()) {
                problems.add("index " + i.name() + " projects " + p + ", expected " + i.projection());
            }
            if (g.indexStatus() != null && !SERVING.contains(g.indexStatusAsString())) {
                problems.add("index " + i.name() + " is " + g.indexStatusAsString() + ", not ACTIVE or UPDATING");
            }
        }
        return problems;
    }

    private static void checkKeys(List<String> problems, String what, List<KeySchemaElement> actual,
            String hash, String range) {
        List<KeySchemaElement> expected = keySchema(hash, range);
        List<String> want = expected.stream().map(TableDefinition::describe).toList();
        List<String> got = actual == null ? List.of() : actual.stream().map(TableDefinition::describe).toList();
        if (!Objects.equals(Set.copyOf(want), Set.copyOf(got)) || got.size() != want.size()) {
            problems.add(what + " has key schema " + got + ", expected " + want);
        }
    }

    private static String describe(KeySchemaElement e) {
        return e.attributeName() + " " + e.keyTypeAsString();
    }

    private static List<KeySchemaElement> keySchema(String hash, String range) {
        return List.of(
                KeySchemaElement.builder().attributeName(hash).keyType(KeyType.HASH).build(),
                KeySchemaElement.builder().attributeName(range).keyType(KeyType.RANGE).build());
    }

    @Override
    public String toString() {
        return "TableDefinition[" + tableName + "]";
    }
}
