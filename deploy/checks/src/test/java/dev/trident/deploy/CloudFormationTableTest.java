package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.trident.keys.IndexDefinition;
import dev.trident.keys.TableDefinition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;

/** The CloudFormation table must be exactly the table the services create and check. */
class CloudFormationTableTest {
    private static final String DEFAULT_NAME = "trident";
    private final TableDefinition expected = TableDefinition.of(DEFAULT_NAME);
    private final JsonNode template = Repo.yaml(Repo.CLOUDFORMATION);

    private JsonNode table() {
        List<JsonNode> tables = new ArrayList<>();
        template.path("Resources").forEach(r -> {
            if ("AWS::DynamoDB::Table".equals(r.path("Type").asText())) {
                tables.add(r);
            }
        });
        assertEquals(1, tables.size(), "exactly one DynamoDB table in the template");
        return tables.get(0).path("Properties");
    }

    @Test
    void tableNameIsAParameterDefaultingToTheConfiguredName() {
        JsonNode name = table().path("TableName");
        assertEquals("TableName", name.path("Ref").asText(), "TableName is { Ref: TableName }");
        JsonNode parameter = template.path("Parameters").path("TableName");
        assertEquals(DEFAULT_NAME, parameter.path("Default").asText());
        String pattern = parameter.path("AllowedPattern").asText();
        assertTrue(Pattern.matches(pattern, DEFAULT_NAME), "the default name satisfies AllowedPattern");
    }

    @Test
    void attributeDefinitionsMatch() {
        Map<String, String> want = new LinkedHashMap<>();
        for (AttributeDefinition a : expected.attributeDefinitions()) {
            want.put(a.attributeName(), a.attributeTypeAsString());
        }
        Map<String, String> got = new LinkedHashMap<>();
        table().path("AttributeDefinitions")
                .forEach(a -> got.put(a.path("AttributeName").asText(), a.path("AttributeType").asText()));
        assertEquals(want, got);
    }

    @Test
    void keySchemaMatches() {
        assertEquals(keys(expected.partitionKey(), expected.sortKey()), keys(table().path("KeySchema")));
    }

    @Test
    void indexesMatch() {
        Map<String, String> want = new LinkedHashMap<>();
        for (IndexDefinition i : expected.indexes()) {
            want.put(i.name(), keys(i.partitionKey(), i.sortKey()) + " " + i.projection());
        }
        Map<String, String> got = new LinkedHashMap<>();
        table().path("GlobalSecondaryIndexes").forEach(g -> got.put(g.path("IndexName").asText(),
                keys(g.path("KeySchema")) + " " + g.path("Projection").path("ProjectionType").asText()));
        assertEquals(want, got);
        table().path("GlobalSecondaryIndexes").forEach(g -> assertTrue(
                g.path("Projection").path("NonKeyAttributes").isMissingNode(), "ALL projections list no attributes"));
    }

    @Test
    void billingTtlAndRecovery() {
        JsonNode t = table();
        assertEquals(expected.billingMode().toString(), t.path("BillingMode").asText());
        assertTrue(t.path("ProvisionedThroughput").isMissingNode(), "on-demand tables set no throughput");
        assertEquals(expected.ttlAttribute(), t.path("TimeToLiveSpecification").path("AttributeName").asText());
        assertTrue(t.path("TimeToLiveSpecification").path("Enabled").asBoolean(), "TTL enabled");
        assertTrue(t.path("PointInTimeRecoverySpecification").path("PointInTimeRecoveryEnabled").asBoolean(),
                "point-in-time recovery enabled");
    }

    @Test
    void onlyLongFormIntrinsics() {
        // Short tags (!Ref, !Sub ...) need a CloudFormation-aware parser; the contract is plain YAML.
        String text = Repo.read(Repo.CLOUDFORMATION);
        assertTrue(!Pattern.compile("(^|\\s)!(Ref|Sub|GetAtt|Join|If|Equals|Select|Split|ImportValue|FindInMap|Base64|Not|And|Or|Condition|GetAZs|Cidr)\\b",
                Pattern.MULTILINE).matcher(text).find(), "no short-form intrinsic tags");
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
