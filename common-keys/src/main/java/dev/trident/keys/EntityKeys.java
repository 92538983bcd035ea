package dev.trident.keys;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The keys of one entity type, declared once in its domain's key class: the primary key's partition and sort key
 * templates and, for each index the entity is in, that index's key templates, and where each part of an index key
 * comes from. {@link EntityType} reads its prefixes from here, {@link KeyDecoder} reads keys back with it and an
 * entity's schema writes its index keys from it ({@link #indexKeys}), so nothing else spells an entity's keys.
 */
public final class EntityKeys {

    /** An index key of the entity: the index, its partition and sort key templates. */
    public record IndexKeys(String indexName, KeyTemplate pk, KeyTemplate sk) {
        public IndexKeys {
            TableSchema.requireIndex(indexName);
            Objects.requireNonNull(pk, "pk");
            Objects.requireNonNull(sk, "sk");
        }

        /**
         * The index key of these values: one per part, the partition key's then the sort key's, in key order (null
         * for an optional part the key leaves out).
         */
        public IndexKey build(Object... values) {
            int pkParts = pk.parts().size();
            return new IndexKey(indexName, pk.build(values, 0, pkParts), sk.build(values, pkParts, values.length));
        }
    }

    /** The values an item's index key parts are read from: its attributes and the key inputs it is written with. */
    @FunctionalInterface
    public interface PartValues {
        /** The text of the item's attribute, or of the key input, named {@code name}; null when there is none. */
        String text(String name);

        /** {@link #text}, where a missing value is a mistake of the writer, not an item outside an index. */
        default String require(String name) {
            String text = text(name);
            if (text == null) {
                throw new IllegalStateException("no value named " + name + " to make a key with");
            }
            return text;
        }
    }

    private final KeyTemplate pk;
    private final KeyTemplate sk;
    private final List<IndexKeys> indexes;
    /** Where a part of an index key comes from, by part name, when not from the attribute of its own name. */
    private final Map<String, Function<PartValues, Object>> partSources;

    private EntityKeys(KeyTemplate pk, KeyTemplate sk, List<IndexKeys> indexes,
            Map<String, Function<PartValues, Object>> partSources) {
        this.pk = Objects.requireNonNull(pk, "pk");
        this.sk = Objects.requireNonNull(sk, "sk");
        this.indexes = List.copyOf(indexes);
        this.partSources = Map.copyOf(partSources);
    }

    /** An entity whose items live under {@code pk} / {@code sk}. */
    public static EntityKeys of(KeyTemplate pk, KeyTemplate sk) {
        return new EntityKeys(pk, sk, List.of(), Map.of());
    }

    /**
     * The same entity, also in {@code indexName} under {@code pk} / {@code sk}. Each part of the index key is the
     * item's attribute of the part's name unless {@link #partFrom} or {@link #partDerived} says otherwise; an item
     * without a value for one of the parts is not in the index (a sparse index).
     */
    public EntityKeys index(String indexName, KeyTemplate indexPk, KeyTemplate indexSk) {
        List<IndexKeys> all = new ArrayList<>(indexes);
        all.add(new IndexKeys(indexName, indexPk, indexSk));
        return new EntityKeys(pk, sk, all, partSources);
    }

    /** The part {@code part} of this entity's index keys is its attribute {@code attribute} (an edge's copied term). */
    public EntityKeys partFrom(KeyPart<?> part, String attribute) {
        Objects.requireNonNull(attribute, "attribute");
        return withSource(part, values -> {
            String text = values.text(attribute);
            return text == null ? null : part.read(text);
        });
    }

    /** The part {@code part} of this entity's index keys is computed from its values (a shard from an id). */
    public <T> EntityKeys partDerived(KeyPart<T> part, Function<PartValues, T> derivation) {
        Objects.requireNonNull(derivation, "derivation");
        return withSource(part, derivation::apply);
    }

    private EntityKeys withSource(KeyPart<?> part, Function<PartValues, Object> source) {
        Map<String, Function<PartValues, Object>> sources = new LinkedHashMap<>(partSources);
        sources.put(part.name(), source);
        return new EntityKeys(pk, sk, indexes, sources);
    }

    /**
     * The index keys of an item whose attributes and key inputs {@code values} holds, in declaration order: every
     * index whose parts all have a value.
     */
    public List<IndexKey> indexKeys(PartValues values) {
        List<IndexKey> keys = new ArrayList<>(indexes.size());
        for (IndexKeys index : indexes) {
            List<KeyPart<?>> pkParts = index.pk().parts();
            List<KeyPart<?>> skParts = index.sk().parts();
            Object[] partValues = new Object[pkParts.size() + skParts.size()];
            if (fill(partValues, 0, pkParts, values) && fill(partValues, pkParts.size(), skParts, values)) {
                keys.add(index.build(partValues));
            }
        }
        return keys;
    }

    /** Each part's value into {@code into} from {@code from} on; false at the first part without one. */
    private boolean fill(Object[] into, int from, List<KeyPart<?>> parts, PartValues values) {
        for (int i = 0; i < parts.size(); i++) {
            into[from + i] = valueOf(parts.get(i), values);
            if (into[from + i] == null) {
                return false;
            }
        }
        return true;
    }

    private Object valueOf(KeyPart<?> part, PartValues values) {
        Function<PartValues, Object> source = partSources.get(part.name());
        if (source != null) {
            return source.apply(values);
        }
        String text = values.text(part.name());
        return text == null ? null : part.read(text);
    }

    public KeyTemplate pk() {
        return pk;
    }

    public KeyTemplate sk() {
        return sk;
    }

    public List<IndexKeys> indexes() {
        return indexes;
    }

    /** The entity's key in {@code indexName}; an {@link IllegalArgumentException} when it is not in that index. */
    public IndexKeys in(String indexName) {
        for (IndexKeys index : indexes) {
            if (index.indexName().equals(indexName)) {
                return index;
            }
        }
        throw new IllegalArgumentException("not in " + indexName);
    }

    /**
     * The item key of these values: one per part, the partition key's then the sort key's, in key order (null for an
     * optional part the key leaves out).
     */
    public ItemKey build(Object... values) {
        int pkParts = pk.parts().size();
        return new ItemKey(pk.build(values, 0, pkParts), sk.build(values, pkParts, values.length));
    }

    /** The parts of a primary key, by name as shown, in key order; empty when this entity does not make the key. */
    public Optional<Map<String, String>> decode(String itemPk, String itemSk) {
        return decode(pk, sk, itemPk, itemSk);
    }

    /** The parts of an index key this entity carries, empty when it does not make that key. */
    public Optional<Map<String, String>> decodeIndex(IndexKey key) {
        for (IndexKeys index : indexes) {
            if (index.indexName().equals(key.indexName())) {
                Optional<Map<String, String>> parts = decode(index.pk(), index.sk(), key.pk(), key.sk());
                if (parts.isPresent()) {
                    return parts;
                }
            }
        }
        return Optional.empty();
    }

    private static Optional<Map<String, String>> decode(KeyTemplate pkTemplate, KeyTemplate skTemplate, String pk,
            String sk) {
        return pkTemplate.match(pk).flatMap(pkMatch -> skTemplate.match(sk).map(skMatch -> {
            Map<String, String> parts = new LinkedHashMap<>(pkMatch.shown());
            parts.putAll(skMatch.shown());
            return parts;
        }));
    }
}
