package dev.trident.support.dynamo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trident.keys.EntityType;
import dev.trident.keys.ItemKey;
import dev.trident.keys.entity.Attribute;
import dev.trident.keys.entity.EntitySchema;
import dev.trident.keys.expr.Conditions;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.exception.ApiCallTimeoutException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.TransactionConflictException;
import software.amazon.awssdk.services.dynamodb.model.TransactionInProgressException;

class TransactionFailureTest {

    private static final ItemKey KEY = new ItemKey("A#1", "META");

    private static Transaction threeActions() {
        return Transaction.of()
                .create("profile", Map.of("PK", AttributeValue.fromS("A#1"), "SK", AttributeValue.fromS("META")))
                .check("owner", KEY, Conditions.ITEM_EXISTS)
                .delete("edge", KEY, null);
    }

    private static TransactionCanceledException cancelled(CancellationReason... reasons) {
        return TransactionCanceledException.builder().cancellationReasons(reasons).build();
    }

    private static CancellationReason code(String code) {
        return CancellationReason.builder().code(code).build();
    }

    @Test
    void aFailedConditionNamesTheActionItBelongsToAndCarriesTheItemItMet() {
        Map<String, AttributeValue> met = Map.of("version", AttributeValue.fromN("4"));
        Throwable failure = DynamoTable.transactionFailure(threeActions(), cancelled(code("None"),
                CancellationReason.builder().code("ConditionalCheckFailed").item(met).build(), code("None")));
        WriteRefused refused = assertInstanceOf(WriteRefused.class, failure);
        assertEquals("owner", refused.action());
        assertTrue(refused.itemExists());
        assertEquals(met, refused.currentItem());
    }

    @Test
    void aConflictTogetherWithAFailedConditionIsTheConditionAndIsNotRetried() {
        TransactionCanceledException both = cancelled(code("TransactionConflict"), code("None"),
                code("ConditionalCheckFailed"));
        assertFalse(DynamoTable.lostToConcurrentTransaction(both));
        WriteRefused refused = assertInstanceOf(WriteRefused.class, DynamoTable.transactionFailure(threeActions(), both));
        assertEquals("edge", refused.action());
        assertFalse(refused.itemExists());
    }

    @Test
    void everyActionWhoseConditionFailedIsNamedWithTheItemItMetTheFirstNamingTheRefusal() {
        Map<String, AttributeValue> met = Map.of("version", AttributeValue.fromN("2"));
        Throwable failure = DynamoTable.transactionFailure(threeActions(), cancelled(code("None"),
                code("ConditionalCheckFailed"), CancellationReason.builder().code("ConditionalCheckFailed").item(met).build()));
        WriteRefused refused = assertInstanceOf(WriteRefused.class, failure);
        assertEquals("owner", refused.action());
        assertTrue(refused.conditionFailed("owner"));
        assertTrue(refused.conditionFailed("edge"));
        assertFalse(refused.conditionFailed("profile"));
        assertEquals(met, refused.currentItem("edge"));
        assertEquals(Map.of(), refused.currentItem("owner"));
    }

    @Test
    void onlyConflictsAreRetriedAndOutlastingThemIsContention() {
        TransactionCanceledException conflict = cancelled(code("TransactionConflict"), code("None"), code("None"));
        assertTrue(DynamoTable.lostToConcurrentTransaction(conflict));
        assertTrue(DynamoTable.lostToConcurrentTransaction(TransactionConflictException.builder().build()));
        assertInstanceOf(WriteContended.class, DynamoTable.transactionFailure(threeActions(), conflict));
    }

    @Test
    void aTransactionCancelledForThrottlingIsRetriedThenThrottledNotAFailure() {
        TransactionCanceledException throttled = cancelled(code("None"), code("ThrottlingError"), code("None"));
        assertTrue(DynamoTable.transactionRetryable(throttled));
        assertFalse(DynamoTable.lostToConcurrentTransaction(throttled));
        assertInstanceOf(Throttled.class, DynamoTable.transactionFailure(threeActions(), throttled));
    }

    @Test
    void throttlingTogetherWithAFailedConditionIsTheCondition() {
        TransactionCanceledException both = cancelled(code("ThrottlingError"), code("ConditionalCheckFailed"),
                code("None"));
        assertFalse(DynamoTable.transactionRetryable(both));
        assertInstanceOf(WriteRefused.class, DynamoTable.transactionFailure(threeActions(), both));
    }

    @Test
    void aTransactionStillInProgressIsRetriedThenAnUnknownOutcome() {
        TransactionInProgressException inProgress = TransactionInProgressException.builder().message("x").build();
        assertTrue(DynamoTable.transactionRetryable(inProgress));
        assertInstanceOf(OutcomeUnknown.class, DynamoTable.transactionFailure(threeActions(), inProgress));
        assertInstanceOf(OutcomeUnknown.class, DynamoTable.transactionFailure(threeActions(),
                ApiCallTimeoutException.create(1700)));
    }

    @Test
    void anyOtherFailurePassesUnchanged() {
        RuntimeException other = new IllegalStateException("x");
        assertSame(other, DynamoTable.transactionFailure(threeActions(), other));
    }

    @Test
    void twoActionsMayNotShareAName() {
        assertThrows(IllegalArgumentException.class,
                () -> Transaction.of().check("a", KEY, Conditions.ITEM_EXISTS).check("a", KEY, Conditions.ITEM_EXISTS));
    }

    @Test
    void theItemARefusedActionMetReadsBackAsItsEntityAndItsAttributes() {
        Attribute<String> title = Attribute.string("title");
        Attribute<Long> version = Attribute.number("version");
        EntitySchema<String> titled = EntitySchema.of(EntityType.WORKSPACE, (String t) -> KEY).reads(title::read);
        Map<String, AttributeValue> met = Map.of("title", AttributeValue.fromS("Old"), "version", AttributeValue.fromN("4"));
        Map<String, Map<String, AttributeValue>> refusals = new LinkedHashMap<>();
        refusals.put("owner", Map.of());
        refusals.put("edge", met);
        WriteRefused refused = new WriteRefused(refusals);
        assertEquals("Old", refused.current("edge", titled));
        assertEquals(4L, refused.currentValue("edge", version));
        assertTrue(refused.itemExists("edge"));
        assertNull(refused.current("owner", titled));
        assertNull(refused.currentValue("owner", version));
        assertFalse(refused.itemExists("owner"));
        assertNull(refused.currentValue("profile", version));
        assertNull(refused.currentValue("edge", Attribute.number("seq")));
    }
}
