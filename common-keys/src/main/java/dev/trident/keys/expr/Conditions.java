package dev.trident.keys.expr;

import dev.trident.keys.TableSchema;
import dev.trident.keys.entity.Attribute;
import java.util.Collection;
import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Common condition expressions. */
public final class Conditions {
    /** The item does not exist yet (create only). */
    public static final Condition ITEM_NOT_EXISTS = attributeNotExists(TableSchema.PK);
    /** The item exists (update or delete only). */
    public static final Condition ITEM_EXISTS = attributeExists(TableSchema.PK);

    private Conditions() {
    }

    public static Condition attributeNotExists(String attribute) {
        return p -> "attribute_not_exists(" + p.name(attribute) + ")";
    }

    public static Condition attributeExists(String attribute) {
        return p -> "attribute_exists(" + p.name(attribute) + ")";
    }

    /** Optimistic locking: the stored version is the one the caller read. */
    public static Condition versionEquals(long version) {
        return equalTo(TableSchema.VERSION, AttributeValue.fromN(Long.toString(version)));
    }

    public static Condition equalTo(String attribute, AttributeValue value) {
        return p -> p.name(attribute) + " = " + p.value(value);
    }

    public static Condition lessThan(String attribute, AttributeValue value) {
        return p -> p.name(attribute) + " < " + p.value(value);
    }

    /** {@code attribute = value}, the value in the form the attribute stores it. */
    public static <T> Condition equalTo(Attribute<T> attribute, T value) {
        return p -> p.name(attribute.name()) + " = " + p.value(attribute, value);
    }

    /** {@code attribute < value}. */
    public static <T> Condition lessThan(Attribute<T> attribute, T value) {
        return p -> p.name(attribute.name()) + " < " + p.value(attribute, value);
    }

    /** {@code attribute <= value}, e.g. enrolledCount <= a new capacity. */
    public static <T> Condition atMost(Attribute<T> attribute, T value) {
        return p -> p.name(attribute.name()) + " <= " + p.value(attribute, value);
    }

    /** {@code attribute > value}, e.g. enrolledCount > 0. */
    public static <T> Condition greaterThan(Attribute<T> attribute, T value) {
        return p -> p.name(attribute.name()) + " > " + p.value(attribute, value);
    }

    /** {@code contains(attribute, :element)}: a string set (or list) holds {@code element}; false when absent. */
    public static Condition contains(Attribute<? extends Collection<String>> attribute, String element) {
        if (element == null || element.isEmpty()) {
            throw new IllegalArgumentException(attribute.name() + ": contains needs an element");
        }
        return p -> "contains(" + p.name(attribute.name()) + ", " + p.value(AttributeValue.fromS(element)) + ")";
    }

    /** {@code attribute IN (...)}: the attribute holds one of {@code values}; false when absent. */
    public static <T> Condition in(Attribute<T> attribute, Collection<T> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("IN needs at least one value");
        }
        List<T> listed = List.copyOf(values);
        return p -> p.name(attribute.name()) + " IN ("
                + String.join(", ", listed.stream().map(v -> p.value(attribute, v)).toList()) + ")";
    }

    /** {@code a < b} between two attributes of the same item, e.g. enrolledCount < capacity. */
    public static Condition lessThanAttribute(String attribute, String other) {
        return p -> p.name(attribute) + " < " + p.name(other);
    }

    public static Condition and(Condition first, Condition... more) {
        Condition c = first;
        for (Condition m : more) {
            c = c.and(m);
        }
        return c;
    }

    public static Condition or(Condition a, Condition b) {
        return p -> "(" + a.render(p) + ") OR (" + b.render(p) + ")";
    }

    /** Renders a condition on its own, for a conditional Put, Delete or ConditionCheck. */
    public static Expression render(Condition condition) {
        Placeholders p = new Placeholders();
        String text = condition.render(p);
        return new Expression(text, p.names(), p.values());
    }
}
