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
 * An entity declared once: its entity type, primary key, index keys and attributes, and how it is read back. A
 * repository derives the item it writes ({@link #toItem}), the key it reads ({@link #key}) and the value it returns
 * ({@link #fromItem}) from here, so no repository holds a hand-written attribute map. A key made with a layout's
 * shard count takes it as a {@link KeyInput}: one declaration serves every layout, the writer binds its own
 * ({@link #with}). Plain functions, no
 * reflection: native images need no configuration for it.
 *
 * <pre>{@code
 * static final EntitySchema<Post> POST =
 *         EntitySchema.of(EntityType.POST, (Post p) -> SocialKeys.post(p.userId(), p.postId()))
 *         .index((p, in) -> SocialKeys.postTimeline(Months.of(p.createdAt()), p.postId(), in.get(TIMELINE_SHARDS)))
 *         .attribute(USER_ID, Post::userId)
 *         .attribute(TITLE, Post::title)
 *         .reads(item -> new Post(USER_ID.read(item), TITLE.read(item)));
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
    private final List<BiFunction<T, KeyInputs, IndexKey>> indexKeys;
    private final List<Binding<T, ?>> bindings;
    private final Function<Map<String, AttributeValue>, T> reader;
    private final KeyInputs inputs;

    private EntitySchema(Builder<T> builder) {
        this.type = builder.type;
        this.key = builder.key;
        this.indexKeys = List.copyOf(builder.indexKeys);
        this.bindings = List.copyOf(builder.bindings);
        this.reader = Objects.requireNonNull(builder.reader, "reads(...) is required");
        this.inputs = KeyInputs.NONE;
    }

    private EntitySchema(EntitySchema<T> declared, KeyInputs inputs) {
        this.type = declared.type;
        this.key = declared.key;
        this.indexKeys = declared.indexKeys;
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

    /** The whole item: primary key, {@code _type}, every index key that applies, every attribute present. */
    public Map<String, AttributeValue> toItem(T entity) {
        Map<String, AttributeValue> item = new HashMap<>();
        ItemKey itemKey = key.apply(entity, inputs);
        item.put(TableSchema.PK, AttributeValue.fromS(itemKey.pk()));
        item.put(TableSchema.SK, AttributeValue.fromS(itemKey.sk()));
        item.put(TableSchema.TYPE, type.typeAttribute());
        for (BiFunction<T, KeyInputs, IndexKey> indexKey : indexKeys) {
            IndexKey index = indexKey.apply(entity, inputs);
            if (index != null) {
                item.putAll(index.toAttributes());
            }
        }
        for (Binding<T, ?> binding : bindings) {
            binding.write(entity, item);
        }
        return item;
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
        private final List<BiFunction<T, KeyInputs, IndexKey>> indexKeys = new ArrayList<>();
        private final List<Binding<T, ?>> bindings = new ArrayList<>();
        private Function<Map<String, AttributeValue>, T> reader;

        private Builder(EntityType type, BiFunction<T, KeyInputs, ItemKey> key) {
            this.type = Objects.requireNonNull(type, "type");
            this.key = Objects.requireNonNull(key, "key");
        }

        /** An index key the item carries; the function may answer null where the item is not in the index (sparse). */
        public Builder<T> index(Function<T, IndexKey> indexKey) {
            Objects.requireNonNull(indexKey, "indexKey");
            indexKeys.add((value, inputs) -> indexKey.apply(value));
            return this;
        }

        /** An index key made with {@link KeyInput}s too (a shard count); may answer null (sparse). */
        public Builder<T> index(BiFunction<T, KeyInputs, IndexKey> indexKey) {
            indexKeys.add(Objects.requireNonNull(indexKey, "indexKey"));
            return this;
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
