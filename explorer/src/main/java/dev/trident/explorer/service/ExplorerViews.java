package dev.trident.explorer.service;

import java.util.List;
import java.util.Map;

/** The JSON the explorer answers with. */
public final class ExplorerViews {

    private ExplorerViews() {
    }

    /** An entity the explorer opens: its slug, the key part holding its id, its collections. */
    public record EntityKind(String entity, String idPart, String tableCollection, String invertedCollection,
            boolean sharded) {
    }

    public record EntityKinds(List<EntityKind> items) {
    }

    /** Who reads a collection: one access pattern of one service, and its routes. */
    public record RouteRead(String service, String accessPattern, List<String> routes, String sortKeyPrefix,
            boolean newestFirst, boolean stronglyConsistent) {
    }

    /**
     * One partition to show: {@code view} names it in the items route ({@code table}, {@code gsi1}, {@code shard-N});
     * {@code index} is null for the table.
     */
    public record CollectionView(String view, String collection, String index, String partition, String description,
            Integer shard, List<RouteRead> readBy) {
    }

    /** What the explorer shows of an entity: its collections, each read page by page. */
    public record EntityOverview(String entity, String id, Integer shards, List<CollectionView> collections) {
    }

    /** An index key an item carries, decoded where the grammar says what it means. */
    public record IndexKeyView(String index, String pk, String sk, Map<String, String> parts) {
    }

    /** An id in a key that opens another entity's collections. */
    public record Link(String part, String entity, String id) {
    }

    /** A partition an item's key attribute names ({@code PK}, {@code GSI1PK}, ...), that the explorer opens. */
    public record PartitionRef(String attribute, String index, String partition) {
    }

    /**
     * One item: its entity type, its keys decoded, its other attributes (none that repeats a key part), its size as
     * DynamoDB counts it, the ids it links to and the partitions its keys name.
     */
    public record ItemRow(String entityType, String pk, String sk, Map<String, String> parts,
            List<IndexKeyView> indexKeys, Map<String, Object> attributes, int sizeBytes, List<Link> links,
            List<PartitionRef> partitions) {
    }

    /** One read the page made: a Query of one partition, the items it returned, the capacity it consumed. */
    public record ReadCost(String operation, String index, String partition, int items, Double capacityUnits) {
    }

    /** One page of one collection, with what reading it cost. */
    public record CollectionPage(List<ItemRow> items, String nextCursor, ReadCost read) {
    }

    /** One partition opened by its key: the collection it is, who reads it, and its first (or next) page. */
    public record PartitionPage(CollectionView collection, List<ItemRow> items, String nextCursor, ReadCost read) {
    }

    /**
     * A way into partitions without an entity id: a partition to open as it is ({@code partition} set), or a key
     * template to fill in ({@code template}, e.g. {@code TERM#<term>}).
     */
    public record PartitionEntry(String collection, String index, String partition, String template,
            String description) {
    }

    public record PartitionEntries(List<PartitionEntry> items) {
    }
}
