package dev.trident.support.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

class KeyConditionsTest {

    @Test
    void aPartitionHeadIsTheWholePartitionStronglyConsistentProjectedToTheKeyAndTheNamedAttributes() {
        QueryRequest query = KeyConditions.partitionHead(QueryRequest.builder(), "STU#ada", 100, "_type", "courseId")
                .build();
        assertEquals("#pk = :pk", query.keyConditionExpression());
        assertEquals(Map.of(":pk", AttributeValue.fromS("STU#ada")), query.expressionAttributeValues());
        assertEquals(Map.of("#pk", "PK", "#sk", "SK", "#a0", "_type", "#a1", "courseId"),
                query.expressionAttributeNames());
        assertEquals("#pk, #sk, #a0, #a1", query.projectionExpression());
        assertTrue(query.consistentRead());
        assertEquals(100, query.limit());
    }

    @Test
    void withoutAttributesAPartitionHeadReadsKeysOnly() {
        QueryRequest query = KeyConditions.partitionHead(QueryRequest.builder(), "WS#acme#2", 25).build();
        assertEquals("#pk, #sk", query.projectionExpression());
        assertEquals(Map.of("#pk", "PK", "#sk", "SK"), query.expressionAttributeNames());
    }
}
