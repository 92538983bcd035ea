package dev.trident.support.dynamo;

import java.util.List;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One attribute of a {@link StoredItem} as a reader shows it: its DynamoDB type ({@code S}, {@code N}, {@code B},
 * {@code BOOL}, {@code NULL}, {@code SS}, {@code NS}, {@code BS}, {@code L}, {@code M}) and its value in plain terms.
 * Read-only.
 */
public final class StoredValue {

    private final AttributeValue value;

    StoredValue(AttributeValue value) {
        this.value = value;
    }

    /** The DynamoDB type of the value, as its data type descriptor spells it. */
    public String type() {
        if (value.s() != null) {
            return "S";
        }
        if (value.n() != null) {
            return "N";
        }
        if (value.b() != null) {
            return "B";
        }
        if (value.bool() != null) {
            return "BOOL";
        }
        if (Boolean.TRUE.equals(value.nul())) {
            return "NULL";
        }
        if (value.hasSs()) {
            return "SS";
        }
        if (value.hasNs()) {
            return "NS";
        }
        if (value.hasBs()) {
            return "BS";
        }
        if (value.hasL()) {
            return "L";
        }
        return value.hasM() ? "M" : "NULL";
    }

    /** A string ({@code S}) or a number ({@code N}) as stored; null for any other type. */
    public String text() {
        return value.s() != null ? value.s() : value.n();
    }

    /** A boolean ({@code BOOL}); null for any other type. */
    public Boolean bool() {
        return value.bool();
    }

    /** The elements of a string or number set ({@code SS}, {@code NS}) as stored; empty for any other type. */
    public List<String> elements() {
        return value.hasSs() ? value.ss() : value.hasNs() ? value.ns() : List.of();
    }

    /** How many elements a list, map or set holds; 0 for any other type. */
    public int count() {
        if (value.hasL()) {
            return value.l().size();
        }
        if (value.hasM()) {
            return value.m().size();
        }
        return value.hasSs() ? value.ss().size() : value.hasNs() ? value.ns().size()
                : value.hasBs() ? value.bs().size() : 0;
    }

    @Override
    public String toString() {
        return type() + ":" + (text() != null ? text() : bool() != null ? bool() : count());
    }
}
