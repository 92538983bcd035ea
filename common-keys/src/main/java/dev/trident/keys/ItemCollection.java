package dev.trident.keys;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/**
 * An item collection: a partition of the table or of an index that an access pattern reads, named by what it holds,
 * declared once with the keys of its entities in its domain's declaration ({@link SocialKeys#COLLECTIONS} and the
 * like): its name, its index, what it holds and its partition key's template. The template recognises a partition
 * key value as one of its partitions and, for a collection opened by one id, builds it from the id. So a recorded
 * read (index + partition key) names its collection, and the explorer opens and shows the same collections the
 * services read ({@link dev.trident.keys.pattern.CollectionReads}). Equality is identity: each is declared once.
 */
public final class ItemCollection {

    private static final Pattern NAME = Pattern.compile("[A-Z][A-Z0-9_]*");

    private final String name;
    private final String indexName;
    private final String description;
    private final KeyTemplate partitionKey;
    private final UnaryOperator<String> idSpelling;

    private ItemCollection(String name, String indexName, String description, KeyTemplate partitionKey,
            UnaryOperator<String> idSpelling) {
        if (!NAME.matcher(Objects.requireNonNull(name, "name")).matches()) {
            throw new IllegalArgumentException("a collection's name is upper-case words joined by '_': " + name);
        }
        if (indexName != null) {
            TableSchema.requireIndex(indexName);
        }
        this.name = name;
        this.indexName = indexName;
        this.description = Objects.requireNonNull(description, "description");
        this.partitionKey = Objects.requireNonNull(partitionKey, "partitionKey");
        this.idSpelling = idSpelling;
    }

    /**
     * A collection of the table ({@code indexName} null) or of an index whose partitions {@code partitionKey} spells;
     * opened by one id when the template has one part.
     */
    public static ItemCollection of(String name, String indexName, String description, KeyTemplate partitionKey) {
        return new ItemCollection(name, indexName, description, partitionKey,
                partitionKey.isSinglePart() ? UnaryOperator.identity() : null);
    }

    /**
     * A collection opened by one id spelled in its key by {@code idSpelling} (a handle in its canonical spelling); null
     * for a collection no reader opens by its one id (a hash, a record read by its owner).
     */
    public static ItemCollection of(String name, String indexName, String description, KeyTemplate partitionKey,
            UnaryOperator<String> idSpelling) {
        return new ItemCollection(name, indexName, description, partitionKey, idSpelling);
    }

    /**
     * Every collection of the table, domain by domain in declaration order. Read from the domain declarations on
     * first use, not when this class loads: a declaration makes its collections with this class.
     */
    public static List<ItemCollection> values() {
        return Registry.ALL;
    }

    /** The collection declared under {@code name}; an {@link IllegalArgumentException} when there is none. */
    public static ItemCollection valueOf(String name) {
        for (ItemCollection collection : values()) {
            if (collection.name.equals(name)) {
                return collection;
            }
        }
        throw new IllegalArgumentException("no item collection " + name);
    }

    /** The collection's name, as the explorer and the metrics show it ({@code STUDENT_TERM}). */
    public String name() {
        return name;
    }

    /** The index this collection is a partition of; null for the table itself. */
    public String indexName() {
        return indexName;
    }

    public String description() {
        return description;
    }

    /** The spelling of this collection's partition keys, declared with its entities' keys. */
    public KeyTemplate partitionKey() {
        return partitionKey;
    }

    /** Whether one id names a partition of this collection ({@link #partition(String)}). */
    public boolean openedById() {
        return idSpelling != null;
    }

    /**
     * The partition key value of this collection for one id (an id outside the grammar is an
     * {@link InvalidKeyException}).
     */
    public String partition(String id) {
        if (!openedById()) {
            throw new IllegalStateException(this + " is not opened by one id");
        }
        return partitionKey.build(idSpelling.apply(id));
    }

    /**
     * The partition key value of this collection for these parts, in key order (an invalid part is an
     * {@link InvalidKeyException} naming it).
     */
    public String partitionOf(Object... parts) {
        return partitionKey.build(parts);
    }

    /**
     * The collection a partition key value of the table ({@code indexName} null) or of an index belongs to; empty
     * when no access pattern of the grammar reads such a partition. The templates of different collections of one
     * index spell disjoint keys, so the first that matches is the only one.
     */
    public static Optional<ItemCollection> classify(String indexName, String partition) {
        if (partition == null) {
            return Optional.empty();
        }
        for (ItemCollection collection : values()) {
            if (Objects.equals(indexName, collection.indexName) && collection.partitionKey.matches(partition)) {
                return Optional.of(collection);
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return name;
    }

    /** The domains' collections, gathered when first asked for. */
    private static final class Registry {
        static final List<ItemCollection> ALL = gather();

        private static List<ItemCollection> gather() {
            List<ItemCollection> all = new ArrayList<>();
            all.addAll(SocialKeys.COLLECTIONS);
            all.addAll(EnrollmentKeys.COLLECTIONS);
            all.addAll(WorkspaceKeys.COLLECTIONS);
            all.addAll(IdempotencyKeys.COLLECTIONS);
            all.addAll(ErasureKeys.COLLECTIONS);
            all.addAll(WorkKeys.COLLECTIONS);
            return List.copyOf(all);
        }
    }
}
