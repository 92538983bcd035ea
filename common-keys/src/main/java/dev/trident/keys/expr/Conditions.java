package dev.trident.keys.expr;

import dev.trident.keys.TableSchema;
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
