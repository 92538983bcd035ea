package dev.trident.keys;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The keys of one entity type, declared once in its domain's key class: the primary key's partition and sort key
 * templates and, for each index the entity is in, that index's key templates. {@link EntityType} reads its prefixes
 * from here and {@link KeyDecoder} reads keys back with it, so nothing else spells an entity's keys.
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

    private final KeyTemplate pk;
    private final KeyTemplate sk;
    private final List<IndexKeys> indexes;

    private EntityKeys(KeyTemplate pk, KeyTemplate sk, List<IndexKeys> indexes) {
        this.pk = Objects.requireNonNull(pk, "pk");
        this.sk = Objects.requireNonNull(sk, "sk");
        this.indexes = List.copyOf(indexes);
    }

    /** An entity whose items live under {@code pk} / {@code sk}. */
    public static EntityKeys of(KeyTemplate pk, KeyTemplate sk) {
        return new EntityKeys(pk, sk, List.of());
    }

    /** The same entity, also in {@code indexName} under {@code pk} / {@code sk}. */
    public EntityKeys index(String indexName, KeyTemplate indexPk, KeyTemplate indexSk) {
        List<IndexKeys> all = new ArrayList<>(indexes);
        all.add(new IndexKeys(indexName, indexPk, indexSk));
        return new EntityKeys(pk, sk, all);
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
