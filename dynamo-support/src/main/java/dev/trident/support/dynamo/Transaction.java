package dev.trident.support.dynamo;

import dev.trident.keys.ItemKey;
import dev.trident.keys.entity.EntitySchema;
import dev.trident.keys.expr.Condition;
import dev.trident.keys.expr.Conditions;
import dev.trident.keys.expr.Expression;
import dev.trident.keys.expr.UpdateExpressionBuilder.UpdateExpression;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionCheck;
import software.amazon.awssdk.services.dynamodb.model.Delete;
import software.amazon.awssdk.services.dynamodb.model.Put;
import software.amazon.awssdk.services.dynamodb.model.ReturnValuesOnConditionCheckFailure;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.Update;

/**
 * The actions of one TransactWriteItems, each with a name: when a condition fails, {@link WriteRefused} names the
 * action, so no caller counts action positions. Every action returns the item it met on a failed condition.
 */
public final class Transaction {

    private final List<String> names = new ArrayList<>();
    private final List<Function<String, TransactWriteItem>> actions = new ArrayList<>();
    /** The values this transaction creates, as their entities' Java values, in the order of their actions. */
    private final List<Object> created = new ArrayList<>();

    public static Transaction of() {
        return new Transaction();
    }

    /** Puts an item under a condition (null for none). */
    public Transaction put(String name, Map<String, AttributeValue> item, Condition condition) {
        Expression c = condition == null ? null : Conditions.render(condition);
        return add(name, table -> TransactWriteItem.builder().put(Put.builder().tableName(table).item(item)
                .conditionExpression(c == null ? null : c.expression())
                .expressionAttributeNames(c == null ? null : c.namesOrNull())
                .expressionAttributeValues(c == null ? null : c.valuesOrNull())
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build());
    }

    /** Puts an item that must not exist yet. */
    public Transaction create(String name, Map<String, AttributeValue> item) {
        return put(name, item, Conditions.ITEM_NOT_EXISTS);
    }

    /**
     * Puts the item of a value that must not exist yet, and keeps the value: what the request being served writes
     * alongside ({@link RequestWrites}) may derive its own writes from what this transaction creates.
     */
    public <T> Transaction create(String name, EntitySchema<T> schema, T value) {
        create(name, schema.toItem(value));
        created.add(value);
        return this;
    }

    /** The first value of this type the transaction creates ({@link #create(String, EntitySchema, Object)}). */
    public <T> Optional<T> created(Class<T> type) {
        return created.stream().filter(type::isInstance).map(type::cast).findFirst();
    }

    public Transaction update(String name, ItemKey key, UpdateExpression update) {
        return add(name, table -> TransactWriteItem.builder().update(Update.builder().tableName(table)
                .key(key.toAttributes())
                .updateExpression(update.updateExpression())
                .conditionExpression(update.conditionExpression())
                .expressionAttributeNames(update.names())
                .expressionAttributeValues(update.valuesOrNull())
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build());
    }

    /** Deletes an item under a condition (null for none). */
    public Transaction delete(String name, ItemKey key, Condition condition) {
        Expression c = condition == null ? null : Conditions.render(condition);
        return add(name, table -> TransactWriteItem.builder().delete(Delete.builder().tableName(table)
                .key(key.toAttributes())
                .conditionExpression(c == null ? null : c.expression())
                .expressionAttributeNames(c == null ? null : c.namesOrNull())
                .expressionAttributeValues(c == null ? null : c.valuesOrNull())
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build());
    }

    /** Checks a condition on an item that the transaction does not change. */
    public Transaction check(String name, ItemKey key, Condition condition) {
        Expression c = Conditions.render(condition);
        return add(name, table -> TransactWriteItem.builder().conditionCheck(ConditionCheck.builder().tableName(table)
                .key(key.toAttributes())
                .conditionExpression(c.expression())
                .expressionAttributeNames(c.namesOrNull())
                .expressionAttributeValues(c.valuesOrNull())
                .returnValuesOnConditionCheckFailure(ReturnValuesOnConditionCheckFailure.ALL_OLD).build()).build());
    }

    /**
     * Actions a caller outside the repository adds to the repository's transaction, after its own (the check that no
     * deletion of an id is still running). {@link #NONE} adds nothing.
     */
    @FunctionalInterface
    public interface Part {
        Part NONE = transaction -> {
        };

        void addTo(Transaction transaction);
    }

    /** Adds a {@link Part}'s actions after those already here. */
    public Transaction include(Part part) {
        part.addTo(this);
        return this;
    }

    public int size() {
        return actions.size();
    }

    /** The name of the action at a position of the request. */
    String nameAt(int position) {
        return names.get(position);
    }

    List<TransactWriteItem> items(String table) {
        return actions.stream().map(action -> action.apply(table)).toList();
    }

    private Transaction add(String name, Function<String, TransactWriteItem> action) {
        if (names.contains(name)) {
            throw new IllegalArgumentException("two actions named " + name);
        }
        names.add(name);
        actions.add(action);
        return this;
    }
}
