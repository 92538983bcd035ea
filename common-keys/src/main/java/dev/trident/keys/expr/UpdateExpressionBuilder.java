package dev.trident.keys.expr;

import dev.trident.keys.IndexKey;
import dev.trident.keys.TableSchema;
import dev.trident.keys.entity.Attribute;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Builds an UpdateItem expression (SET / ADD / REMOVE on top-level attributes) and its condition with generated
 * placeholders. One attribute may appear in one action only, as DynamoDB rejects overlapping paths.
 */
public final class UpdateExpressionBuilder {
    private final Placeholders placeholders = new Placeholders();
    private final List<String> sets = new ArrayList<>();
    private final List<String> adds = new ArrayList<>();
    private final List<String> removes = new ArrayList<>();
    private final Set<String> touched = new HashSet<>();
    private Condition condition;

    public UpdateExpressionBuilder set(String attribute, AttributeValue value) {
        sets.add(claim(attribute) + " = " + placeholders.value(value));
        return this;
    }

    /** Sets the attribute only when it is absent, e.g. createdAt on an upsert. */
    public UpdateExpressionBuilder setIfNotExists(String attribute, AttributeValue value) {
        String n = claim(attribute);
        sets.add(n + " = if_not_exists(" + n + ", " + placeholders.value(value) + ")");
        return this;
    }

    /** Atomic counter (a number value) or set union. */
    public UpdateExpressionBuilder add(String attribute, AttributeValue value) {
        adds.add(claim(attribute) + " " + placeholders.value(value));
        return this;
    }

    public UpdateExpressionBuilder add(String attribute, long delta) {
        return add(attribute, AttributeValue.fromN(Long.toString(delta)));
    }

    /**
     * Sets a declared attribute to a value; a value stored as absent (null, empty text, empty list) removes it, so
     * the item never holds an empty string.
     */
    public <A> UpdateExpressionBuilder set(Attribute<A> attribute, A value) {
        AttributeValue encoded = attribute.encode(value);
        return encoded == null ? remove(attribute.name()) : set(attribute.name(), encoded);
    }

    /** Sets both attributes of an index key (e.g. GSI2PK and GSI2SK), so an update moves the item in that index. */
    public UpdateExpressionBuilder setIndex(IndexKey key) {
        return set(key.pkAttribute(), AttributeValue.fromS(key.pk()))
                .set(key.skAttribute(), AttributeValue.fromS(key.sk()));
    }

    /**
     * Moves the item to another partition of an index ({@code GSI2PK} of {@code GSI2}), its sort key there unchanged:
     * for a change of the attribute the partition is derived from, where the sort key does not depend on it.
     */
    public UpdateExpressionBuilder setIndexPartition(String index, String partitionKey) {
        String attribute = TableSchema.partitionKeyOf(index);
        if (attribute == null) {
            throw new IllegalArgumentException("no index " + index);
        }
        if (partitionKey == null || partitionKey.isEmpty()) {
            throw new IllegalArgumentException(index + ": a partition key is required");
        }
        return set(attribute, AttributeValue.fromS(partitionKey));
    }

    /** PATCH semantics: null leaves the attribute unchanged, anything else is {@link #set(Attribute, Object)}. */
    public <A> UpdateExpressionBuilder setIfGiven(Attribute<A> attribute, A value) {
        return value == null ? this : set(attribute, value);
    }

    /**
     * Sets a declared attribute only when the item lacks it (an upsert's createdAt, owner...); a value stored as
     * absent sets nothing.
     */
    public <A> UpdateExpressionBuilder setIfNotExists(Attribute<A> attribute, A value) {
        AttributeValue encoded = attribute.encode(value);
        return encoded == null ? this : setIfNotExists(attribute.name(), encoded);
    }

    /** Atomic counter on a declared number attribute. */
    public UpdateExpressionBuilder add(Attribute<Long> attribute, long delta) {
        return add(attribute.name(), delta);
    }

    public UpdateExpressionBuilder remove(String attribute) {
        removes.add(claim(attribute));
        return this;
    }

    /** Adds a condition; several are combined with AND. */
    public UpdateExpressionBuilder condition(Condition c) {
        condition = condition == null ? c : condition.and(c);
        return this;
    }

    public boolean isEmpty() {
        return sets.isEmpty() && adds.isEmpty() && removes.isEmpty();
    }

    public UpdateExpression build() {
        if (isEmpty()) {
            throw new IllegalStateException("nothing to update");
        }
        List<String> clauses = new ArrayList<>();
        if (!sets.isEmpty()) {
            clauses.add("SET " + String.join(", ", sets));
        }
        if (!adds.isEmpty()) {
            clauses.add("ADD " + String.join(", ", adds));
        }
        if (!removes.isEmpty()) {
            clauses.add("REMOVE " + String.join(", ", removes));
        }
        String cond = condition == null ? null : condition.render(placeholders);
        return new UpdateExpression(String.join(" ", clauses), cond, placeholders.names(), placeholders.values());
    }

    private String claim(String attribute) {
        if (!touched.add(attribute)) {
            throw new IllegalArgumentException("attribute " + attribute + " is already updated");
        }
        return placeholders.name(attribute);
    }

    /** The UpdateItem parts; {@code conditionExpression} is null without a condition. */
    public record UpdateExpression(String updateExpression, String conditionExpression, Map<String, String> names,
            Map<String, AttributeValue> values) {
        public Map<String, AttributeValue> valuesOrNull() {
            return values.isEmpty() ? null : values;
        }
    }
}
