package dev.trident.explorer.service;

import dev.trident.explorer.service.ExplorerViews.IndexKeyView;
import dev.trident.explorer.service.ExplorerViews.ItemRow;
import dev.trident.explorer.service.ExplorerViews.Link;
import dev.trident.explorer.service.ExplorerViews.PartitionRef;
import dev.trident.keys.DecodedKey;
import dev.trident.keys.EntityType;
import dev.trident.keys.IndexKey;
import dev.trident.keys.ItemCollection;
import dev.trident.keys.KeyDecoder;
import dev.trident.keys.Shards;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableSchema;
import dev.trident.support.dynamo.StoredItem;
import dev.trident.support.dynamo.StoredValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One stored item as the explorer shows it: entity type and parts from {@link KeyDecoder} (never a key parsed here),
 * the index keys it carries, a handful of attributes and a link for every id in its keys.
 */
final class ItemRows {

    /** Attributes shown first when an item has them; then the others by name, up to {@link #MAX_ATTRIBUTES}. */
    private static final List<String> FIRST = List.of("displayName", "name", "handle", "title", "status", "role",
            "grade", "term", "credits", "enrolledCount", "capacity", "memberCount", "seatLimit", "shards",
            "commentCount", "posts", "comments", "year", "major", "region", "enrolledOn", "body");
    private static final Set<String> HIDDEN = Set.of(TableSchema.TYPE, TableSchema.PK, TableSchema.SK,
            TableSchema.GSI1PK, TableSchema.GSI1SK, TableSchema.GSI2PK, TableSchema.GSI2SK, TableSchema.UPDATED_AT,
            TableSchema.EXPIRES_AT);
    private static final int MAX_ATTRIBUTES = 10;
    private static final int MAX_TEXT = 80;

    private ItemRows() {
    }

    static ItemRow row(StoredItem item) {
        String pk = item.text(TableSchema.PK);
        String sk = item.text(TableSchema.SK);
        Optional<DecodedKey> decoded = KeyDecoder.tryDecode(pk, sk);
        String storedType = item.text(TableSchema.TYPE);
        String entityType = decoded.map(d -> d.type().typeName()).orElse(storedType == null ? "unknown" : storedType);
        Map<String, String> parts = decoded.map(DecodedKey::parts).orElse(Map.of());

        List<IndexKeyView> indexKeys = new ArrayList<>();
        for (String index : List.of(TableSchema.GSI1, TableSchema.GSI2)) {
            String indexPk = item.text(TableSchema.partitionKeyOf(index));
            String indexSk = item.text(TableSchema.sortKeyOf(index));
            if (indexPk != null && indexSk != null) {
                Map<String, String> indexParts = decoded
                        .flatMap(d -> KeyDecoder.decodeIndex(d.type(), new IndexKey(index, indexPk, indexSk)))
                        .orElse(Map.of());
                indexKeys.add(new IndexKeyView(index, indexPk, indexSk, indexParts));
            }
        }
        Map<String, String> keyParts = new LinkedHashMap<>(parts);
        indexKeys.forEach(k -> k.parts().forEach(keyParts::putIfAbsent));
        return new ItemRow(entityType, pk, sk, parts, indexKeys, attributes(item, keyParts), item.size(),
                links(parts, indexKeys), partitions(item, decoded.map(DecodedKey::type).orElse(null), parts));
    }

    /**
     * The partitions this item's keys name that the grammar reads (its own, its GSI1 and GSI2 ones), and for a month
     * of the timeline the month's posts on GSI2: every shard a service may write (up to {@link Shards#MAX_SHARDS};
     * the explorer does not know the count social-service runs with, and a shard above it is empty).
     */
    private static List<PartitionRef> partitions(StoredItem item, EntityType type,
            Map<String, String> parts) {
        List<PartitionRef> refs = new ArrayList<>();
        addPartition(refs, TableSchema.PK, null, item.text(TableSchema.PK));
        addPartition(refs, TableSchema.GSI1PK, TableSchema.GSI1, item.text(TableSchema.GSI1PK));
        addPartition(refs, TableSchema.GSI2PK, TableSchema.GSI2, item.text(TableSchema.GSI2PK));
        if (type == EntityType.TIMELINE_MONTH && parts.containsKey(KeyDecoder.MONTH)) {
            for (int shard = 0; shard < Shards.MAX_SHARDS; shard++) {
                addPartition(refs, KeyDecoder.MONTH, TableSchema.GSI2,
                        SocialKeys.timelinePartition(parts.get(KeyDecoder.MONTH), shard, Shards.MAX_SHARDS));
            }
        }
        return refs;
    }

    private static void addPartition(List<PartitionRef> refs, String attribute, String index, String partition) {
        if (partition != null && ItemCollection.classify(index, partition).isPresent()) {
            refs.add(new PartitionRef(attribute, index, partition));
        }
    }

    private static List<Link> links(Map<String, String> parts, List<IndexKeyView> indexKeys) {
        Set<Link> links = new LinkedHashSet<>();
        addLinks(links, parts);
        indexKeys.forEach(k -> addLinks(links, k.parts()));
        return List.copyOf(links);
    }

    private static void addLinks(Set<Link> links, Map<String, String> parts) {
        parts.forEach((part, id) -> {
            for (ExplorerEntity entity : ExplorerEntity.values()) {
                if (entity.idPart().equals(part)) {
                    links.add(new Link(part, entity.slug(), id));
                }
            }
        });
    }

    /** The attributes to show, the telling ones first; none that only repeats a key part (same name, same value). */
    private static Map<String, Object> attributes(StoredItem item, Map<String, String> keyParts) {
        Map<String, Object> shown = new LinkedHashMap<>();
        for (String name : FIRST) {
            if (item.has(name) && shown.size() < MAX_ATTRIBUTES && !repeatsKeyPart(name, item, keyParts)) {
                shown.put(name, value(item.value(name)));
            }
        }
        for (String name : item.names()) {
            if (shown.size() >= MAX_ATTRIBUTES) {
                break;
            }
            if (!HIDDEN.contains(name) && !shown.containsKey(name) && !repeatsKeyPart(name, item, keyParts)) {
                shown.put(name, value(item.value(name)));
            }
        }
        return shown;
    }

    /** Whether a string or number attribute holds exactly the key part of the same name. */
    private static boolean repeatsKeyPart(String name, StoredItem item, Map<String, String> keyParts) {
        String part = keyParts.get(name);
        return part != null && part.equals(item.value(name).text());
    }

    /** A value short enough for one cell: strings cut at 80 characters, sets and maps summarised. */
    private static Object value(StoredValue v) {
        return switch (v.type()) {
            case "S" -> v.text().length() > MAX_TEXT ? v.text().substring(0, MAX_TEXT - 1) + "…" : v.text();
            case "N" -> new BigDecimal(v.text());
            case "BOOL" -> v.bool();
            case "NULL" -> null;
            case "SS", "NS" -> String.join(", ", v.elements());
            case "L" -> "[" + v.count() + " values]";
            case "M" -> "{" + v.count() + " fields}";
            default -> "(binary)";
        };
    }

    /** Entity type names, for the page's legend. */
    static List<String> typeNames() {
        List<String> names = new ArrayList<>();
        for (EntityType t : EntityType.values()) {
            names.add(t.typeName());
        }
        return names;
    }
}
