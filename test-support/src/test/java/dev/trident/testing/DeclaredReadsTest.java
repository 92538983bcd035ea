package dev.trident.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.EnrollmentKeys;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.GetItemRequest;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

class DeclaredReadsTest {

    // The name a reloaded AccessPattern class takes (the first loading holds "trident.access-pattern").
    private static final ExecutionAttribute<String> PATTERN = new ExecutionAttribute<>("trident.access-pattern#test");

    private static ExecutionAttributes pattern(String name) {
        return new ExecutionAttributes().putAttribute(PATTERN, name);
    }

    private static QueryRequest rosterQuery(String partition) {
        return QueryRequest.builder().tableName("trident").indexName("GSI1")
                .keyConditionExpression("#pk = :pk AND begins_with(#sk, :prefix)")
                .expressionAttributeNames(Map.of("#pk", "GSI1PK", "#sk", "GSI1SK"))
                .expressionAttributeValues(Map.of(":pk", AttributeValue.fromS(partition),
                        ":prefix", AttributeValue.fromS("STU#")))
                .build();
    }

    @Test
    void aDeclaredPatternReadingItsDeclaredCollectionPasses() {
        assertEquals(Optional.empty(), DeclaredReads.refusal(EnrollmentKeys.SERVICE,
                rosterQuery(EnrollmentKeys.coursePartition("c1")), pattern("course-roster")));
        GetItemRequest student = GetItemRequest.builder().tableName("trident")
                .key(EnrollmentKeys.student("s1").toAttributes()).build();
        assertEquals(Optional.empty(), DeclaredReads.refusal(EnrollmentKeys.SERVICE, student, pattern("student")));
    }

    @Test
    void aDeclaredPatternReadingAnotherCollectionIsRefusedWithWhatToDeclare() {
        GetItemRequest course = GetItemRequest.builder().tableName("trident")
                .key(EnrollmentKeys.course("c1").toAttributes()).build();
        Optional<String> refusal = DeclaredReads.refusal(EnrollmentKeys.SERVICE, course, pattern("student"));
        assertTrue(refusal.isPresent());
        assertTrue(refusal.get().contains("CRS#c1 (COURSE)") && refusal.get().contains("[STUDENT]"), refusal.get());
        // The roster pattern on the table instead of GSI1 reads another collection too.
        QueryRequest onTheTable = rosterQuery(EnrollmentKeys.coursePartition("c1")).toBuilder().indexName(null)
                .expressionAttributeNames(Map.of("#pk", "PK", "#sk", "SK")).build();
        assertTrue(DeclaredReads.refusal(EnrollmentKeys.SERVICE, onTheTable, pattern("course-roster")).isPresent());
    }

    @Test
    void undeclaredPatternsOtherProcessesAndUntaggedReadsAreLeftAlone() {
        GetItemRequest course = GetItemRequest.builder().tableName("trident")
                .key(EnrollmentKeys.course("c1").toAttributes()).build();
        // An access pattern no one declared: PatternCataloguesTest (explorer) finds it in the sources.
        assertEquals(Optional.empty(), DeclaredReads.refusal(EnrollmentKeys.SERVICE, course, pattern("brand-new")));
        assertEquals(Optional.empty(), DeclaredReads.refusal("explorer", course, pattern("student")));
        assertEquals(Optional.empty(),
                DeclaredReads.refusal(EnrollmentKeys.SERVICE, course, new ExecutionAttributes()));
        assertEquals(List.of("GSI1", "CRS#c1"),
                List.of(DeclaredReads.partitions(rosterQuery("CRS#c1")).get(0)));
    }
}
