package dev.trident.keys.entity;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * One attribute of an entity: the only place its name and its DynamoDB type are spelled. An entity's
 * {@link EntitySchema} binds attributes to the record's accessors; repositories use the same constants in update
 * and condition expressions, so a name is never typed twice.
 *
 * @param <T> the Java type of the value
 */
public final class Attribute<T> {

    private final String name;
    private final Function<T, AttributeValue> encoder;
    private final Function<AttributeValue, T> decoder;

    private Attribute(String name, Function<T, AttributeValue> encoder, Function<AttributeValue, T> decoder) {
        this.name = Objects.requireNonNull(name, "name");
        this.encoder = encoder;
        this.decoder = decoder;
    }

    /** A string ({@code S}); an empty string is stored as absent, as DynamoDB keys and indexes require. */
    public static Attribute<String> string(String name) {
        return new Attribute<>(name, v -> v.isEmpty() ? null : AttributeValue.fromS(v), AttributeValue::s);
    }

    /** A whole number ({@code N}). */
    public static Attribute<Long> number(String name) {
        return new Attribute<>(name, v -> AttributeValue.fromN(Long.toString(v)),
                v -> v.n() == null ? null : Long.valueOf(v.n()));
    }

    /** A whole number ({@code N}) that fits an int. */
    public static Attribute<Integer> integer(String name) {
        return new Attribute<>(name, v -> AttributeValue.fromN(Integer.toString(v)),
                v -> v.n() == null ? null : Integer.valueOf(v.n()));
    }

    /** A boolean ({@code BOOL}). */
    public static Attribute<Boolean> bool(String name) {
        return new Attribute<>(name, AttributeValue::fromBool, AttributeValue::bool);
    }

    /** A list of strings ({@code L} of {@code S}), order kept; an empty list is stored as absent. */
    public static Attribute<List<String>> strings(String name) {
        return new Attribute<>(name,
                v -> v.isEmpty() ? null : AttributeValue.fromL(v.stream().map(AttributeValue::fromS).toList()),
                v -> v.hasL() ? v.l().stream().map(AttributeValue::s).toList() : null);
    }

    /**
     * A set of strings ({@code SS}), read back in string order; an empty set is stored as absent, as DynamoDB has
     * no empty set. Unlike {@link #strings}, a condition can test membership with {@code contains(name, :v)} and
     * duplicates count once.
     */
    public static Attribute<Set<String>> stringSet(String name) {
        return new Attribute<>(name, v -> v.isEmpty() ? null : AttributeValue.fromSs(List.copyOf(v)),
                v -> v.hasSs() ? Collections.unmodifiableSortedSet(new TreeSet<>(v.ss())) : null);
    }

    public String name() {
        return name;
    }

    /** The stored form of a value, or null when the value is stored as absent (null or empty). */
    public AttributeValue encode(T value) {
        return value == null ? null : encoder.apply(value);
    }

    /** The value in an item, or null when the item does not carry it. */
    public T read(Map<String, AttributeValue> item) {
        AttributeValue value = item == null ? null : item.get(name);
        return value == null ? null : decoder.apply(value);
    }

    /** The value in an item, or {@code absent} when the item does not carry it. */
    public T read(Map<String, AttributeValue> item, T absent) {
        T value = read(item);
        return value == null ? absent : value;
    }

    @Override
    public String toString() {
        return name;
    }
}
