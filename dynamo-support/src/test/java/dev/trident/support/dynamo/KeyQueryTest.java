package dev.trident.support.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.AccessPattern;
import dev.trident.keys.EnrollmentKeys;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.WorkspaceKeys;
import dev.trident.keys.cursor.CursorState;
import dev.trident.keys.cursor.InvalidCursorException;
import dev.trident.keys.entity.Attribute;
import dev.trident.keys.expr.Conditions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.Select;

/** A declared Query pattern becomes exactly the request its declaration and its call say, and nothing else. */
class KeyQueryTest {

    private static final KeyQuery ROSTER =
            KeyQuery.of(AccessPattern.reads("course-roster",
                    EnrollmentKeys.COURSE_ROSTER_COLLECTION).beginsWith("STU#"));

    @Test
    void aDeclaredIndexPatternReadsItsPartitionUnderItsPrefixEventuallyConsistentInKeyOrder() {
        QueryRequest query = ROSTER.in("CRS#cs101").limit(21).request().build();
        assertEquals("GSI1", query.indexName());
        assertEquals("#pk = :pk AND begins_with(#sk, :prefix)", query.keyConditionExpression());
        assertEquals(Map.of("#pk", "GSI1PK", "#sk", "GSI1SK"), query.expressionAttributeNames());
        assertEquals(Map.of(":pk", AttributeValue.fromS("CRS#cs101"), ":prefix", AttributeValue.fromS("STU#")),
                query.expressionAttributeValues());
        assertEquals(21, query.limit());
        assertNull(query.consistentRead());
        assertNull(query.scanIndexForward());
        assertTrue(query.exclusiveStartKey().isEmpty());
    }

    @Test
    void aCallNeverChangesTheDeclaration() {
        ROSTER.in("CRS#a").limit(5);
        assertThrows(IllegalStateException.class, () -> ROSTER.request(), "no partition given");
    }

    @Test
    void aTableSweepIsStronglyConsistentProjectedFilteredAndNewestFirst() {
        QueryRequest query = KeyQuery.of(AccessPattern.reads("sweep", EnrollmentKeys.STUDENT_COLLECTION).consistent()
                        .newestFirst())
                .project("PK", "SK", "_type").filter(Conditions.attributeExists("grade"))
                .in("STU#ada").limit(100).request().build();
        assertEquals("#pk = :pk", query.keyConditionExpression());
        assertEquals("#pk, #sk, #n1", query.projectionExpression());
        assertEquals("attribute_exists(#n0)", query.filterExpression());
        assertEquals(Map.of("#pk", "PK", "#sk", "SK", "#n0", "grade", "#n1", "_type"),
                query.expressionAttributeNames());
        assertTrue(query.consistentRead());
        assertEquals(Boolean.FALSE, query.scanIndexForward());
    }

    @Test
    void sortKeyRangesAreKeyConditionsSoNothingOutsideThemIsRead() {
        KeyQuery status = KeyQuery.of(AccessPattern.reads("projects-by-status",
                WorkspaceKeys.PROJECTS_BY_STATUS_COLLECTION))
                .in("PROJSTATUS#active#0");
        assertEquals("#pk = :pk AND #sk BETWEEN :from AND :to",
                status.between("2026-01", "2026-02").request().build().keyConditionExpression());
        assertEquals("#pk = :pk AND #sk >= :from", status.atLeast("2026-01").request().build().keyConditionExpression());
        assertEquals("#pk = :pk AND #sk <= :to", status.atMost("2026-02").request().build().keyConditionExpression());
        assertEquals("#pk = :pk AND #sk < :to", status.below("2026-02").request().build().keyConditionExpression());
        assertEquals(Select.COUNT, status.countOnly().request().build().select());
    }

    @Test
    void aPatternDeclaredAsAWriteMakesNoQuery() {
        assertThrows(IllegalArgumentException.class, () -> KeyQuery.of(AccessPattern.named("user-update")));
    }

    @Test
    void aReadOfAnyPartitionTakesTheIndexItIsDeclaredOn() {
        QueryRequest query = KeyQuery.of(AccessPattern.readsAnyPartitionOf("look", "GSI2")).in("TERM#2026").request()
                .build();
        assertEquals("GSI2", query.indexName());
        assertEquals(Map.of("#pk", "GSI2PK"), query.expressionAttributeNames());
    }

    @Test
    void aCursorResumesOnlyInsideTheQuerysOwnPartition() {
        Map<String, AttributeValue> inside = Map.of("PK", AttributeValue.fromS("STU#ada"), "SK",
                AttributeValue.fromS("ENROLL#CRS#b"), "GSI1PK", AttributeValue.fromS("CRS#cs101"), "GSI1SK",
                AttributeValue.fromS("STU#ada"));
        CursorState resume = CursorState.single(inside);
        assertEquals(inside, ROSTER.in("CRS#cs101").resumingAt(resume).request().build().exclusiveStartKey());
        assertThrows(InvalidCursorException.class, () -> ROSTER.in("CRS#other").resumingAt(resume));
        assertTrue(ROSTER.in("CRS#cs101").resumingAt(null).request().build().exclusiveStartKey().isEmpty());
    }

    @Test
    void aPageKeyFromACursorPositionResumesOnlyInsideTheQuerysPartitionAndGivesThePositionBack() {
        Map<String, String> position = Map.of("PK", "POST#u1#p9", "SK", "POST", "GSI2PK", "TIMELINE#2026-05",
                "GSI2SK", "p9");
        PageKey key = PageKey.fromCursorPosition(position);
        assertEquals(position, key.cursorPosition());
        KeyQuery timeline = KeyQuery.of(AccessPattern.reads("timeline", SocialKeys.TIMELINE_COLLECTION).newestFirst());
        assertEquals(AttributeValue.fromS("TIMELINE#2026-05"), timeline.in("TIMELINE#2026-05").resumingAfter(key)
                .request().build().exclusiveStartKey().get("GSI2PK"));
        assertThrows(InvalidCursorException.class, () -> timeline.in("TIMELINE#2026-04").resumingAfter(key));
        assertTrue(timeline.in("TIMELINE#2026-05").resumingAfter((PageKey) null).request().build().exclusiveStartKey()
                .isEmpty());
    }

    @Test
    void aProjectedPageGivesOneAttributeOfEveryItemInOrder() {
        QueryPage page = new QueryPage(List.of(Map.of("SK", AttributeValue.fromS("MONTH#2026-05")),
                Map.of("PK", AttributeValue.fromS("TIMELINE#MONTHS")), Map.of("SK", AttributeValue.fromS("MONTH#2026-02"))),
                3, null, null);
        assertEquals(List.of("MONTH#2026-05", "MONTH#2026-02"), page.values(Attribute.string("SK")));
    }
}
