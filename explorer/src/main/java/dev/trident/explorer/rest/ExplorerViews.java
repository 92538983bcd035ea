package dev.trident.explorer.rest;

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
    public record RouteRead(String service, String accessPattern, List<String> routes) {
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

    /** One item: its entity type, its keys decoded, the attributes that say what it is, the ids it links to. */
    public record ItemRow(String entityType, String pk, String sk, Map<String, String> parts,
            List<IndexKeyView> indexKeys, Map<String, Object> attributes, List<Link> links) {
    }
}
