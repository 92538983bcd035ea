package dev.trident.keys.entity;

import dev.trident.keys.EntityType;
import dev.trident.keys.IndexKey;
import dev.trident.keys.ItemKey;
import dev.trident.keys.TableSchema;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * An entity declared once: its entity type, primary key, attributes, and how it is read back. A repository derives
 * the item it writes ({@link #toItem}), the key it reads ({@link #key}) and the value it returns ({@link #fromItem})
 * from here, so no repository holds a hand-written attribute map. Its index keys are the ones its type declares
 * ({@link dev.trident.keys.EntityKeys}), each part read from the attribute of its name, from the attribute the
 * declaration names, or computed there from the item's values and its key inputs (a layout's shard count, a
 * {@link KeyInput} the writer binds: {@link #with}). Plain functions, no reflection: native images need no
 * configuration for it.
 *
 * <pre>{@code
 * static final EntitySchema<Comment> COMMENT =
 *         EntitySchema.of(EntityType.COMMENT, (Comment c) -> SocialKeys.comment(c.postId(), c.commentId()))
 *         .attribute(COMMENT_ID, Comment::commentId)
 *         .attribute(AUTHOR_ID, Comment::authorId)
 *         .reads(item -> new Comment(COMMENT_ID.read(item), AUTHOR_ID.read(item)));
 * }</pre>
 *
 * @param <T> the entity's Java type (usually a record)
 */
public final class EntitySchema<T> {

    private record Binding<T, A>(Attribute<A> attribute, Function<T, A> getter) {
        void write(T entity, Map<String, AttributeValue> item) {
            AttributeValue value = attribute.encode(getter.apply(entity));
            if (value != null) {
                item.put(attribute.name(), value);
            }
        }
    }

    private final EntityType type;
    private final BiFunction<T, KeyInputs, ItemKey> key;
    private final List<Binding<T, ?>> bindings;
    private final Function<Map<String, AttributeValue>, T> reader;
    private final KeyInputs inputs;

    private EntitySchema(Builder<T> builder) {
        this.type = builder.type;
        this.key = builder.key;
        this.bindings = List.copyOf(builder.bindings);
        this.reader = Objects.requireNonNull(builder.reader, "reads(...) is required");
        this.inputs = KeyInputs.NONE;
    }

    private EntitySchema(EntitySchema<T> declared, KeyInputs inputs) {
        this.type = declared.type;
        this.key = declared.key;
        this.bindings = declared.bindings;
        this.reader = declared.reader;
        this.inputs = Objects.requireNonNull(inputs, "inputs");
    }

    /** Starts the declaration of an entity of {@code type} whose primary key {@code key} derives from a value. */
    public static <T> Builder<T> of(EntityType type, Function<T, ItemKey> key) {
        Objects.requireNonNull(key, "key");
        return new Builder<>(type, (value, inputs) -> key.apply(value));
    }

    /**
     * Starts the declaration of an entity whose primary key derives from a value and {@link KeyInput}s (a layout's
     * shard count); it is written once they are bound ({@link #with}).
     */
    public static <T> Builder<T> of(EntityType type, BiFunction<T, KeyInputs, ItemKey> key) {
        return new Builder<>(type, key);
    }

    /**
     * The same entity with its key inputs bound: what a writer that runs with one layout writes with. Reading an
     * item back needs none.
     */
    public EntitySchema<T> with(KeyInputs bound) {
        return new EntitySchema<>(this, bound);
    }

    public EntityType type() {
        return type;
    }

    public ItemKey key(T entity) {
        return key.apply(entity, inputs);
    }

    /**
     * The whole item: primary key, {@code _type}, every attribute present and every index key its type declares
     * that the item has the values for.
     */
    public Map<String, AttributeValue> toItem(T entity) {
        Map<String, AttributeValue> item = new HashMap<>();
        ItemKey itemKey = key.apply(entity, inputs);
        item.put(TableSchema.PK, AttributeValue.fromS(itemKey.pk()));
        item.put(TableSchema.SK, AttributeValue.fromS(itemKey.sk()));
        item.put(TableSchema.TYPE, type.typeAttribute());
        for (Binding<T, ?> binding : bindings) {
            binding.write(entity, item);
        }
        for (IndexKey index : type.keys().indexKeys(name -> partText(item, name))) {
            item.putAll(index.toAttributes());
        }
        return item;
    }

    /** An index key part's value: the item's attribute of that name, else the key input. */
    private String partText(Map<String, AttributeValue> item, String name) {
        AttributeValue value = item.get(name);
        if (value != null && (value.s() != null || value.n() != null)) {
            return value.s() != null ? value.s() : value.n();
        }
        return inputs.text(name);
    }

    /** The value an item holds, or null for no item (absent or empty, as GetItem answers a miss). */
    public T fromItem(Map<String, AttributeValue> item) {
        return item == null || item.isEmpty() ? null : reader.apply(item);
    }

    /** Whether an item of a mixed item collection is one of this entity's ({@code _type}). */
    public boolean holds(Map<String, AttributeValue> item) {
        AttributeValue stored = item.get(TableSchema.TYPE);
        return stored != null && type.typeName().equals(stored.s());
    }

    /**
     * The first item of this entity among a mixed collection's items (a batch read of several entities, a partition
     * holding several), read back; null when there is none.
     */
    public T firstIn(Collection<Map<String, AttributeValue>> items) {
        for (Map<String, AttributeValue> item : items) {
            if (holds(item)) {
                return fromItem(item);
            }
        }
        return null;
    }

    /** Declares an entity; {@link #reads} ends the declaration. */
    public static final class Builder<T> {
        private final EntityType type;
        private final BiFunction<T, KeyInputs, ItemKey> key;
        private final List<Binding<T, ?>> bindings = new ArrayList<>();
        private Function<Map<String, AttributeValue>, T> reader;

        private Builder(EntityType type, BiFunction<T, KeyInputs, ItemKey> key) {
            this.type = Objects.requireNonNull(type, "type");
            this.key = Objects.requireNonNull(key, "key");
        }

        /** An attribute and where its value comes from; a null or empty value is not stored. */
        public <A> Builder<T> attribute(Attribute<A> attribute, Function<T, A> getter) {
            bindings.add(new Binding<>(attribute, getter));
            return this;
        }

        /** How a stored item becomes a value; ends the declaration. */
        public EntitySchema<T> reads(Function<Map<String, AttributeValue>, T> reader) {
            this.reader = reader;
            return new EntitySchema<>(this);
        }
    }
}
