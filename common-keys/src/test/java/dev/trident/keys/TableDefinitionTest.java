package dev.trident.keys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.GlobalSecondaryIndexDescription;
import software.amazon.awssdk.services.dynamodb.model.IndexStatus;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.Projection;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;
import software.amazon.awssdk.services.dynamodb.model.TableStatus;

class TableDefinitionTest {
    final TableDefinition def = TableDefinition.of("trident");

    TableDescription.Builder asCreated() {
        CreateTableRequest r = def.createTableRequest();
        return TableDescription.builder()
                .tableName(r.tableName())
                .tableStatus(TableStatus.ACTIVE)
                .keySchema(r.keySchema())
                .attributeDefinitions(r.attributeDefinitions())
                .globalSecondaryIndexes(r.globalSecondaryIndexes().stream()
                        .map(g -> GlobalSecondaryIndexDescription.builder().indexName(g.indexName())
                                .keySchema(g.keySchema()).projection(g.projection())
                                .indexStatus(IndexStatus.ACTIVE).build())
                        .toList());
    }

    @Test
    void createRequestMatchesTheContract() {
        CreateTableRequest r = def.createTableRequest();
        assertEquals("trident", r.tableName());
        assertEquals(BillingMode.PAY_PER_REQUEST, r.billingMode());
        assertEquals(List.of("PK HASH", "SK RANGE"),
                r.keySchema().stream().map(k -> k.attributeName() + " " + k.keyTypeAsString()).toList());
        assertEquals(List.of("GSI1", "GSI2"), r.globalSecondaryIndexes().stream().map(g -> g.indexName()).toList());
        assertEquals("GSI2PK", r.globalSecondaryIndexes().get(1).keySchema().get(0).attributeName());
        r.globalSecondaryIndexes().forEach(g -> assertEquals(ProjectionType.ALL, g.projection().projectionType()));
        assertEquals(6, r.attributeDefinitions().size());
        assertEquals("expiresAt", def.timeToLiveRequest().timeToLiveSpecification().attributeName());
        assertTrue(def.timeToLiveRequest().timeToLiveSpecification().enabled());
        assertEquals(List.of(new IndexDefinition("GSI1", "GSI1PK", "GSI1SK", ProjectionType.ALL),
                new IndexDefinition("GSI2", "GSI2PK", "GSI2SK", ProjectionType.ALL)), def.indexes());
        assertEquals(TableSchema.KEY_ATTRIBUTES, def.keyAttributes());
        assertThrows(IllegalArgumentException.class, () -> TableDefinition.of("x"));
    }

    @Test
    void tableAsCreatedMatches() {
        assertEquals(List.of(), def.mismatches(asCreated().build()));
    }

    @Test
    void tableBeingUpdatedStillServes() {
        TableDescription d = asCreated().tableStatus(TableStatus.UPDATING).build();
        GlobalSecondaryIndexDescription updating = d.globalSecondaryIndexes().get(0).toBuilder()
                .indexStatus(IndexStatus.UPDATING).build();
        assertEquals(List.of(), def.mismatches(d.toBuilder()
                .globalSecondaryIndexes(updating, d.globalSecondaryIndexes().get(1)).build()));
    }

    @Test
    void tableThatCannotServeIsAProblem() {
        assertEquals(List.of("table trident is DELETING, not ACTIVE or UPDATING"),
                def.mismatches(asCreated().tableStatus(TableStatus.DELETING).build()));
        TableDescription d = asCreated().build();
        GlobalSecondaryIndexDescription deleting = d.globalSecondaryIndexes().get(1).toBuilder()
                .indexStatus(IndexStatus.DELETING).build();
        assertEquals(List.of("index GSI2 is DELETING, not ACTIVE or UPDATING"), def.mismatches(d.toBuilder()
                .globalSecondaryIndexes(d.globalSecondaryIndexes().get(0), deleting).build()));
    }

    @Test
    void problemsAreListed() {
        assertEquals(List.of("table trident is CREATING, not ACTIVE or UPDATING"),
                def.mismatches(asCreated().tableStatus(TableStatus.CREATING).build()));

        List<String> wrongKeys = def.mismatches(asCreated().keySchema(
                KeySchemaElement.builder().attributeName("id").keyType(KeyType.HASH).build()).build());
        assertEquals(1, wrongKeys.size());
        assertTrue(wrongKeys.get(0).startsWith("table trident has key schema [id HASH]"), wrongKeys.get(0));

        TableDescription d = asCreated().build();
        List<String> missingIndex = def.mismatches(d.toBuilder()
                .globalSecondaryIndexes(d.globalSecondaryIndexes().get(0)).build());
        assertEquals(List.of("index GSI2 is missing"), missingIndex);

        GlobalSecondaryIndexDescription keysOnly = d.globalSecondaryIndexes().get(1).toBuilder()
                .projection(Projection.builder().projectionType(ProjectionType.KEYS_ONLY).build()).build();
        assertEquals(List.of("index GSI2 projects KEYS_ONLY, expected ALL"), def.mismatches(d.toBuilder()
                .globalSecondaryIndexes(d.globalSecondaryIndexes().get(0), keysOnly).build()));

        GlobalSecondaryIndexDescription swapped = d.globalSecondaryIndexes().get(0).toBuilder()
                .keySchema(d.globalSecondaryIndexes().get(1).keySchema()).build();
        List<String> wrongIndexKeys = def.mismatches(d.toBuilder()
                .globalSecondaryIndexes(swapped, d.globalSecondaryIndexes().get(1)).build());
        assertEquals(1, wrongIndexKeys.size());
        assertTrue(wrongIndexKeys.get(0).startsWith("index GSI1 has key schema"));

        List<AttributeDefinition> fewer = d.attributeDefinitions().subList(0, 4);
        assertEquals(List.of("attribute definition GSI2PK is missing", "attribute definition GSI2SK is missing"),
                def.mismatches(d.toBuilder().attributeDefinitions(fewer).build()));
    }
}
