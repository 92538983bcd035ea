package dev.trident.explorer;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EntityType;
import dev.trident.keys.ItemKey;
import dev.trident.keys.KeyDecoder;
import dev.trident.testing.DynamoDbLocalResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The model export against the documented shape of a NoSQL Workbench data-model file: ModelName, ModelMetadata,
 * DataModel[{TableName, KeyAttributes{PartitionKey, SortKey}{AttributeName, AttributeType}, NonKeyAttributes,
 * TableFacets[{FacetName, KeyAttributeAlias{PartitionKeyAlias, SortKeyAlias}, TableData, NonKeyAttributes}],
 * GlobalSecondaryIndexes[{IndexName, KeyAttributes, Projection{ProjectionType}}], DataAccess, BillingMode}].
 */
@QuarkusTest
@QuarkusTestResource(DynamoDbLocalResource.class)
class WorkbenchModelTest {

    private static final Set<String> ATTRIBUTE_TYPES = Set.of("S", "N", "B", "BOOL", "NULL", "M", "L", "SS", "NS", "BS");

    @Test
    @SuppressWarnings("unchecked")
    void theModelExportsInTheDocumentedShapeWithAFacetAndASampleItemPerEntityType() {
        JsonPath model = ExplorerApiTest.asAdmin().get("/api/model/nosql-workbench").then().statusCode(200)
                .header("Content-Disposition", org.hamcrest.Matchers.containsString("attachment"))
                .extract().jsonPath();
        assertEquals("Trident", model.getString("ModelName"));
        assertEquals("Amazon DynamoDB", model.getString("ModelMetadata.AWSService"));
        assertTrue(model.getString("ModelMetadata.Description").contains("course-catalogue"));
        List<Map<String, Object>> tables = model.getList("DataModel");
        assertEquals(1, tables.size());

        JsonPath table = new JsonPath(model.prettify()).setRootPath("DataModel[0]");
        assertEquals("trident", table.getString("TableName"));
        assertEquals(Map.of("AttributeName", "PK", "AttributeType", "S"), table.getMap("KeyAttributes.PartitionKey"));
        assertEquals(Map.of("AttributeName", "SK", "AttributeType", "S"), table.getMap("KeyAttributes.SortKey"));
        assertEquals("PAY_PER_REQUEST", table.getString("BillingMode"));
        assertNotNull(table.getMap("DataAccess"));
        Set<String> nonKey = new HashSet<>();
        Map<String, String> types = new java.util.HashMap<>();
        for (Map<String, String> attribute : table.<Map<String, String>>getList("NonKeyAttributes")) {
            assertEquals(Set.of("AttributeName", "AttributeType"), attribute.keySet());
            assertTrue(ATTRIBUTE_TYPES.contains(attribute.get("AttributeType")), attribute.toString());
            assertTrue(nonKey.add(attribute.get("AttributeName")), "listed twice: " + attribute);
            types.put(attribute.get("AttributeName"), attribute.get("AttributeType"));
        }
        assertTrue(nonKey.containsAll(List.of("GSI1PK", "GSI1SK", "GSI2PK", "GSI2SK")), nonKey.toString());

        assertEquals(List.of("GSI1", "GSI2"), table.getList("GlobalSecondaryIndexes.IndexName"));
        for (int i = 0; i < 2; i++) {
            String index = "GlobalSecondaryIndexes[" + i + "].";
            assertEquals("GSI" + (i + 1) + "PK", table.getString(index + "KeyAttributes.PartitionKey.AttributeName"));
            assertEquals("S", table.getString(index + "KeyAttributes.PartitionKey.AttributeType"));
            assertEquals("GSI" + (i + 1) + "SK", table.getString(index + "KeyAttributes.SortKey.AttributeName"));
            assertEquals("ALL", table.getString(index + "Projection.ProjectionType"));
        }

        List<Map<String, Object>> facets = table.getList("TableFacets");
        assertEquals(EntityType.values().length, facets.size());
        Set<String> names = new HashSet<>();
        for (Map<String, Object> facet : facets) {
            String name = (String) facet.get("FacetName");
            assertTrue(names.add(name), "facet names are unique: " + name);
            Map<String, String> alias = (Map<String, String>) facet.get("KeyAttributeAlias");
            assertNotNull(alias.get("PartitionKeyAlias"), name);
            assertNotNull(alias.get("SortKeyAlias"), name);
            List<String> attributes = (List<String>) facet.get("NonKeyAttributes");
            assertTrue(nonKey.containsAll(attributes), name + " names attributes the table does not: " + attributes);
            List<Map<String, Map<String, String>>> data = (List<Map<String, Map<String, String>>>) facet.get("TableData");
            assertFalse(data.isEmpty(), name + " has sample data");
            for (Map<String, Map<String, String>> item : data) {
                for (Map.Entry<String, Map<String, String>> attribute : item.entrySet()) {
                    assertEquals(1, attribute.getValue().size(), "DynamoDB JSON: " + attribute);
                    assertTrue(ATTRIBUTE_TYPES.contains(attribute.getValue().keySet().iterator().next()));
                    assertTrue(Set.of("PK", "SK").contains(attribute.getKey()) || attributes.contains(attribute.getKey()),
                            name + ": " + attribute.getKey() + " is not among the facet's attributes");
                    if (types.containsKey(attribute.getKey())) {
                        assertEquals(types.get(attribute.getKey()), attribute.getValue().keySet().iterator().next(),
                                name + ": " + attribute.getKey() + " has the table's type for it");
                    }
                }
                // The sample is a key of the facet's entity type, as the grammar reads it.
                ItemKey key = new ItemKey(item.get("PK").get("S"), item.get("SK").get("S"));
                assertEquals(name, KeyDecoder.decode(key).type().typeName());
                assertEquals(name, item.get("_type").get("S"));
            }
        }
        Map<String, Map<String, String>> aliases = new java.util.HashMap<>();
        facets.forEach(f -> aliases.put((String) f.get("FacetName"), (Map<String, String>) f.get("KeyAttributeAlias")));
        assertEquals(Map.of("PartitionKeyAlias", "USER#<userId>", "SortKeyAlias", "PROFILE"), aliases.get("UserProfile"));
        assertEquals(Map.of("PartitionKeyAlias", "STU#<studentId>", "SortKeyAlias", "ENROLL#CRS#<courseId>"),
                aliases.get("Enrollment"));
        assertEquals(Map.of("PartitionKeyAlias", "WS#<wsId>[#<shard>]", "SortKeyAlias", "PROJ#<projectId>"),
                aliases.get("Project"));
        assertEquals(Map.of("PartitionKeyAlias", "WORK#<service>[#<shard>]", "SortKeyAlias", "TASK#<kind>#<taskId>"),
                aliases.get("WorkItem"));
    }

    @Test
    void theModelIsForAnAdminOnly() {
        given().get("/api/model/nosql-workbench").then().statusCode(401);
    }
}
