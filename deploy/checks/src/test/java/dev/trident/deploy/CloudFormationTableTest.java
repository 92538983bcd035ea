package dev.trident.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.trident.keys.TableDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

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
    void attributesKeysAndIndexesMatch() {
        TableShape.assertSameKeysAndIndexes(expected, table());
    }

    @Test
    void ttlAndRecovery() {
        JsonNode t = table();
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
}
