package dev.trident.explorer.service;

import dev.trident.explorer.rest.ExplorerViews.IndexKeyView;
import dev.trident.explorer.rest.ExplorerViews.ItemRow;
import dev.trident.explorer.rest.ExplorerViews.Link;
import dev.trident.explorer.rest.ExplorerViews.PartitionRef;
import dev.trident.keys.DecodedKey;
import dev.trident.keys.EntityType;
import dev.trident.keys.IndexKey;
import dev.trident.keys.ItemCollection;
import dev.trident.keys.KeyDecoder;
import dev.trident.keys.SocialKeys;
import dev.trident.keys.TableSchema;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

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

    static ItemRow row(Map<String, AttributeValue> item) {
        String pk = text(item.get(TableSchema.PK));
        String sk = text(item.get(TableSchema.SK));
        Optional<DecodedKey> decoded = KeyDecoder.tryDecode(pk, sk);
        String storedType = text(item.get(TableSchema.TYPE));
        String entityType = decoded.map(d -> d.type().typeName()).orElse(storedType == null ? "unknown" : storedType);
        Map<String, String> parts = decoded.map(DecodedKey::parts).orElse(Map.of());

        List<IndexKeyView> indexKeys = new ArrayList<>();
        for (String index : List.of(TableSchema.GSI1, TableSchema.GSI2)) {
            String indexPk = text(item.get(index + "PK"));
            String indexSk = text(item.get(index + "SK"));
            if (indexPk != null && indexSk != null) {
                Map<String, String> indexParts = decoded
                        .flatMap(d -> KeyDecoder.decodeIndex(d.type(), new IndexKey(index, indexPk, indexSk)))
                        .orElse(Map.of());
                indexKeys.add(new IndexKeyView(index, indexPk, indexSk, indexParts));
            }
        }
        Map<String, String> keyParts = new LinkedHashMap<>(parts);
        indexKeys.forEach(k -> k.parts().forEach(keyParts::putIfAbsent));
        return new ItemRow(entityType, pk, sk, parts, indexKeys, attributes(item, keyParts), ItemSize.of(item),
                links(parts, indexKeys), partitions(item, decoded.map(DecodedKey::type).orElse(null), parts));
    }

    /**
     * The partitions this item's keys name that the grammar reads (its own, its GSI1 and GSI2 ones), and for a month
     * of the timeline the month's posts on GSI2.
     */
    private static List<PartitionRef> partitions(Map<String, AttributeValue> item, EntityType type,
            Map<String, String> parts) {
        List<PartitionRef> refs = new ArrayList<>();
        addPartition(refs, TableSchema.PK, null, text(item.get(TableSchema.PK)));
        addPartition(refs, TableSchema.GSI1PK, TableSchema.GSI1, text(item.get(TableSchema.GSI1PK)));
        addPartition(refs, TableSchema.GSI2PK, TableSchema.GSI2, text(item.get(TableSchema.GSI2PK)));
        if (type == EntityType.TIMELINE_MONTH && parts.containsKey(KeyDecoder.MONTH)) {
            addPartition(refs, KeyDecoder.MONTH, TableSchema.GSI2, SocialKeys.timelinePartition(parts.get(KeyDecoder.MONTH)));
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
    private static Map<String, Object> attributes(Map<String, AttributeValue> item, Map<String, String> keyParts) {
        Map<String, Object> shown = new LinkedHashMap<>();
        for (String name : FIRST) {
            if (item.containsKey(name) && shown.size() < MAX_ATTRIBUTES && !repeatsKeyPart(name, item, keyParts)) {
                shown.put(name, value(item.get(name)));
            }
        }
        for (Map.Entry<String, AttributeValue> e : new TreeMap<>(item).entrySet()) {
            if (shown.size() >= MAX_ATTRIBUTES) {
                break;
            }
            if (!HIDDEN.contains(e.getKey()) && !shown.containsKey(e.getKey())
                    && !repeatsKeyPart(e.getKey(), item, keyParts)) {
                shown.put(e.getKey(), value(e.getValue()));
            }
        }
        return shown;
    }

    private static boolean repeatsKeyPart(String name, Map<String, AttributeValue> item, Map<String, String> keyParts) {
        String part = keyParts.get(name);
        if (part == null) {
            return false;
        }
        AttributeValue v = item.get(name);
        return part.equals(v.s()) || (v.n() != null && part.equals(v.n()));
    }

    /** A value short enough for one cell: strings cut at 80 characters, sets and maps summarised. */
    private static Object value(AttributeValue v) {
        if (v.s() != null) {
            return v.s().length() > MAX_TEXT ? v.s().substring(0, MAX_TEXT - 1) + "…" : v.s();
        }
        if (v.n() != null) {
            return new BigDecimal(v.n());
        }
        if (v.bool() != null) {
            return v.bool();
        }
        if (Boolean.TRUE.equals(v.nul())) {
            return null;
        }
        if (v.hasSs()) {
            return String.join(", ", v.ss());
        }
        if (v.hasNs()) {
            return String.join(", ", v.ns());
        }
        if (v.hasL()) {
            return "[" + v.l().size() + " values]";
        }
        if (v.hasM()) {
            return "{" + v.m().size() + " fields}";
        }
        return "(binary)";
    }

    private static String text(AttributeValue v) {
        return v == null ? null : v.s();
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
