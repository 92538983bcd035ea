package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.trident.keys.IndexDefinition;
import dev.trident.keys.TableDefinition;
import java.util.LinkedHashMap;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;

/**
 * A table written down outside Java (CloudFormation properties, a CreateTable input for the AWS CLI: both use
 * DynamoDB's own field names) compared with the one definition in common-keys.
 */
final class TableShape {

    private TableShape() {
    }

    /** Attribute definitions, key schema, indexes with their projections, and billing mode. */
    static void assertSameKeysAndIndexes(TableDefinition expected, JsonNode table) {
        Map<String, String> wantAttributes = new LinkedHashMap<>();
        for (AttributeDefinition a : expected.attributeDefinitions()) {
            wantAttributes.put(a.attributeName(), a.attributeTypeAsString());
        }
        Map<String, String> gotAttributes = new LinkedHashMap<>();
        table.path("AttributeDefinitions")
                .forEach(a -> gotAttributes.put(a.path("AttributeName").asText(), a.path("AttributeType").asText()));
        assertEquals(wantAttributes, gotAttributes, "AttributeDefinitions");

        assertEquals(keys(expected.partitionKey(), expected.sortKey()), keys(table.path("KeySchema")), "KeySchema");

        Map<String, String> wantIndexes = new LinkedHashMap<>();
        for (IndexDefinition i : expected.indexes()) {
            wantIndexes.put(i.name(), keys(i.partitionKey(), i.sortKey()) + " " + i.projection());
        }
        Map<String, String> gotIndexes = new LinkedHashMap<>();
        table.path("GlobalSecondaryIndexes").forEach(g -> gotIndexes.put(g.path("IndexName").asText(),
                keys(g.path("KeySchema")) + " " + g.path("Projection").path("ProjectionType").asText()));
        assertEquals(wantIndexes, gotIndexes, "GlobalSecondaryIndexes");
        table.path("GlobalSecondaryIndexes").forEach(g -> assertTrue(
                g.path("Projection").path("NonKeyAttributes").isMissingNode(), "ALL projections list no attributes"));

        assertEquals(expected.billingMode().toString(), table.path("BillingMode").asText(), "BillingMode");
        assertTrue(table.path("ProvisionedThroughput").isMissingNode(), "on-demand tables set no throughput");
    }

    private static String keys(String hash, String range) {
        return "[" + hash + " HASH, " + range + " RANGE]";
    }

    private static String keys(JsonNode schema) {
        String hash = null;
        String range = null;
        for (JsonNode k : schema) {
            if ("HASH".equals(k.path("KeyType").asText())) {
                hash = k.path("AttributeName").asText();
            } else if ("RANGE".equals(k.path("KeyType").asText())) {
                range = k.path("AttributeName").asText();
            }
        }
        assertEquals(2, schema.size(), "a hash and a range key");
        return keys(hash, range);
    }
}
